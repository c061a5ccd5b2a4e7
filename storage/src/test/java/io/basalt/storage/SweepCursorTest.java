package io.basalt.storage;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.storage.catalog.NewFamily;
import io.basalt.storage.data.Durability;
import io.basalt.storage.data.RowMutation;
import io.basalt.storage.data.RowRange;
import io.basalt.storage.data.TableCursor;
import io.basalt.storage.errors.StorageException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A sweep cursor reads the same cells as any cursor, without filling the block cache with what it read. */
class SweepCursorTest {
  private static final int PUT = 4;
  private static final int ROWS = 2_000;
  private static final int VALUE_BYTES = 4_096;

  @RegisterExtension
  final StoreInTempDirectory stores = new StoreInTempDirectory();

  @Test
  void sweepingTheTableLeavesTheBlockCacheAsItWas() throws Exception {
    TabletStore store = stores.open();
    Table table = store.createTable("t", NewFamily.withDefaults(List.of(b("f"))), List.of(), Map.of());
    for (int i = 0; i < ROWS; i++) {
      table.write(RowMutation.forRow(b(String.format("r%05d", i)))
          .add(b("f"), b("q"), 1, PUT, new byte[VALUE_BYTES]).build(), Durability.LOG);
    }
    // The memtable budget is charged to the block cache and given back lazily after a flush, at some later read;
    // a restart starts with empty memtables, so only blocks read move the cache's usage below.
    store.close();
    store = stores.open();
    table = store.table("t").orElseThrow();
    long before = store.blockCacheFigures().usedBytes();

    assertEquals(ROWS, countCells(table.openSweepCursor(List.of(), RowRange.forward(b(""), b("")))));
    long afterSweep = store.blockCacheFigures().usedBytes();
    assertTrue(afterSweep - before < (1 << 20),
        "a sweep over " + ROWS * VALUE_BYTES + " bytes cached " + (afterSweep - before));

    assertEquals(ROWS, countCells(table.openCursor(List.of(), RowRange.forward(b(""), b("")))));
    long afterRead = store.blockCacheFigures().usedBytes();
    assertTrue(afterRead - afterSweep > ROWS * VALUE_BYTES / 2,
        "a cursor serving reads fills the cache: " + (afterRead - afterSweep) + " bytes");
  }

  private static int countCells(TableCursor cursor) throws StorageException {
    int cells = 0;
    try (cursor) {
      while (cursor.nextRow()) {
        while (cursor.nextCell()) {
          cursor.value();
          cells++;
        }
      }
    }
    return cells;
  }

  private static byte[] b(String s) {
    return s.getBytes(UTF_8);
  }
}
