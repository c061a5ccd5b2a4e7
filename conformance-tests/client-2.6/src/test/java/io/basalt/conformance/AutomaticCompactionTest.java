package io.basalt.conformance;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.CompactionState;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Overwritten versions leave the store without anyone asking, as HBase's minor compactions drop them: a region is
 * compacted once the cells written to it since its last compaction reach both {@code
 * basalt.compaction.min.written.cells} and the cells that compaction kept. Being minor, those compactions keep
 * delete markers. A split or merge hands the cells written to its parents on to the new regions. Read back through
 * raw scans, which show every stored cell and marker.
 */
class AutomaticCompactionTest {
  private static final int MIN_CELLS = 100;

  @RegisterExtension
  static final ConnectedBasalt BASALT = new ConnectedBasalt(Map.of(
      "basalt.compaction.check.period.ms", "100",
      "basalt.compaction.min.written.cells", String.valueOf(MIN_CELLS),
      "hbase.hregion.majorcompaction", "0"));

  private static final byte[] F = toBytes("f");
  private static final byte[] Q = toBytes("q");
  /** A table only {@link #awaitACheckOfEveryRegion} writes to. */
  private static final TableName SENTINEL = TableName.valueOf("sentinel");
  private static long sentinelVersions;

  @BeforeAll
  static void createSentinel() throws Exception {
    BASALT.admin().createTable(descriptor(SENTINEL));
  }

  @Test
  void overwrittenVersionsAreDroppedOnceEnoughCellsAreWritten() throws Exception {
    TableName name = create("overwritten");
    try (Table table = BASALT.connection().getTable(name)) {
      int rows = 40;
      table.put(puts(rows, 1));
      table.put(puts(rows, 2));
      table.delete(new Delete(row(0)).addColumns(F, Q, 3)); // also hides the put at 3 below
      table.put(puts(rows, 3)); // 121 cells written: due
      awaitRawCells(table, rows, "hidden versions of " + rows + " rows compacted away");

      List<String> cells = RawCells.of(table);
      assertEquals("row000/f:q/3/DeleteColumn", cells.get(0), "a minor compaction keeps delete markers");
      assertEquals(0, BASALT.admin().getLastMajorCompactionTimestamp(name), "the compaction was a minor one");
      assertTrue(table.get(new Get(row(0))).isEmpty());
      assertValues(table, 1, rows, "v3");
    }
  }

  @Test
  void aRegionIsNotCompactedUntilItsWritesReachTheFloorAndWhatItsLastCompactionKept() throws Exception {
    TableName name = create("paced");
    try (Table table = BASALT.connection().getTable(name)) {
      int rows = 150;
      table.put(puts(rows, 1));
      table.put(puts(rows, 2)); // 300 cells written: due, and the compaction keeps 150
      awaitRawCells(table, rows, "the first compaction");
      // A compaction that started between the two batches and saw both leaves the second due again: let it run.
      awaitACheckOfEveryRegion();
      awaitNoCompaction(name);

      table.put(puts(100, 3)); // 100 cells since: the floor, but fewer than the 150 kept
      awaitACheckOfEveryRegion();
      assertNotCompacted(name, table, rows + 100, "fewer cells were written than the last compaction kept");

      table.put(puts(50, 4)); // 150 since
      awaitRawCells(table, rows, "the second compaction");
    }
  }

  /**
   * Switched off, the server ignores a request to compact a due table, as HBase does, and compacts it on its own once
   * switched back on. (That its periodic checks queue nothing while switched off is CompactionQueueTest's: nothing a
   * client sees tells when such a check has run.)
   */
  @Test
  void switchedOffCompactionsDoNotStartUntilSwitchedOn() throws Exception {
    TableName name = create("switched_off");
    try (Table table = BASALT.connection().getTable(name)) {
      withCompactionsSwitchedOff(() -> {
        table.put(puts(MIN_CELLS, 1));
        table.put(puts(MIN_CELLS, 2));
        BASALT.admin().compact(name);
        awaitLogLine("Ignoring a compaction request for " + name.getNameAsString() + ",");
        assertNotCompacted(name, table, 2 * MIN_CELLS, "compactions are switched off");
      });
      awaitRawCells(table, MIN_CELLS, "the compaction once switched back on");
    }
  }

  @Test
  void aDisabledTableKeepsWhatItWasWrittenForWhenItIsEnabledAgain() throws Exception {
    TableName name = create("disabled");
    try (Table table = BASALT.connection().getTable(name)) {
      withCompactionsSwitchedOff(() -> {
        table.put(puts(MIN_CELLS, 1));
        table.put(puts(MIN_CELLS, 2));
        BASALT.admin().disableTable(name);
      });
      awaitACheckOfEveryRegion(); // the disabled table is looked at and passed over, and must stay due
      BASALT.admin().enableTable(name);
      awaitRawCells(table, MIN_CELLS, "the compaction once the table was enabled again");
      assertValues(table, 0, MIN_CELLS, "v2");
    }
  }

  @Test
  void cellsWrittenBeforeASplitStillMakeTheDaughtersDue() throws Exception {
    TableName name = create("split");
    try (Table table = BASALT.connection().getTable(name)) {
      int rows = MIN_CELLS;
      withCompactionsSwitchedOff(() -> {
        table.put(puts(rows, 1));
        // A split flushes, dropping versions past VERSIONS among the cells written since the last flush, as HBase's
        // does; a flush between the versions leaves it nothing to drop, so only a compaction can.
        BASALT.admin().flush(name);
        table.put(puts(rows, 2)); // twice the floor, half in each future daughter
        BASALT.admin().split(name, row(rows / 2));
        assertEquals(2, BASALT.admin().getRegions(name).size());
        assertEquals(2 * rows, RawCells.of(table).size(), "nothing compacted before the split");
      });
      awaitRawCells(table, rows, "compactions of both daughters, due on what their parent was written");
      assertValues(table, 0, rows, "v2");
    }
  }

  @Test
  void aMergedRegionIsDueOnWhatItsParentsWereWrittenTogether() throws Exception {
    TableName name = TableName.valueOf("merged");
    BASALT.admin().createTable(descriptor(name), new byte[][] {row(50)});
    try (Table table = BASALT.connection().getTable(name)) {
      for (long timestamp = 1; timestamp <= 2; timestamp++) {
        List<Put> puts = new ArrayList<>();
        for (int i = 20; i < 80; i++) {
          puts.add(new Put(row(i)).addColumn(F, Q, timestamp, toBytes("v" + timestamp)));
        }
        table.put(puts); // 60 cells in each region in all: neither is due, together they are
        // The merge flushes as HBase's does, dropping versions written since the last flush; this leaves it none.
        BASALT.admin().flush(name);
      }
      assertEquals(120, RawCells.of(table).size());
      List<RegionInfo> regions = BASALT.admin().getRegions(name);
      BASALT.admin().mergeRegionsAsync(new byte[][] {regions.get(0).getRegionName(),
          regions.get(1).getRegionName()}, false).get(30, TimeUnit.SECONDS);
      awaitRawCells(table, 60, "a compaction of the merged region");
      assertValues(table, 20, 80, "v2");
    }
  }

  /** Steps of a test that may throw anything. */
  private interface Steps {
    void run() throws Exception;
  }

  /** Runs {@code steps} with the server's compactions switched off, and switches them back on after. */
  private static void withCompactionsSwitchedOff(Steps steps) throws Exception {
    List<String> server = List.of(BASALT.admin().getRegionServers().iterator().next().getServerName());
    assertTrue(BASALT.admin().compactionSwitch(false, server).values().iterator().next(), "they were on");
    try {
      steps.run();
    } finally {
      BASALT.admin().compactionSwitch(true, server);
    }
  }

  private static TableName create(String table) throws Exception {
    TableName name = TableName.valueOf(table);
    BASALT.admin().createTable(descriptor(name));
    return name;
  }

  private static TableDescriptor descriptor(TableName name) {
    return TableDescriptorBuilder.newBuilder(name)
        .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(F).setMaxVersions(1).build()).build();
  }

  private static List<Put> puts(int rows, long timestamp) {
    List<Put> puts = new ArrayList<>();
    for (int i = 0; i < rows; i++) {
      puts.add(new Put(row(i)).addColumn(F, Q, timestamp, toBytes("v" + timestamp)));
    }
    return puts;
  }

  private static byte[] row(int i) {
    return toBytes(String.format("row%03d", i));
  }

  /** Rows {@code [from, to)} read back with {@code value}, each through a Get. */
  private static void assertValues(Table table, int from, int to, String value) throws Exception {
    for (int i = from; i < to; i++) {
      assertArrayEquals(toBytes(value), table.get(new Get(row(i))).getValue(F, Q), "row " + i);
    }
  }

  /**
   * Returns once the server's periodic check for due regions has looked at every region after this call began. The
   * sentinel table, not due before, is made due here in one batch, which the server counts at once when applied;
   * only a check that reads that count queues its compaction, and a check looks at every region. The check and the
   * compactions it queues run one after another on one thread, so once the sentinel's compaction is over, every
   * region that check found due has been compacted, or is queued (its compaction state says so).
   */
  private static void awaitACheckOfEveryRegion() throws Exception {
    try (Table sentinel = BASALT.connection().getTable(SENTINEL)) {
      long version = ++sentinelVersions;
      List<Put> twoVersions = new ArrayList<>(puts(MIN_CELLS, 2 * version));
      twoVersions.addAll(puts(MIN_CELLS, 2 * version + 1));
      sentinel.put(twoVersions); // as many cells again as it holds, and at least the floor: due
      awaitRawCells(sentinel, MIN_CELLS, "compaction of the sentinel table");
      awaitNoCompaction(SENTINEL);
    }
  }

  private static void awaitNoCompaction(TableName name) throws Exception {
    long deadline = System.currentTimeMillis() + 20_000;
    while (BASALT.admin().getCompactionState(name) != CompactionState.NONE) {
      assertTrue(System.currentTimeMillis() < deadline, "a compaction of " + name + " still queued after 20 s");
      Thread.sleep(20); // the poll's interval
    }
  }

  /** No compaction queued, running or done: the state is checked first, so one that ends in between is seen. */
  private static void assertNotCompacted(TableName name, Table table, int stored, String why) throws Exception {
    assertEquals(CompactionState.NONE, BASALT.admin().getCompactionState(name), "none queued: " + why);
    assertEquals(stored, RawCells.of(table).size(), "none done: " + why);
  }

  private static void awaitLogLine(String text) throws Exception {
    long deadline = System.currentTimeMillis() + 20_000;
    while (BASALT.process().logLines().stream().noneMatch(line -> line.contains(text))) {
      assertTrue(System.currentTimeMillis() < deadline, "Basalt logged no \"" + text + "\" within 20 s");
      Thread.sleep(20); // the poll's interval
    }
  }

  private static void awaitRawCells(Table table, int expected, String what) throws Exception {
    long deadline = System.currentTimeMillis() + 20_000;
    int stored;
    while ((stored = RawCells.of(table).size()) != expected) {
      assertTrue(System.currentTimeMillis() < deadline, "no " + what + " within 20 s: " + stored + " cells stored");
      Thread.sleep(50); // the poll's interval
    }
  }
}
