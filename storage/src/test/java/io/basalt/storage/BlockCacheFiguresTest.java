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

/** The block cache's lookups are counted: a first read of flushed rows misses, reading them again hits. */
class BlockCacheFiguresTest {
  private static final int PUT = 4;
  private static final int ROWS = 500;
  private static final int VALUE_BYTES = 4_096;

  @RegisterExtension
  final StoreInTempDirectory stores = new StoreInTempDirectory();

  @Test
  void readsOfFlushedRowsMissFirstAndHitAfter() throws Exception {
    TabletStore store = stores.open();
    Table table = store.createTable("t", NewFamily.withDefaults(List.of(b("f"))), List.of(), Map.of());
    for (int i = 0; i < ROWS; i++) {
      table.write(RowMutation.forRow(b(String.format("r%05d", i)))
          .add(b("f"), b("q"), 1, PUT, new byte[VALUE_BYTES]).build(), Durability.LOG);
    }
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
    int cells = 0;
    try (TableCursor cursor = table.openCursor(List.of(), RowRange.forward(b(""), b("")))) {
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
