package io.basalt.hbase.region;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.hbase.compaction.TabletCompaction;
import io.basalt.hbase.read.RegionScanner;
import io.basalt.hbase.read.ScanLimits;
import io.basalt.hbase.stats.TabletRequests;
import io.basalt.hbase.testing.HeldRowLock;
import io.basalt.hbase.testing.ServedTables;
import io.basalt.hbase.write.MutationOutcome;
import io.basalt.hbase.write.NoncedMutation;
import io.basalt.storage.data.Waiting;
import io.basalt.storage.errors.WouldBlockException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.hbase.CompareOperator;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.CheckAndMutateResult;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.RowMutations;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.filter.BinaryComparator;
import org.apache.hadoop.hbase.filter.ValueFilter;
import org.apache.hadoop.hbase.regionserver.NoSuchColumnFamilyException;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a tablet's region counts toward its requests, as HBase's region counts them: a read request per Result (and
 * per get, found or not), a filtered read per row dropped, a write request per mutation of a batch whether or not it
 * applied, the mutations of a checkAndMutate only when they applied; each once, and nothing for a call that gave up
 * because it would have had to wait. Also: a disabled table's region is not compacted.
 */
class TabletRegionRequestsTest {
  private static final TableName TABLE = TableName.valueOf("t");
  private static final byte[] F = toBytes("f");
  private static final byte[] ROW = toBytes("r");

  @TempDir
  Path directory;

  private ServedTables tables;
  private Region region;
  private TabletRequests requests;

  @BeforeEach
  void setUp() throws IOException {
    tables = ServedTables.open(directory);
    // One version kept, so that a compaction has something to drop.
    tables.create(TableDescriptorBuilder.newBuilder(TABLE)
        .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(F).setMaxVersions(1).build()).build(), List.of());
    region = tables.region(TABLE, 0);
    requests = tables.requests(region);
  }

  @AfterEach
  void tearDown() {
    tables.close();
  }

  @Test
  void aGetCountsOneReadFoundOrNot() throws IOException {
    put("a", "keep");
    assertFalse(region.get(new Get(toBytes("a")), Waiting.ALLOWED).isEmpty());
    assertTrue(region.get(new Get(toBytes("missing")), Waiting.ALLOWED).isEmpty());
    assertCounts(2, 0, 1);
  }

  @Test
  void aScanCountsOneReadPerResultAndOneFilteredReadPerRowDropped() throws IOException {
    put("a", "keep");
    put("b", "drop");
    put("c", "keep");
    put("d", "drop");
    Scan scan = new Scan().setFilter(new ValueFilter(CompareOperator.EQUAL, new BinaryComparator(toBytes("keep"))));
    try (RegionScanner scanner = region.openScanner(scan, Waiting.ALLOWED)) {
      RegionScanner.Batch batch = scanner.next(limits(10), Waiting.ALLOWED);
      assertEquals(List.of("a", "c"), rows(batch));
      assertFalse(batch.moreInRegion());
    }
    // Two Results and the search past "d" that ended empty-handed, as HBase's region scanner is called three times.
    assertCounts(3, 2, 4);
  }

  @Test
  void eachBatchOfAScanCountsItsOwnResults() throws IOException {
    for (String row : List.of("a", "b", "c", "d", "e")) {
      put(row, "v");
    }
    try (RegionScanner scanner = region.openScanner(new Scan(), Waiting.ALLOWED)) {
      assertEquals(List.of("a", "b"), rows(scanner.next(limits(2), Waiting.ALLOWED)));
      assertEquals(2, requests.readRequests());
      assertEquals(List.of("c", "d", "e"), rows(scanner.next(limits(10), Waiting.ALLOWED)));
      assertEquals(5, requests.readRequests());
    }
  }

  @Test
  void everyMutationOfABatchCountsOneWriteOnceWhetherOrNotItApplied() throws IOException {
    List<MutationOutcome> outcomes = region.mutateBatch(List.of(
        nonced(new Put(toBytes("a")).addColumn(F, F, toBytes("v"))),
        nonced(new Put(toBytes("b")).addColumn(toBytes("nope"), F, toBytes("v"))),
        nonced(new Delete(toBytes("c")))), 0, Waiting.ALLOWED);
    assertNull(outcomes.get(0).error());
    assertTrue(outcomes.get(1).error() instanceof NoSuchColumnFamilyException);
    assertNull(outcomes.get(2).error());
    assertCounts(0, 0, 3);
    region.mutate(new Put(toBytes("d")).addColumn(F, F, toBytes("v")), 0, 0, Waiting.ALLOWED);
    assertCounts(0, 0, 4);
  }

  @Test
  void aRowMutationCountsEachOfItsMutationsOnce() throws IOException {
    region.mutateRow(List.of(new Put(ROW).addColumn(F, toBytes("a"), toBytes("v")),
        new Delete(ROW).addColumns(F, toBytes("b"))), 0, 0, Waiting.ALLOWED);
    assertCounts(0, 0, 2);
    assertEquals("v", Bytes.toString(region.get(new Get(ROW), Waiting.ALLOWED).getValue(F, toBytes("a"))));
  }

  @Test
  void anIncrementCountsOneWriteAndTheReadOfTheValueItAddsTo() throws IOException {
    Result result = region.mutate(new Increment(ROW).addColumn(F, F, 3), 0, 0, Waiting.ALLOWED);
    assertEquals(3, Bytes.toLong(result.getValue(F, F)));
    assertCounts(1, 0, 1);
  }

  @Test
  void aCheckAndMutateCountsItsMutationsOnlyWhenTheyApplied() throws IOException {
    put("r", "old");
    long writesBefore = requests.writeRequests();
    CheckAndMutateResult missed = region.checkAndMutate(CheckAndMutate.newBuilder(ROW)
        .ifEquals(F, F, toBytes("other")).build(new Put(ROW).addColumn(F, F, toBytes("new"))), 0, 0,
        Waiting.ALLOWED);
    assertFalse(missed.isSuccess());
    assertEquals(writesBefore, requests.writeRequests());
    assertEquals(1, requests.readRequests(), "the condition's read");

    RowMutations both = new RowMutations(ROW).add(List.of(new Put(ROW).addColumn(F, F, toBytes("new")),
        new Put(ROW).addColumn(F, toBytes("q2"), toBytes("also"))));
    CheckAndMutateResult applied = region.checkAndMutate(CheckAndMutate.newBuilder(ROW)
        .ifEquals(F, F, toBytes("old")).build(both), 0, 0, Waiting.ALLOWED);
    assertTrue(applied.isSuccess());
    assertEquals(writesBefore + 2, requests.writeRequests());
    assertEquals(2, requests.readRequests());
    assertEquals("new", Bytes.toString(region.get(new Get(ROW), Waiting.ALLOWED).getValue(F, F)));
  }

  @Test
  void aWriteThatWouldHaveWaitedCountsNothingAndRunAgainCountsOnce() throws Exception {
    Put put = new Put(ROW).addColumn(F, F, toBytes("v"));
    try (HeldRowLock ignored = HeldRowLock.hold(tables.ddl().tables().require(TABLE).storage(), ROW)) {
      assertThrows(WouldBlockException.class, () -> region.mutate(put, 0, 0, Waiting.REFUSED));
      assertThrows(WouldBlockException.class, () -> region.mutateRow(List.of(put), 0, 0, Waiting.REFUSED));
      assertThrows(WouldBlockException.class, () -> region.checkAndMutate(CheckAndMutate.newBuilder(ROW)
          .ifNotExists(F, F).build(put), 0, 0, Waiting.REFUSED));
    }
    // A batch of several is never tried without waiting: it could stop half applied.
    assertThrows(WouldBlockException.class, () -> region.mutateBatch(List.of(nonced(put),
        nonced(new Put(toBytes("s")).addColumn(F, F, toBytes("v")))), 0, Waiting.REFUSED));
    assertCounts(0, 0, 0);
    assertTrue(region.get(new Get(ROW), Waiting.ALLOWED).isEmpty());
    region.mutate(put, 0, 0, Waiting.ALLOWED);
    assertCounts(1, 0, 1);
  }

  @Test
  void aDisabledTablesRegionIsNotCompactedAndIsOnceEnabledAgain() throws IOException {
    region.mutate(new Put(ROW).addColumn(F, F, 1, toBytes("v1")), 0, 0, Waiting.ALLOWED);
    region.mutate(new Put(ROW).addColumn(F, F, 2, toBytes("v2")), 0, 0, Waiting.ALLOWED);
    region.mutate(new Delete(ROW).addColumns(F, F, 2), 0, 0, Waiting.ALLOWED);
    // Disabling flushes as HBase's closing region does: the flush drops the puts the marker hides and keeps the
    // marker, which only a major compaction drops.
    tables.ddl().disable(TABLE);
    Region disabled = tables.region(TABLE, 0);
    assertEquals(Optional.empty(), disabled.compact(true, null, () -> false));
    tables.ddl().enable(TABLE);
    region = tables.region(TABLE, 0);
    assertEquals(1, rawCells(), "the disabled region's delete marker was left alone");
    Optional<TabletCompaction.Outcome> outcome = region.compact(true, null, () -> false);
    assertTrue(outcome.isPresent());
    assertEquals(1, outcome.get().cellsErased());
    assertEquals(0, rawCells());
    assertTrue(region.get(new Get(ROW), Waiting.ALLOWED).isEmpty());
  }

  /** Every cell of {@link #ROW} stored, delete markers and versions beyond the family's limit included. */
  private int rawCells() throws IOException {
    try (RegionScanner scanner = region.openScanner(new Scan().setRaw(true).readAllVersions(), Waiting.ALLOWED)) {
      RegionScanner.Batch batch = scanner.next(limits(10), Waiting.ALLOWED);
      assertNotNull(batch);
      return batch.results().isEmpty() ? 0 : batch.results().get(0).size();
    }
  }

  private void put(String row, String value) throws IOException {
    region.mutate(new Put(toBytes(row)).addColumn(F, F, toBytes(value)), 0, 0, Waiting.ALLOWED);
    requests = tables.requests(region);
  }

  private void assertCounts(long reads, long filteredReads, long writes) {
    assertEquals(reads, requests.readRequests(), "read requests");
    assertEquals(filteredReads, requests.filteredReadRequests(), "filtered read requests");
    assertEquals(writes, requests.writeRequests(), "write requests");
  }

  private static NoncedMutation nonced(org.apache.hadoop.hbase.client.Mutation mutation) {
    return new NoncedMutation(mutation, 0);
  }

  private static List<String> rows(RegionScanner.Batch batch) {
    return batch.results().stream().map(result -> Bytes.toString(result.getRow())).toList();
  }

  private static ScanLimits limits(int rows) {
    return new ScanLimits(rows, Integer.MAX_VALUE, Long.MAX_VALUE, false, 0);
  }
}
