package io.basalt.hbase.compaction;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.hbase.master.Namespaces;
import io.basalt.hbase.master.TableDdl;
import io.basalt.hbase.schema.HBaseTable;
import io.basalt.hbase.schema.TableDirectory;
import io.basalt.storage.StoreOptions;
import io.basalt.storage.TabletStore;
import io.basalt.storage.catalog.TabletDefinition;
import io.basalt.storage.data.Durability;
import io.basalt.storage.data.RowMutation;
import io.basalt.storage.data.RowRange;
import io.basalt.storage.data.TableCursor;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tablet's compaction erases exactly the garbage of the rows as they stand under their locks, and reports whether it
 * was complete: the queue passes a major compaction that was not on to the regions that took over its rows, and
 * counts only a complete one as done.
 */
class TabletCompactionTest {
  private static final byte[] F = toBytes("f");
  private static final int ROWS = 3;
  private static final int VERSIONS_WRITTEN = 3;

  @TempDir
  Path directory;

  private TabletStore store;
  private HBaseTable table;

  @BeforeEach
  void setUp() throws Exception {
    store = TabletStore.open(directory, StoreOptions.defaults());
    TableDdl tables = new TableDdl(store, new TableDirectory(), new Namespaces(store), new MemstoreFlush(Clock.systemUTC()));
    // One version kept: every row holds two versions a compaction drops.
    table = tables.create(TableDescriptorBuilder.newBuilder(TableName.valueOf("t"))
        .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(F).setMaxVersions(1).build()).build(), List.of());
    for (int row = 0; row < ROWS; row++) {
      RowMutation.Builder versions = RowMutation.forRow(toBytes("r" + row));
      for (long timestamp = 1; timestamp <= VERSIONS_WRITTEN; timestamp++) {
        versions.add(F, F, timestamp, KeyValue.Type.Put.getCode(), toBytes("v" + timestamp));
      }
      table.storage().write(versions.build(), Durability.LOG);
    }
  }

  @AfterEach
  void tearDown() {
    store.close();
  }

  @Test
  void aCompactionThatJudgedEveryRowIsComplete() throws Exception {
    TabletCompaction.Outcome outcome = compaction(() -> false).run();

    assertTrue(outcome.complete());
    assertEquals(ROWS * (VERSIONS_WRITTEN - 1), outcome.cellsErased());
    assertEquals(ROWS, outcome.cellsKept());
  }

  @Test
  void aCompactionToldToStopBetweenRowsIsNotComplete() throws Exception {
    AtomicInteger checks = new AtomicInteger();
    TabletCompaction.Outcome stopped = compaction(() -> checks.incrementAndGet() > 1).run();

    assertFalse(stopped.complete());
    assertTrue(stopped.cellsErased() < ROWS * (VERSIONS_WRITTEN - 1), "it stopped before the last row's garbage");
    TabletCompaction.Outcome again = compaction(() -> false).run();
    assertTrue(again.complete());
    assertEquals(ROWS * (VERSIONS_WRITTEN - 1) - stopped.cellsErased(), again.cellsErased(),
        "what the stopped one left is dropped by the next");
  }

  @Test
  void aCompactionToldToStopAfterItsLastRowIsNotComplete() throws Exception {
    AtomicInteger checks = new AtomicInteger();
    // One check before each row and one after the last: only that last one says stop.
    TabletCompaction.Outcome outcome = compaction(() -> checks.incrementAndGet() > ROWS).run();

    assertFalse(outcome.complete(), "stopped before its range was rewritten");
    assertEquals(ROWS + 1, checks.get());
  }

  @Test
  void garbageInNeighbouringAndDistantRowsIsAllErased() throws Exception {
    // Rows with garbage next to each other (stepped to) and ones farther apart than a step reaches (sought).
    int garbageRows = 0;
    for (int i = 0; i < 200; i++) {
      boolean garbage = i % (ForwardRowWalk.ROWS_STEPPED_BEFORE_SEEKING + 3) == 0 || (i >= 100 && i < 140);
      garbageRows += garbage ? 1 : 0;
      RowMutation.Builder versions = RowMutation.forRow(toBytes(String.format("s%03d", i)));
      for (long timestamp = garbage ? 1 : VERSIONS_WRITTEN; timestamp <= VERSIONS_WRITTEN; timestamp++) {
        versions.add(F, F, timestamp, KeyValue.Type.Put.getCode(), toBytes("v" + timestamp));
      }
      table.storage().write(versions.build(), Durability.LOG);
    }

    TabletCompaction.Outcome outcome = compaction(() -> false).run();

    assertEquals((ROWS + garbageRows) * (VERSIONS_WRITTEN - 1), outcome.cellsErased());
    assertEquals(ROWS + 200, outcome.cellsKept());
    Map<String, List<Long>> stored = storedTimestamps();
    assertEquals(ROWS + 200, stored.size());
    stored.forEach((row, timestamps) -> assertEquals(List.of((long) VERSIONS_WRITTEN), timestamps, row));
  }

  @Test
  void rowsWrittenWhileTheCompactionRunsAreJudgedAgainUnderTheirLocks() throws Exception {
    AtomicInteger checks = new AtomicInteger();
    // The last check comes after every row was judged and before their garbage is erased under the row locks.
    BooleanSupplier writeBeforeErasing = () -> {
      if (checks.incrementAndGet() == ROWS + 1) {
        try {
          table.storage().write(RowMutation.forRow(toBytes("r2"))
              .add(F, F, 10, KeyValue.Type.Put.getCode(), toBytes("newer")).build(), Durability.LOG);
          RowMutation.Builder eraseRow = RowMutation.forRow(toBytes("r1"));
          for (long timestamp = 1; timestamp <= VERSIONS_WRITTEN; timestamp++) {
            eraseRow.erase(F, F, timestamp, KeyValue.Type.Put.getCode());
          }
          table.storage().write(eraseRow.build(), Durability.LOG);
        } catch (Exception e) {
          throw new AssertionError(e);
        }
      }
      return false;
    };

    TabletCompaction.Outcome outcome = compaction(writeBeforeErasing).run();

    assertTrue(outcome.complete());
    // r0 drops two versions; r1 is gone; r2, judged again, drops all three it had and keeps the newer put.
    assertEquals(2 + 3, outcome.cellsErased());
    assertEquals(Map.of("r0", List.of(3L), "r2", List.of(10L)), storedTimestamps());
  }

  /** Every stored row's cell timestamps, newest first. */
  private Map<String, List<Long>> storedTimestamps() throws Exception {
    Map<String, List<Long>> rows = new TreeMap<>();
    try (TableCursor cursor = table.storage().openSweepCursor(List.of(F),
        RowRange.forward(HConstants.EMPTY_START_ROW, HConstants.EMPTY_END_ROW))) {
      while (cursor.nextRow()) {
        List<Long> timestamps = new ArrayList<>();
        while (cursor.nextCell()) {
          timestamps.add(cursor.timestamp());
        }
        rows.put(Bytes.toString(cursor.row()), timestamps);
      }
    }
    return rows;
  }

  private TabletCompaction compaction(BooleanSupplier cancelled) throws Exception {
    TabletDefinition tablet = table.definition().tablets().get(0);
    return new TabletCompaction(table, tablet, null, System.currentTimeMillis(), true, cancelled);
  }
}
