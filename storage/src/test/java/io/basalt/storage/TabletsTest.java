package io.basalt.storage;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.storage.catalog.NewFamily;
import io.basalt.storage.catalog.TabletDefinition;
import io.basalt.storage.data.Durability;
import io.basalt.storage.data.RowMutation;
import io.basalt.storage.data.TableCursor;
import io.basalt.storage.errors.StorageException;
import io.basalt.storage.errors.UnknownTabletException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Splits and merges change only tablet metadata: the cells stay where they are and the ranges keep tiling. */
class TabletsTest {
  @RegisterExtension
  final StoreInTempDirectory stores = new StoreInTempDirectory();

  private TabletStore store;

  @Test
  void splitAndMergeRetileWithoutTouchingCells() throws Exception {
    store = stores.open();
    Table table = store.createTable("t", NewFamily.withDefaults(List.of(b("f"))), List.of(b("m")),
        Map.of());
    for (String row : List.of("a", "c", "n", "x")) {
      table.write(RowMutation.forRow(b(row)).add(b("f"), b("q"), 1, 4, b(row)).build(), Durability.LOG);
    }
    TabletDefinition first = table.definition().tablets().get(0);

    List<TabletDefinition> daughters = store.tablets().split("t", first, b("c"));
    assertTrue(daughters.get(0).id() > first.id(), "daughters get a newer id");
    assertEquals(List.of("[, c)", "[c, m)", "[m, )"), ranges(table));

    TabletDefinition merged = store.tablets().merge("t",
        List.of(table.definition().tablets().get(2), daughters.get(1)));
    assertEquals(List.of("[, c)", "[c, )"), ranges(table));
    assertArrayEquals(b("c"), merged.startRow());
    assertEquals(List.of("a", "c", "n", "x"), rows(table));

    store.close();
    store = stores.open();
    Table reopened = store.table("t").orElseThrow();
    assertEquals(List.of("[, c)", "[c, )"), ranges(reopened));
    TabletDefinition newest = reopened.definition().tablets().get(1);
    assertTrue(store.tablets().split("t", newest, b("x")).get(0).id() > newest.id(),
        "ids keep growing after a reopen");
  }

  @Test
  void badSplitsAndMergesChangeNothing() throws Exception {
    store = stores.open();
    Table table = store.createTable("t", NewFamily.withDefaults(List.of(b("f"))),
        List.of(b("g"), b("p")), Map.of());
    List<TabletDefinition> tablets = table.definition().tablets();
    assertThrows(IllegalArgumentException.class, () -> store.tablets().split("t", tablets.get(1), b("g")));
    assertThrows(IllegalArgumentException.class, () -> store.tablets().split("t", tablets.get(1), b("z")));
    assertThrows(UnknownTabletException.class, () -> store.tablets().split("t", new TabletDefinition(42, b("g"), b("p")), b("h")));
    assertThrows(IllegalArgumentException.class,
        () -> store.tablets().merge("t", List.of(tablets.get(0), tablets.get(2))));
    assertThrows(IllegalArgumentException.class,
        () -> store.tablets().merge("t", List.of(tablets.get(0), tablets.get(0))));
    assertEquals(tablets, table.definition().tablets());
  }


  private static List<String> ranges(Table table) {
    List<String> ranges = new ArrayList<>();
    for (TabletDefinition tablet : table.definition().tablets()) {
      ranges.add("[" + new String(tablet.startRow(), UTF_8) + ", " + new String(tablet.endRow(), UTF_8) + ")");
    }
    return ranges;
  }

  private static List<String> rows(Table table) throws StorageException {
    List<String> rows = new ArrayList<>();
    try (TableCursor cursor = table.openCursor(List.of(), b(""), b(""))) {
      while (cursor.nextRow()) {
        rows.add(new String(cursor.row(), UTF_8));
      }
    }
    return rows;
  }

  private static byte[] b(String text) {
    return text.getBytes(UTF_8);
  }
}
