package io.basalt.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.storage.catalog.NewFamily;
import io.basalt.storage.data.RowRange;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A sweep cursor reads the same cells as any cursor, without filling the block cache with what it read. */
class SweepCursorTest {
  private static final int ROWS = 2_000;
  private static final int VALUE_BYTES = 4_096;

  @RegisterExtension
  final StoreInTempDirectory stores = new StoreInTempDirectory();

  @Test
  void sweepingTheTableLeavesTheBlockCacheAsItWas() throws Exception {
    TabletStore store = stores.open();
    Table table = store.createTable("t", NewFamily.withDefaults(List.of(NumberedRows.family())), List.of(), Map.of());
    NumberedRows.write(table, ROWS, VALUE_BYTES);
    // The memtable budget is charged to the block cache and given back lazily after a flush, at some later read;
    // a restart starts with empty memtables, so only blocks read move the cache's usage below.
    store.close();
    store = stores.open();
    table = store.table("t").orElseThrow();
    long before = store.blockCacheFigures().usedBytes();

    RowRange all = RowRange.forward(new byte[0], new byte[0]);
    assertEquals(ROWS, NumberedRows.countCells(table.openSweepCursor(List.of(), all)));
    long afterSweep = store.blockCacheFigures().usedBytes();
    assertTrue(afterSweep - before < (1 << 20),
        "a sweep over " + ROWS * VALUE_BYTES + " bytes cached " + (afterSweep - before));

    assertEquals(ROWS, NumberedRows.countCells(table.openCursor(List.of(), all)));
    long afterRead = store.blockCacheFigures().usedBytes();
    assertTrue(afterRead - afterSweep > ROWS * VALUE_BYTES / 2,
        "a cursor serving reads fills the cache: " + (afterRead - afterSweep) + " bytes");
  }
}
