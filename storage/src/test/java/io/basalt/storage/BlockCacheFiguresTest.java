package io.basalt.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.storage.catalog.NewFamily;
import io.basalt.storage.data.RowRange;
import io.basalt.storage.errors.StorageException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The block cache's lookups are counted: a first read of flushed rows misses, reading them again hits. */
class BlockCacheFiguresTest {
  private static final int ROWS = 500;
  private static final int VALUE_BYTES = 4_096;

  @RegisterExtension
  final StoreInTempDirectory stores = new StoreInTempDirectory();

  @Test
  void readsOfFlushedRowsMissFirstAndHitAfter() throws Exception {
    TabletStore store = stores.open();
    Table table = store.createTable("t", NewFamily.withDefaults(List.of(NumberedRows.family())), List.of(), Map.of());
    NumberedRows.write(table, ROWS, VALUE_BYTES);
    store.flush();
    assertEquals(0, store.familiesAwaitingFlush(), "nothing waits for a flush after one");
    BlockCacheFigures before = store.blockCacheFigures();

    assertEquals(ROWS, readAll(table));
    BlockCacheFigures firstRead = store.blockCacheFigures();
    long blocks = (long) ROWS * VALUE_BYTES / (64 << 10);
    assertTrue(firstRead.dataMisses() - before.dataMisses() >= blocks,
        "the first read of " + ROWS * VALUE_BYTES + " bytes missed " + (firstRead.dataMisses() - before.dataMisses())
            + " data blocks");
    assertTrue(firstRead.misses() >= firstRead.dataMisses() + firstRead.filterMisses(), firstRead.toString());

    assertEquals(ROWS, readAll(table));
    BlockCacheFigures secondRead = store.blockCacheFigures();
    assertEquals(firstRead.dataMisses(), secondRead.dataMisses(), "the second read missed: " + secondRead);
    assertTrue(secondRead.dataHits() - firstRead.dataHits() >= blocks, secondRead.toString());
    assertTrue(secondRead.hitPercent() > 0 && secondRead.hitPercent() < 100, secondRead.toString());
    assertTrue(secondRead.usedBytes() > 0 && secondRead.usedBytes() <= secondRead.capacityBytes(),
        secondRead.toString());
  }

  private static int readAll(Table table) throws StorageException {
    return NumberedRows.countCells(table.openCursor(List.of(), RowRange.forward(new byte[0], new byte[0])));
  }
}
