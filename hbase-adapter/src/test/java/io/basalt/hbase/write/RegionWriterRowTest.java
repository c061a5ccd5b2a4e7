package io.basalt.hbase.write;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.hbase.region.Region;
import io.basalt.hbase.testing.ServedTables;
import io.basalt.storage.data.Waiting;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Append;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.regionserver.NoSuchColumnFamilyException;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Mutations of one row applied together (mutateRow) land all or not at all, across families, and answer the new
 * cells of their counters; and an Increment or Append retried under the nonce it was applied with is not applied
 * again but answered, as HBase answers it, with the columns' current values, for as long as the nonce is remembered.
 */
class RegionWriterRowTest {
  private static final TableName TABLE = TableName.valueOf("t");
  private static final byte[] F = toBytes("f");
  private static final byte[] G = toBytes("g");
  private static final byte[] ROW = toBytes("r");
  private static final byte[] Q = toBytes("q");
  private static final byte[] COUNTER = toBytes("n");
  private static final long NONCE_GROUP = 3;
  private static final long NONCE = 7;

  @TempDir
  Path directory;

  private ServedTables tables;
  private Region region;
  private RegionWriter writer;

  @BeforeEach
  void setUp() throws IOException {
    tables = ServedTables.open(directory);
    tables.create(TABLE, List.of(), F, G);
    region = tables.region(TABLE, 0);
    writer = RegionWriters.over(tables, TABLE, 0, tables.writePolicy());
  }

  @AfterEach
  void tearDown() {
    tables.close();
  }

  @Test
  void mutationsOfSeveralFamiliesLandTogether() throws IOException {
    mutateRow(new Put(ROW).addColumn(F, toBytes("old"), toBytes("old")));
    assertNull(mutateRow(
        new Put(ROW).addColumn(F, Q, toBytes("f")),
        new Put(ROW).addColumn(G, Q, toBytes("g")),
        new Delete(ROW).addColumns(F, toBytes("old"))), "no counters: no result");
    Result row = get();
    assertEquals("f", Bytes.toString(row.getValue(F, Q)));
    assertEquals("g", Bytes.toString(row.getValue(G, Q)));
    assertNull(row.getValue(F, toBytes("old")));
  }

  @Test
  void aBadMutationLeavesTheRowAsItWas() throws IOException {
    mutateRow(new Put(ROW).addColumn(F, Q, toBytes("text")));
    assertThrows(NoSuchColumnFamilyException.class, () -> mutateRow(
        new Put(ROW).addColumn(G, Q, toBytes("lost")),
        new Put(ROW).addColumn(toBytes("nope"), Q, toBytes("lost"))));
    assertThrows(DoNotRetryIOException.class, () -> mutateRow(
        new Put(ROW).addColumn(G, Q, toBytes("lost")),
        new Increment(ROW).addColumn(F, Q, 1)), "adding to a value that is no long");
    assertThrows(DoNotRetryIOException.class, () -> mutateRow(
        new Put(ROW).addColumn(G, Q, toBytes("lost")),
        new Put(toBytes("other")).addColumn(G, Q, toBytes("lost"))), "another row");
    assertThrows(DoNotRetryIOException.class, () -> mutateRow(
        new Put(ROW).addColumn(G, Q, toBytes("lost")),
        new Put(ROW).addColumn(F, toBytes("big"), new byte[(int) ServedTables.DEFAULT_MAX_CELL_BYTES])));
    Result row = get();
    assertEquals(1, row.size(), row.toString());
    assertEquals("text", Bytes.toString(row.getValue(F, Q)));
  }

  @Test
  void theNewCellsOfItsCountersAreAnsweredInOrder() throws IOException {
    mutateRow(new Put(ROW).addColumn(F, COUNTER, toBytes(40L)).addColumn(G, Q, toBytes("ab")));
    Result result = mutateRow(
        new Append(ROW).addColumn(G, Q, toBytes("c")),
        new Put(ROW).addColumn(F, toBytes("p"), toBytes("p")),
        new Increment(ROW).addColumn(F, COUNTER, 2));
    List<Cell> cells = result.listCells();
    assertEquals(2, cells.size(), result.toString());
    assertEquals("abc", Bytes.toString(CellUtil.cloneValue(cells.get(0))));
    assertEquals(42, Bytes.toLong(CellUtil.cloneValue(cells.get(1))));
    assertEquals("p", Bytes.toString(get().getValue(F, toBytes("p"))));
  }

  @Test
  void countersOfARowAreComputedFromTheRowAsItWasBeforeThem() throws IOException {
    mutateRow(new Put(ROW).addColumn(F, COUNTER, toBytes(40L)));
    // All are computed against the row before the call, then written in one batch: the Put does not feed the sum.
    Result result = mutateRow(
        new Put(ROW).addColumn(F, COUNTER, toBytes(1000L)),
        new Increment(ROW).addColumn(F, COUNTER, 2));
    assertEquals(42, Bytes.toLong(result.getValue(F, COUNTER)));
    assertEquals(42, Bytes.toLong(get().getValue(F, COUNTER)), "the Increment's cell is a millisecond newer");
  }

  @Test
  void aRetriedIncrementIsAppliedOnceAndAnsweredWithTheCurrentValue() throws IOException {
    Increment increment = new Increment(ROW).addColumn(F, COUNTER, 5);
    assertEquals(5, counter(batchNonced(increment, NONCE_GROUP, NONCE)));
    assertEquals(5, counter(batchNonced(increment, NONCE_GROUP, NONCE)), "a retry is not applied again");
    tables.clock().advance(10);
    mutateRow(new Put(ROW).addColumn(F, COUNTER, toBytes(100L)));
    assertEquals(100, counter(batchNonced(increment, NONCE_GROUP, NONCE)),
        "a retry answers what the column holds now, as HBase turns it into a Get");
    assertEquals(100, counter(get()));
    assertEquals(105, counter(batchNonced(increment, NONCE_GROUP + 1, NONCE)), "another client's nonce");
    assertEquals(110, counter(batchNonced(increment, 0, 0)), "no nonce, no protection");
    assertEquals(110, counter(get()));
  }

  @Test
  void aRetriedAppendIsAppliedOnceAndOneThatWantsNoResultGetsNone() throws IOException {
    Append append = new Append(ROW).addColumn(G, Q, toBytes("x"));
    assertEquals("x", Bytes.toString(batchNonced(append, NONCE_GROUP, NONCE).getValue(G, Q)));
    assertEquals("x", Bytes.toString(batchNonced(append, NONCE_GROUP, NONCE).getValue(G, Q)));
    Append quiet = new Append(ROW).addColumn(G, Q, toBytes("y"));
    quiet.setReturnResults(false);
    assertTrue(batchNonced(quiet, NONCE_GROUP, NONCE + 1).isEmpty());
    assertTrue(batchNonced(quiet, NONCE_GROUP, NONCE + 1).isEmpty());
    assertEquals("xy", Bytes.toString(get().getValue(G, Q)));
  }

  @Test
  void aRetriedRowMutationAppliesItsPutsAgainButNotItsCounters() throws IOException {
    List<Mutation> mutations = List.of(new Put(ROW).addColumn(G, Q, toBytes("put")),
        new Increment(ROW).addColumn(F, COUNTER, 1));
    assertEquals(1, counter(writer.mutateRow(mutations, NONCE_GROUP, NONCE, Waiting.ALLOWED)));
    mutateRow(new Delete(ROW).addColumns(G, Q));
    tables.clock().advance(10);
    // As HBase's batchMutate: the nonce stops the Increment only; the Put is written again.
    assertEquals(1, counter(writer.mutateRow(mutations, NONCE_GROUP, NONCE, Waiting.ALLOWED)));
    Result row = get();
    assertEquals(1, counter(row));
    assertEquals("put", Bytes.toString(row.getValue(G, Q)));
  }

  @Test
  void aNonceIsForgottenAfterThirtyMinutes() throws IOException {
    Increment increment = new Increment(ROW).addColumn(F, COUNTER, 5);
    batchNonced(increment, NONCE_GROUP, NONCE);
    tables.clock().advance(TimeUnit.MINUTES.toMillis(29));
    assertEquals(5, counter(batchNonced(increment, NONCE_GROUP, NONCE)), "within HBase's grace period");
    tables.clock().advance(TimeUnit.MINUTES.toMillis(2));
    assertEquals(10, counter(batchNonced(increment, NONCE_GROUP, NONCE)));
  }

  private Result mutateRow(Mutation... mutations) throws IOException {
    return writer.mutateRow(List.of(mutations), 0, 0, Waiting.ALLOWED);
  }

  private Result batchNonced(Mutation mutation, long nonceGroup, long nonce) throws IOException {
    MutationOutcome outcome = writer.batch(List.of(new NoncedMutation(mutation, nonce)), nonceGroup,
        Waiting.ALLOWED).get(0);
    assertNull(outcome.error());
    return outcome.result();
  }

  private Result get() throws IOException {
    return region.get(new Get(ROW), Waiting.ALLOWED);
  }

  private static long counter(Result result) {
    return Bytes.toLong(result.getValue(F, COUNTER));
  }
}
