package io.basalt.hbase.write;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.hbase.region.Region;
import io.basalt.hbase.testing.HeldRowLock;
import io.basalt.hbase.testing.ServedTables;
import io.basalt.storage.data.Waiting;
import io.basalt.storage.errors.WouldBlockException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Durability;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A writer told not to wait ({@link Waiting#REFUSED}) gives up where it would wait, having written, read and
 * recorded nothing: an fsync (the mutation's durability, else its table's) before it even takes the row lock, a
 * batch of several mutations before anything (it could stop half applied), a row lock held by another writer. Run
 * again allowed to wait, the same call does what it would have done, once.
 */
class RegionWriterWithoutWaitingTest {
  private static final TableName TABLE = TableName.valueOf("t");
  private static final TableName FSYNCED = TableName.valueOf("fsynced");
  private static final byte[] F = toBytes("f");
  private static final byte[] ROW = toBytes("r");
  private static final byte[] Q = toBytes("q");

  @TempDir
  Path directory;

  private ServedTables tables;
  private Region region;
  private RegionWriter writer;

  @BeforeEach
  void setUp() throws IOException {
    tables = ServedTables.open(directory);
    tables.create(TABLE, List.of(), F);
    tables.create(TableDescriptorBuilder.newBuilder(FSYNCED).setDurability(Durability.FSYNC_WAL)
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of(F)).build(), List.of());
    region = tables.region(TABLE, 0);
    writer = RegionWriters.over(tables, TABLE, 0, tables.writePolicy());
  }

  @AfterEach
  void tearDown() {
    tables.close();
  }

  @Test
  void anFsyncIsRefusedBeforeTheRowLockIsTakenOrTheRowRead() throws Exception {
    Increment increment = new Increment(ROW).addColumn(F, Q, 1);
    increment.setDurability(Durability.FSYNC_WAL);
    try (HeldRowLock ignored = HeldRowLock.hold(tables.ddl().tables().require(TABLE).storage(), ROW)) {
      assertRefusedFor("fsync", () -> batch(Waiting.REFUSED, increment));
      assertRefusedFor("fsync", () -> writer.mutateRow(List.of(increment), 0, 0, Waiting.REFUSED));
    }
    assertEquals(0, tables.requests(region).readRequests(), "the counter's value was not read");
    assertEquals(1, Bytes.toLong(batch(Waiting.ALLOWED, increment).getValue(F, Q)));
  }

  @Test
  void aTableThatFsyncsIsRefusedUnlessTheMutationAsksForLess() throws IOException {
    RegionWriter fsynced = RegionWriters.over(tables, FSYNCED, 0, tables.writePolicy());
    Put byDefault = new Put(ROW).addColumn(F, Q, toBytes("default"));
    assertRefusedFor("fsync", () -> fsynced.batch(List.of(new NoncedMutation(byDefault, 0)), 0, Waiting.REFUSED));
    Put skipping = new Put(ROW).addColumn(F, toBytes("skip"), toBytes("skip"));
    skipping.setDurability(Durability.SKIP_WAL);
    Put async = new Put(ROW).addColumn(F, toBytes("async"), toBytes("async"));
    async.setDurability(Durability.ASYNC_WAL);
    assertNull(fsynced.batch(List.of(new NoncedMutation(skipping, 0)), 0, Waiting.REFUSED).get(0).error());
    assertNull(fsynced.batch(List.of(new NoncedMutation(async, 0)), 0, Waiting.REFUSED).get(0).error());
    // A row's mutations are written together, as durably as the most durable of them asks.
    assertRefusedFor("fsync", () -> fsynced.mutateRow(List.of(skipping, byDefault), 0, 0, Waiting.REFUSED));
    Result row = tables.region(FSYNCED, 0).get(new Get(ROW), Waiting.ALLOWED);
    assertEquals(List.of("async", "skip"), row.listCells().stream()
        .map(cell -> Bytes.toString(cell.getQualifierArray(), cell.getQualifierOffset(), cell.getQualifierLength()))
        .toList());
    fsynced.mutateRow(List.of(skipping, byDefault), 0, 0, Waiting.ALLOWED);
    assertEquals("default", Bytes.toString(tables.region(FSYNCED, 0).get(new Get(ROW), Waiting.ALLOWED)
        .getValue(F, Q)));
  }

  @Test
  void aBatchOfSeveralMutationsIsRefusedWithNothingWritten() throws IOException {
    Put first = new Put(ROW).addColumn(F, Q, toBytes("first"));
    Put second = new Put(toBytes("s")).addColumn(F, Q, toBytes("second"));
    assertRefusedFor("a batch of 2 mutations", () -> batch(Waiting.REFUSED, first, second));
    assertTrue(region.get(new Get(ROW), Waiting.ALLOWED).isEmpty());
    assertTrue(region.get(new Get(toBytes("s")), Waiting.ALLOWED).isEmpty());
    batch(Waiting.ALLOWED, first, second);
    assertEquals("second", Bytes.toString(region.get(new Get(toBytes("s")), Waiting.ALLOWED).getValue(F, Q)));
  }

  @Test
  void aHeldRowLockIsRefusedWithNothingWrittenAndNoNonceRecorded() throws Exception {
    Increment increment = new Increment(ROW).addColumn(F, Q, 5);
    Put put = new Put(ROW).addColumn(F, toBytes("p"), toBytes("p"));
    try (HeldRowLock ignored = HeldRowLock.hold(tables.ddl().tables().require(TABLE).storage(), ROW)) {
      assertRefusedFor("row lock", () -> writer.batch(List.of(new NoncedMutation(increment, 9)), 1,
          Waiting.REFUSED));
      assertRefusedFor("row lock", () -> batch(Waiting.REFUSED, put));
      assertRefusedFor("row lock", () -> writer.mutateRow(List.of(put, increment), 1, 10, Waiting.REFUSED));
    }
    assertTrue(region.get(new Get(ROW), Waiting.ALLOWED).isEmpty());
    // The lock is free now: refusing to wait is no obstacle. Had the attempt recorded the nonce, this would be
    // answered as a retry and not applied.
    MutationOutcome outcome = writer.batch(List.of(new NoncedMutation(increment, 9)), 1, Waiting.REFUSED).get(0);
    assertEquals(5, Bytes.toLong(outcome.result().getValue(F, Q)));
    assertEquals(10, Bytes.toLong(writer.mutateRow(List.of(put, increment), 1, 10, Waiting.REFUSED)
        .getValue(F, Q)));
    assertEquals("p", Bytes.toString(region.get(new Get(ROW), Waiting.ALLOWED).getValue(F, toBytes("p"))));
  }

  private Result batch(Waiting waiting, Mutation... mutations) throws IOException {
    List<NoncedMutation> nonced = Arrays.stream(mutations).map(m -> new NoncedMutation(m, 0)).toList();
    List<MutationOutcome> outcomes = writer.batch(nonced, 0, waiting);
    for (MutationOutcome outcome : outcomes) {
      assertNull(outcome.error());
    }
    return outcomes.get(0).result();
  }

  private static void assertRefusedFor(String reason, ThrowingCall call) {
    WouldBlockException refused = assertThrows(WouldBlockException.class, call::run);
    assertTrue(refused.getMessage().contains(reason), refused.getMessage());
  }

  @FunctionalInterface
  private interface ThrowingCall {
    void run() throws IOException;
  }
}
