package io.basalt.hbase.compaction;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.hbase.schema.HBaseTable;
import io.basalt.hbase.schema.TableCatalog;
import io.basalt.storage.Durability;
import io.basalt.storage.StoreOptions;
import io.basalt.storage.TabletStore;
import io.basalt.storage.catalog.TabletDefinition;
import io.basalt.storage.data.RowMutation;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tablet's compaction reports whether it was complete: the queue passes a major compaction that was not on to the
 * regions that took over its rows, and counts only a complete one as done.
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
    TableCatalog tables = new TableCatalog(store, Clock.systemUTC());
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

  private TabletCompaction compaction(BooleanSupplier cancelled) throws Exception {
    TabletDefinition tablet = table.definition().tablets().get(0);
    return new TabletCompaction(table, tablet, null, System.currentTimeMillis(), true, cancelled);
  }
}
