package io.basalt.storage;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.basalt.storage.catalog.NewFamily;
import io.basalt.storage.data.Durability;
import io.basalt.storage.data.RowMutation;
import io.basalt.storage.data.RowRange;
import io.basalt.storage.data.TableCursor;
import io.basalt.storage.errors.StorageException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A memtable cursor reads the cells written since the table's last flush and none of those flushed to files, in
 * every family, while an ordinary cursor reads both.
 */
class MemtableCursorTest {
  private static final int PUT = 4;

  @RegisterExtension
  final StoreInTempDirectory stores = new StoreInTempDirectory();

  @Test
  void readsOnlyWhatWasWrittenSinceTheLastFlush() throws Exception {
    TabletStore store = stores.open();
    Table table = store.createTable("t", NewFamily.withDefaults(List.of(b("f"), b("g"))), List.of(),
        Map.of());
    write(table, "a", "f", 1);
    write(table, "b", "g", 1);
    table.flush();
    write(table, "a", "f", 2);
    write(table, "c", "g", 2);

    assertEquals(List.of("a/f/2", "c/g/2"), cells(table.openMemtableCursor(List.of(), all())));
    assertEquals(List.of("a/f/2", "a/f/1", "b/g/1", "c/g/2"), cells(table.openCursor(List.of(), all())));
    assertEquals(List.of("c/g/2"), cells(table.openMemtableCursor(List.of(b("g")), all())));

    table.flush();
    assertEquals(List.of(), cells(table.openMemtableCursor(List.of(), all())));
  }

  @Test
  void aCellErasedFromTheMemtablesIsGoneFromIt() throws Exception {
    TabletStore store = stores.open();
    Table table = store.createTable("t", NewFamily.withDefaults(List.of(b("f"))), List.of(), Map.of());
    write(table, "a", "f", 1);
    write(table, "a", "f", 2);
    table.write(RowMutation.forRow(b("a")).erase(b("f"), b("q"), 1, PUT).build(), Durability.LOG);

    assertEquals(List.of("a/f/2"), cells(table.openMemtableCursor(List.of(), all())));
  }

  private static void write(Table table, String row, String family, long timestamp) throws StorageException {
    table.write(RowMutation.forRow(b(row)).add(b(family), b("q"), timestamp, PUT, b("v")).build(), Durability.LOG);
  }

  private static List<String> cells(TableCursor cursor) throws StorageException {
    List<String> cells = new ArrayList<>();
    try (cursor) {
      while (cursor.nextRow()) {
        while (cursor.nextCell()) {
          cells.add(new String(cursor.row(), UTF_8) + "/" + new String(cursor.family(), UTF_8) + "/"
              + cursor.timestamp());
        }
      }
    }
    return cells;
  }

  private static RowRange all() {
    return RowRange.forward(b(""), b(""));
  }

  private static byte[] b(String s) {
    return s.getBytes(UTF_8);
  }
}
