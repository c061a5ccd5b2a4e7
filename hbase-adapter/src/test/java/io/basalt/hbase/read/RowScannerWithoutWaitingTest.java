package io.basalt.hbase.read;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.storage.StoreOptions;
import io.basalt.storage.Table;
import io.basalt.storage.TabletStore;
import io.basalt.storage.catalog.FamilyOptions;
import io.basalt.storage.catalog.NewFamily;
import io.basalt.storage.data.Durability;
import io.basalt.storage.data.RowMutation;
import io.basalt.storage.data.RowRange;
import io.basalt.storage.data.Waiting;
import io.basalt.storage.errors.StorageException;
import io.basalt.storage.errors.WouldBlockException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.RegionInfoBuilder;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.filter.KeyOnlyFilter;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scanner opened refusing to wait, over data partly only on disk: a batch that would wait is undone and, run again
 * allowed to wait, returns exactly what it would have, from the state the scan opened on.
 */
class RowScannerWithoutWaitingTest {
  private static final Waiting REFUSED = Waiting.REFUSED;
  private static final Waiting ALLOWED = Waiting.ALLOWED;
  private static final byte[] F = toBytes("f");
  private static final int PUT = 4;
  private static final int ROWS = 200;
  private static final TableName TABLE = TableName.valueOf("t");
  private static final RegionInfo REGION = RegionInfoBuilder.newBuilder(TABLE).build();
  private static final FamilySchema SCHEMA = FamilySchema.of(TableDescriptorBuilder.newBuilder(TABLE)
      .setColumnFamily(ColumnFamilyDescriptorBuilder.of(F)).build());
  // Small blocks, so that a few rows fill one and a scan steps from a cached block into one only on disk.
  private static final FamilyOptions SMALL_BLOCKS = new FamilyOptions(FamilyOptions.Compression.NONE,
      FamilyOptions.Bloom.NONE, 4096, true, false);

  @TempDir
  Path directory;

  private TabletStore store;

  @AfterEach
  void close() {
    if (store != null) {
      store.close();
    }
  }

  @Test
  void aBatchThatWouldWaitIsUndoneAndRunsAgainAllowedToWait() throws Exception {
    Table table = tableOnDiskOnly();
    readWhereItMayWait(table, "r000", "r002"); // only the first block is cached now
    RowScanner scanner = open(table, new Scan(), REFUSED);
    assertEquals(List.of("r000", "r001"), rows(scanner.next(rows(2), REFUSED)));
    assertTrue(scanner.readsWithoutWaiting());
    assertThrows(WouldBlockException.class, () -> scanner.next(rows(100), REFUSED));
    assertFalse(scanner.readsWithoutWaiting(), "its source lost its place: only a handler goes on");
    assertThrows(WouldBlockException.class, () -> scanner.next(rows(100), REFUSED));
    // Written after the scan opened: the scan does not see them, before or after it resumes.
    table.write(put("r0015", "new"), Durability.LOG);
    table.write(put("r050", "rewritten"), Durability.LOG);
    RegionScanner.Batch second = scanner.next(rows(100), ALLOWED);
    assertEquals(expectedRows(2, 102), rows(second));
    assertEquals("x".repeat(1000), Bytes.toString(second.results().get(48).getValue(F, F)));
    assertTrue(second.moreInRegion());
    assertFalse(scanner.readsWithoutWaiting(), "it reads where it may wait from now on");
    RegionScanner.Batch rest = scanner.next(rows(1000), ALLOWED);
    assertEquals(expectedRows(102, ROWS), rows(rest));
    assertFalse(rest.moreInRegion());
    scanner.close();
  }

  @Test
  void aScanOpenedWithoutWaitingGoesOnAllowedToWaitBetweenBatches() throws Exception {
    Table table = tableAllCached();
    RowScanner scanner = open(table, new Scan().setBatch(1), REFUSED);
    assertEquals(List.of("r000", "r001", "r002"), rows(scanner.next(rows(3), REFUSED)));
    assertEquals(expectedRows(3, 10), rows(scanner.next(rows(7), ALLOWED)));
    assertFalse(scanner.readsWithoutWaiting());
    scanner.close();
  }

  @Test
  void aFilteredScanRunsOnlyItsFirstBatchWithoutWaitingAndThenGoesOnAllowedToWait() throws Exception {
    Table table = tableAllCached();
    RowScanner scanner = open(table, new Scan().setFilter(new KeyOnlyFilter()), REFUSED);
    assertTrue(scanner.readsWithoutWaiting());
    assertEquals(List.of("r000", "r001"), rows(scanner.next(rows(2), REFUSED)));
    assertFalse(scanner.readsWithoutWaiting(), "a filter's state cannot be undone");
    assertThrows(WouldBlockException.class, () -> scanner.next(rows(2), REFUSED));
    RegionScanner.Batch next = scanner.next(rows(2), ALLOWED);
    assertEquals(List.of("r002", "r003"), rows(next));
    assertEquals(0, next.results().get(0).getValue(F, F).length, "the filter still applies");
    scanner.close();
  }

  /** Table "t" with rows r000 .. r199, 1,000 bytes each, only in files: the store was reopened, its cache empty. */
  private Table tableOnDiskOnly() throws StorageException {
    store = TabletStore.open(directory, StoreOptions.defaults());
    Table table = store.createTable("t", List.of(new NewFamily(F, SMALL_BLOCKS)), List.of(), Map.of());
    for (int i = 0; i < ROWS; i++) {
      table.write(put(row(i), "x".repeat(1000)), Durability.LOG);
    }
    table.flush();
    store.close();
    store = TabletStore.open(directory, StoreOptions.defaults());
    return store.table("t").orElseThrow();
  }

  /** The same table, every block of it read into the cache. */
  private Table tableAllCached() throws IOException {
    Table table = tableOnDiskOnly();
    readWhereItMayWait(table, "", "");
    return table;
  }

  @Test
  void aBatchThatSpendsItsBudgetIsUndoneAndRunsAgainAllowedToWait() throws Exception {
    Table table = tableAllCached();
    AtomicLong cpu = new AtomicLong();
    // Every look at the thread's CPU finds another millisecond spent: the budget is gone by the first row.
    BatchBudget budget = new BatchBudget(1, () -> cpu.addAndGet(1_000_000));
    RowScanner scanner = open(table, new Scan(), budget, REFUSED);
    assertThrows(WouldBlockException.class, () -> scanner.next(rows(3), REFUSED));
    assertFalse(scanner.readsWithoutWaiting(), "its source had stepped onto the first row: only a handler goes on");
    assertEquals(List.of("r000", "r001", "r002"), rows(scanner.next(rows(3), ALLOWED)));
    scanner.close();
  }

  @Test
  void aBatchWhoseThreadWasSetAsideButSpentLittleCpuGoesOn() throws Exception {
    Table table = tableAllCached();
    // The wall clock passes the 1 ns budget at once, but the thread's CPU clock stands still.
    BatchBudget budget = new BatchBudget(1, () -> 5);
    try (RowScanner scanner = open(table, new Scan(), budget, REFUSED)) {
      assertEquals(expectedRows(0, 50), rows(scanner.next(rows(50), REFUSED)));
      assertEquals(expectedRows(50, 100), rows(scanner.next(rows(50), REFUSED)));
    }
  }

  private RowScanner open(Table table, Scan scan, Waiting waiting) throws IOException {
    // A budget no batch here comes near, so that only reads that would wait make these scans give up.
    return open(table, scan, BatchBudget.ofThreadCpu(TimeUnit.SECONDS.toNanos(60)), waiting);
  }

  private RowScanner open(Table table, Scan scan, BatchBudget budget, Waiting waiting) throws IOException {
    ReadSpec spec = ReadSpec.forScan(scan, SCHEMA, REGION, System.currentTimeMillis());
    return new RowScanner(REGION, new TabletRowSource(table.openCursor(List.of(F), RowRange.forward(
        new byte[0], new byte[0]), waiting, true)), spec, scan.getBatch(), budget);
  }

  private static void readWhereItMayWait(Table table, String start, String stop) throws IOException {
    ReadSpec spec = ReadSpec.forScan(new Scan(), SCHEMA, REGION, System.currentTimeMillis());
    try (RowScanner scanner = new RowScanner(REGION, new TabletRowSource(table.openCursor(List.of(F),
        RowRange.forward(toBytes(start), toBytes(stop)), ALLOWED, false)), spec, 0)) {
      while (scanner.next(rows(1000), ALLOWED).moreInRegion()) {
        // reading is what caches the blocks
      }
    }
  }

  private static List<String> rows(RegionScanner.Batch batch) {
    List<String> rows = new ArrayList<>();
    for (Result result : batch.results()) {
      rows.add(Bytes.toString(result.getRow()));
    }
    return rows;
  }

  private static List<String> expectedRows(int from, int to) {
    List<String> rows = new ArrayList<>();
    for (int i = from; i < to; i++) {
      rows.add(row(i));
    }
    return rows;
  }

  private static String row(int i) {
    return String.format("r%03d", i);
  }

  private static RowMutation put(String row, String value) {
    return RowMutation.forRow(toBytes(row)).add(F, F, 1, PUT, toBytes(value)).build();
  }

  private static ScanLimits rows(int most) {
    return new ScanLimits(most, Integer.MAX_VALUE, Long.MAX_VALUE, false, 0);
  }
}
