package io.basalt.storage;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.storage.catalog.NewFamily;
import io.basalt.storage.data.Durability;
import io.basalt.storage.data.RowLocks;
import io.basalt.storage.data.RowMutation;
import io.basalt.storage.data.TableCursor;
import io.basalt.storage.errors.StorageException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@link Table#deleteRows} erases exactly the rows of a range, in every family, durably, and waits for writers
 * holding row locks.
 */
class RowRangeDeletionTest {
  @RegisterExtension
  final StoreInTempDirectory stores = new StoreInTempDirectory();

  /** Rows next to the bounds, with 00 and FF bytes that the key encoding escapes or sorts last. */
  private static final List<String> ROWS =
      List.of("", "a", "a\u0000", "a\u00ff", "b", "b\u0000", "c", "c\u00ff\u00ff", "d", "\u00ff", "\u00ff\u00ff\u00ff");

  @Test
  void deletesTheRangeInEveryFamilyAndNothingElse() throws Exception {
    TabletStore store = stores.open();
    Table table = filledTable(store);
    table.deleteRows(b("b"), b("d"));
    List<String> kept = List.of("a", "a\u0000", "a\u00ff", "d", "\u00ff", "\u00ff\u00ff\u00ff");
    assertEquals(kept, rows(table, "f"));
    assertEquals(kept, rows(table, "g"));

    // Survives a restart: the deletion was written to the log and synced.
    store.close();
    store = stores.open();
    Table reopened = store.table("t").orElseThrow();
    assertEquals(kept, rows(reopened, "f"));
    assertEquals(kept, rows(reopened, "g"));
  }

  @Test
  void openBoundsReachTheFirstAndTheLastRow() throws Exception {
    TabletStore store = stores.open();
    Table table = filledTable(store);
    table.deleteRows(b("c"), b(""));
    assertEquals(List.of("a", "a\u0000", "a\u00ff", "b", "b\u0000"), rows(table, "f"));
    table.deleteRows(b(""), b("b"));
    assertEquals(List.of("b", "b\u0000"), rows(table, "g"));
    table.deleteRows(b(""), b(""));
    assertEquals(List.of(), rows(table, "f"));
    assertEquals(List.of(), rows(table, "g"));
    // An empty table, or an empty range, is nothing to delete.
    table.deleteRows(b(""), b(""));
    table.write(RowMutation.forRow(b("z")).add(b("f"), b("q"), 1, 4, b("v")).build(), Durability.LOG);
    table.deleteRows(b("x"), b("y"));
    assertEquals(List.of("z"), rows(table, "f"));
  }

  @Test
  void waitsForAWriterHoldingARowLock() throws Exception {
    TabletStore store = stores.open();
    Table table = filledTable(store);
    CompletableFuture<Void> deletion;
    try (RowLocks.RowLock held = table.lockRow(b("c"))) {
      deletion = CompletableFuture.runAsync(() -> {
        try {
          table.deleteRows(b("b"), b("d"));
        } catch (StorageException e) {
          throw new IllegalStateException(e);
        }
      });
      // What a read-modify-write does under its lock: the deletion cannot come between its read and its write.
      assertTrue(rows(table, "f").contains("c"));
      table.write(RowMutation.forRow(b("c")).add(b("f"), b("q2"), 2, 4, b("new")).build(), Durability.LOG);
      assertFalse(deletion.isDone(), "the deletion waits for the row lock");
    }
    deletion.get(30, TimeUnit.SECONDS);
    assertEquals(List.of("a", "a\u0000", "a\u00ff", "d", "\u00ff", "\u00ff\u00ff\u00ff"), rows(table, "f"));
  }

  private static Table filledTable(TabletStore store) throws StorageException {
    Table table = store.createTable("t", NewFamily.withDefaults(List.of(b("f"), b("g"))), List.of(),
        Map.of());
    for (String row : ROWS) {
      if (row.isEmpty()) {
        continue; // HBase has no empty row
      }
      table.write(RowMutation.forRow(b(row)).add(b("f"), b("q"), 1, 4, b(row)).add(b("g"), b("q"), 1, 4, b(row))
          .build(), Durability.LOG);
    }
    return table;
  }

  private static List<String> rows(Table table, String family) throws StorageException {
    List<String> rows = new ArrayList<>();
    try (TableCursor cursor = table.openCursor(List.of(b(family)), b(""), b(""))) {
      while (cursor.nextRow()) {
        rows.add(new String(cursor.row(), ISO_8859_1));
      }
    }
    return rows;
  }

  private static byte[] b(String text) {
    return text.getBytes(ISO_8859_1);
  }
}
