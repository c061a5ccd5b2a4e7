package io.basalt.hbase.write;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.hbase.region.Region;
import io.basalt.hbase.testing.ServedTables;
import io.basalt.storage.data.Waiting;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Append;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.exceptions.FailedSanityCheckException;
import org.apache.hadoop.hbase.regionserver.NoSuchColumnFamilyException;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A batch of independent mutations, as HBase applies one: in row order keeping the given order within a row, Puts
 * and Deletes gathered into one write that reads the rows as they were before it, each Increment or Append after
 * what came before it; every mutation answered at its own place, a bad one failing alone; cells over the server's
 * limit refused, whether a client sent them or an Append would make them.
 */
class RegionWriterBatchTest {
  private static final TableName TABLE = TableName.valueOf("t");
  private static final byte[] F = toBytes("f");
  private static final byte[] Q = toBytes("q");
  private static final byte[] COUNTER = toBytes("n");
  /** Small enough to reach with a test's values: a cell of row, family and qualifier of a byte each is 27 + value. */
  private static final long MAX_CELL_BYTES = 200;

  @TempDir
  Path directory;

  private ServedTables tables;
  private Region region;
  private RegionWriter writer;

  @BeforeEach
  void setUp() throws IOException {
    tables = ServedTables.open(directory, MAX_CELL_BYTES);
    tables.create(TABLE, List.of(toBytes("m")), F);
    region = tables.region(TABLE, 0);
    writer = RegionWriters.over(tables, TABLE, 0, tables.writePolicy());
  }

  @AfterEach
  void tearDown() {
    tables.close();
  }

  @Test
  void eachMutationIsAnsweredAtItsOwnPlaceWhileRowsAreAppliedInOrder() throws IOException {
    List<MutationOutcome> outcomes = batch(
        new Put(toBytes("c")).addColumn(F, COUNTER, toBytes(10L)),
        new Increment(toBytes("a")).addColumn(F, COUNTER, 5),
        new Put(toBytes("b")).addColumn(F, Q, toBytes("b")),
        new Increment(toBytes("c")).addColumn(F, COUNTER, 1));
    assertApplied(outcomes);
    assertEquals(5, Bytes.toLong(outcomes.get(1).result().getValue(F, COUNTER)));
    assertTrue(outcomes.get(2).result().isEmpty(), "a Put answers an empty result");
    assertEquals(11, Bytes.toLong(outcomes.get(3).result().getValue(F, COUNTER)),
        "the Increment came after the Put of its row");
    assertEquals("b", value("b", Q));
  }

  @Test
  void withinARowTheGivenOrderIsKept() throws IOException {
    List<MutationOutcome> outcomes = batch(
        new Increment(toBytes("c")).addColumn(F, COUNTER, 1),
        new Put(toBytes("a")).addColumn(F, Q, toBytes("a")),
        new Put(toBytes("c")).addColumn(F, COUNTER, toBytes(10L)));
    assertApplied(outcomes);
    assertEquals(1, Bytes.toLong(outcomes.get(0).result().getValue(F, COUNTER)), "nothing to add to yet");
    // Both cells carry the server's time; the Put, given after the Increment, is written after it.
    assertEquals(10, Bytes.toLong(region.get(new Get(toBytes("c")), Waiting.ALLOWED).getValue(F, COUNTER)));
  }

  @Test
  void anIncrementSeesThePutsAndDeletesBeforeIt() throws IOException {
    assertApplied(batch(new Put(toBytes("k")).addColumn(F, COUNTER, 1, toBytes(100L))));
    List<MutationOutcome> outcomes = batch(
        new Delete(toBytes("k")).addColumn(F, COUNTER, 1),
        new Increment(toBytes("k")).addColumn(F, COUNTER, 1),
        new Put(toBytes("k")).addColumn(F, COUNTER, 2, toBytes(40L)),
        new Increment(toBytes("k")).addColumn(F, COUNTER, 2));
    assertApplied(outcomes);
    assertEquals(1, Bytes.toLong(outcomes.get(1).result().getValue(F, COUNTER)), "the old value was deleted");
    // The Put at 2 is older than the first Increment's cell, written at the server's time.
    assertEquals(3, Bytes.toLong(outcomes.get(3).result().getValue(F, COUNTER)));
    tables.clock().advance(10); // past the second Increment's cell, stamped a millisecond after the first
    assertApplied(outcomes = batch(
        new Put(toBytes("k")).addColumn(F, COUNTER, toBytes(40L)),
        new Increment(toBytes("k")).addColumn(F, COUNTER, 2)));
    assertEquals(42, Bytes.toLong(outcomes.get(1).result().getValue(F, COUNTER)));
  }

  @Test
  void putsAndDeletesGatheredTogetherReadTheRowAsItWasBeforeThem() throws IOException {
    assertApplied(batch(new Put(toBytes("k")).addColumn(F, Q, 100, toBytes("old"))));
    // Gathered into one write, the Delete of the latest version targets what was latest before the batch (as in an
    // HBase mini-batch), not the Put beside it.
    assertApplied(batch(
        new Put(toBytes("k")).addColumn(F, Q, toBytes("new")),
        new Delete(toBytes("k")).addColumn(F, Q)));
    List<Cell> versions = region.get(new Get(toBytes("k")).readAllVersions(), Waiting.ALLOWED).listCells();
    assertEquals(1, versions.size());
    assertEquals("new", Bytes.toString(versions.get(0).getValueArray(), versions.get(0).getValueOffset(),
        versions.get(0).getValueLength()));
    assertEquals(tables.clock().millis(), versions.get(0).getTimestamp());
  }

  @Test
  void aBadMutationFailsAloneAndTheOthersApply() throws IOException {
    assertApplied(batch(new Put(toBytes("c")).addColumn(F, Q, toBytes("text"))));
    List<MutationOutcome> outcomes = batch(
        new Put(toBytes("a")).addColumn(F, Q, toBytes("a")),
        new Put(toBytes("b")).addColumn(toBytes("nope"), Q, toBytes("b")),
        new Increment(toBytes("c")).addColumn(F, Q, 1),
        new Put(toBytes("d")).addColumn(F, Q, toBytes("d")),
        new Delete(toBytes("e")).addFamily(toBytes("nope")),
        new Increment(toBytes("f")).addColumn(toBytes("nope"), Q, 1),
        new Append(toBytes("g")).addColumn(toBytes("nope"), Q, toBytes("g")));
    assertNull(outcomes.get(0).error());
    assertInstanceOf(NoSuchColumnFamilyException.class, outcomes.get(1).error());
    assertInstanceOf(DoNotRetryIOException.class, outcomes.get(2).error(), "adding to a value that is no long");
    assertNull(outcomes.get(3).error());
    assertInstanceOf(NoSuchColumnFamilyException.class, outcomes.get(4).error());
    assertInstanceOf(NoSuchColumnFamilyException.class, outcomes.get(5).error());
    assertInstanceOf(NoSuchColumnFamilyException.class, outcomes.get(6).error());
    assertEquals("a", value("a", Q));
    assertTrue(region.get(new Get(toBytes("b")), Waiting.ALLOWED).isEmpty());
    assertEquals("text", value("c", Q));
    assertEquals("d", value("d", Q));
  }

  @Test
  void aMutationOfARowOutsideTheTabletFailsAloneAsAFailedSanityCheck() throws IOException {
    // As in HBase's batchMutate: a row of another region is a sanity check failure, which clients do not retry.
    List<MutationOutcome> outcomes = batch(
        new Put(toBytes("a")).addColumn(F, Q, toBytes("a")),
        new Put(toBytes("x")).addColumn(F, Q, toBytes("x")),
        new Increment(toBytes("y")).addColumn(F, COUNTER, 1));
    assertNull(outcomes.get(0).error());
    assertInstanceOf(FailedSanityCheckException.class, outcomes.get(1).error());
    assertInstanceOf(FailedSanityCheckException.class, outcomes.get(2).error());
    assertEquals("a", value("a", Q));
    assertTrue(tables.region(TABLE, 1).get(new Get(toBytes("x")), Waiting.ALLOWED).isEmpty());
    assertTrue(tables.region(TABLE, 1).get(new Get(toBytes("y")), Waiting.ALLOWED).isEmpty());
  }

  @Test
  void aCellOverTheLimitIsRefusedAndOneAtTheLimitIsWritten() throws IOException {
    List<MutationOutcome> outcomes = batch(
        new Put(toBytes("a")).addColumn(F, Q, new byte[(int) MAX_CELL_BYTES - 27]),
        new Put(toBytes("b")).addColumn(F, Q, new byte[(int) MAX_CELL_BYTES - 26]),
        new Delete(toBytes("c")));
    assertNull(outcomes.get(0).error());
    assertInstanceOf(DoNotRetryIOException.class, outcomes.get(1).error());
    assertTrue(outcomes.get(1).error().getMessage().contains("exceeds limit of 200 bytes"),
        outcomes.get(1).error().getMessage());
    assertNull(outcomes.get(2).error());
    assertEquals(MAX_CELL_BYTES - 27, region.get(new Get(toBytes("a")), Waiting.ALLOWED).getValue(F, Q).length);
    assertTrue(region.get(new Get(toBytes("b")), Waiting.ALLOWED).isEmpty());
  }

  @Test
  void anAppendThatWouldGrowACellPastTheLimitIsRefusedAndTheCellKept() throws IOException {
    assertApplied(batch(new Put(toBytes("a")).addColumn(F, Q, new byte[150])));
    List<MutationOutcome> outcomes = batch(
        new Append(toBytes("a")).addColumn(F, Q, new byte[23]),
        new Append(toBytes("a")).addColumn(F, Q, new byte[1]));
    assertNull(outcomes.get(0).error(), "150 + 23 bytes is a cell of exactly 200");
    assertInstanceOf(DoNotRetryIOException.class, outcomes.get(1).error());
    assertEquals(173, region.get(new Get(toBytes("a")), Waiting.ALLOWED).getValue(F, Q).length);
  }

  private List<MutationOutcome> batch(Mutation... mutations) throws IOException {
    List<NoncedMutation> nonced = new ArrayList<>();
    for (Mutation mutation : mutations) {
      nonced.add(new NoncedMutation(mutation, 0));
    }
    List<MutationOutcome> outcomes = writer.batch(nonced, 0, Waiting.ALLOWED);
    assertEquals(mutations.length, outcomes.size(), Arrays.toString(mutations));
    return outcomes;
  }

  private static void assertApplied(List<MutationOutcome> outcomes) {
    for (MutationOutcome outcome : outcomes) {
      assertNull(outcome.error());
    }
  }

  private String value(String row, byte[] qualifier) throws IOException {
    Result result = region.get(new Get(toBytes(row)), Waiting.ALLOWED);
    return Bytes.toString(result.getValue(F, qualifier));
  }
}
