package io.basalt.storage.ingest;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.storage.StoreOptions;
import io.basalt.storage.Table;
import io.basalt.storage.TabletStore;
import io.basalt.storage.catalog.NewFamily;
import io.basalt.storage.data.Durability;
import io.basalt.storage.data.RowMutation;
import io.basalt.storage.data.RowRange;
import io.basalt.storage.data.TableCursor;
import io.basalt.storage.errors.StorageException;
import io.basalt.storage.errors.UnknownFamilyException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Cells ingested into a table as files: readers see every family's cells at once, an ingested cell replaces a stored
 * one of the same key and is replaced by a later write, an erasure removes a stored cell, and what lies outside the
 * rows, comes out of order, or was written for a family dropped meanwhile is refused with nothing ingested.
 */
class TabletIngestTest {
  private static final int PUT = 4;
  private static final int DELETE_COLUMN = 12;

  @TempDir
  Path directory;
  private TabletStore store;
  private Table table;

  @BeforeEach
  void open() throws StorageException {
    store = TabletStore.open(directory.resolve("store"), StoreOptions.defaults());
    table = store.createTable("t", NewFamily.withDefaults(List.of(b("a"), b("b"))), List.of(), Map.of());
  }

  @AfterEach
  void close() {
    store.close();
  }

  @Test
  void everyFamilysCellsAppearAtOnceAndTheStagingDirectoryGoes() throws Exception {
    table.write(RowMutation.forRow(b("r1")).add(b("a"), b("q"), 5, PUT, b("put")).build(), Durability.LOG);
    Path staging = directory.resolve("bulk").resolve("1");
    try (TableCursor before = table.openCursor(List.of(), RowRange.forward(b(""), b("")));
        TabletIngest ingest = TabletIngest.begin(table, staging, b(""), b(""))) {
      CellFileWriter a = ingest.family(b("a"));
      assertTrue(a.put(b("r1"), b("q"), 5, PUT, b("ingested")));
      assertFalse(a.put(b("r1"), b("q"), 5, PUT, b("second of the same key")), "the first of equal keys is kept");
      assertTrue(a.put(b("r2"), b("q"), 7, PUT, b("x")));
      CellFileWriter bFamily = ingest.family(b("b"));
      bFamily.put(b("r2"), b("z"), 9, DELETE_COLUMN, new byte[0]);
      bFamily.put(b("r3"), b("z"), 9, PUT, b("y"));
      assertEquals(List.of("r1/a:q@5/4=put"), cells(table), "nothing is visible before the commit");

      assertEquals(4, ingest.commit());

      assertEquals(List.of("r1/a:q@5/4=ingested", "r2/a:q@7/4=x", "r2/b:z@9/12=", "r3/b:z@9/4=y"), cells(table));
      assertEquals(List.of("r1/a:q@5/4=put"), read(before), "a cursor opened before reads on without them");
    }
    assertFalse(Files.exists(staging), "the staging directory is removed");
    table.write(RowMutation.forRow(b("r1")).add(b("a"), b("q"), 5, PUT, b("later")).build(), Durability.LOG);
    assertEquals("r1/a:q@5/4=later", cells(table).get(0), "a later write of the key replaces the ingested cell");
    store.close();
    store = TabletStore.open(directory.resolve("store"), StoreOptions.defaults());
    table = store.table("t").orElseThrow();
    assertEquals(List.of("r1/a:q@5/4=later", "r2/a:q@7/4=x", "r2/b:z@9/12=", "r3/b:z@9/4=y"), cells(table),
        "and all of it after a restart");
  }

  @Test
  void anErasureRemovesTheStoredCellOfItsKey() throws Exception {
    table.write(RowMutation.forRow(b("r")).add(b("a"), b("q"), 5, 3, b("ttl put")).build(), Durability.LOG);
    try (TabletIngest ingest = TabletIngest.begin(table, directory.resolve("e"), b(""), b(""))) {
      CellFileWriter a = ingest.family(b("a"));
      a.put(b("r"), b("q"), 5, PUT, b("plain"));
      a.erase(b("r"), b("q"), 5, 3);
      ingest.commit();
    }
    assertEquals(List.of("r/a:q@5/4=plain"), cells(table));
  }

  @Test
  void aLoadCanAskWhetherACellOfItsCoordinatesIsStored() throws Exception {
    table.write(RowMutation.forRow(b("r")).add(b("a"), b("q"), 5, PUT, b("stored")).build(), Durability.LOG);
    try (TabletIngest ingest = TabletIngest.begin(table, directory.resolve("k"), b(""), b(""))) {
      assertTrue(ingest.stores(b("a"), b("r"), b("q"), 5, PUT));
      assertFalse(ingest.stores(b("a"), b("r"), b("q"), 4, PUT), "another timestamp");
      assertFalse(ingest.stores(b("a"), b("r"), b("q"), 5, DELETE_COLUMN), "another type");
      assertFalse(ingest.stores(b("b"), b("r"), b("q"), 5, PUT), "another family");
      assertThrows(UnknownFamilyException.class, () -> ingest.stores(b("c"), b("r"), b("q"), 5, PUT));
    }
  }

  @Test
  void cellsOutsideTheRowsOutOfOrderOrOfAFamilyGoneAreRefusedWithNothingIngested() throws Exception {
    try (TabletIngest ingest = TabletIngest.begin(table, directory.resolve("o"), b("m"), b("n"))) {
      ingest.family(b("a")).put(b("m1"), b("q"), 1, PUT, b("in"));
      ingest.family(b("b")).put(b("n"), b("q"), 1, PUT, b("past the end"));
      StorageException e = assertThrows(StorageException.class, ingest::commit);
      assertTrue(e.getMessage().contains("lie outside the rows"), e.getMessage());
    }
    try (TabletIngest ingest = TabletIngest.begin(table, directory.resolve("s"), b(""), b(""))) {
      CellFileWriter a = ingest.family(b("a"));
      a.put(b("r2"), b("q"), 1, PUT, b("x"));
      assertThrows(IllegalArgumentException.class, () -> a.put(b("r1"), b("q"), 1, PUT, b("x")));
      assertThrows(IllegalArgumentException.class, () -> a.put(b("r2"), b("q"), 2, PUT, b("newer after older")));
      assertThrows(UnknownFamilyException.class, () -> ingest.family(b("c")));
    }
    try (TabletIngest ingest = TabletIngest.begin(table, directory.resolve("d"), b(""), b(""))) {
      ingest.family(b("a")).put(b("r"), b("q"), 1, PUT, b("x"));
      ingest.family(b("b")).put(b("r"), b("q"), 1, PUT, b("x"));
      store.alterTable("t", List.of(), List.of(b("b")), List.of(), Map.of());
      StorageException e = assertThrows(StorageException.class, ingest::commit);
      assertTrue(e.getMessage().contains("was dropped or truncated"), e.getMessage());
    }
    assertEquals(List.of(), cells(table));
  }

  private static List<String> cells(Table table) throws StorageException {
    return read(table.openCursor(List.of(), RowRange.forward(b(""), b(""))));
  }

  private static List<String> read(TableCursor cursor) throws StorageException {
    List<String> cells = new ArrayList<>();
    try (cursor) {
      while (cursor.nextRow()) {
        while (cursor.nextCell()) {
          cells.add(s(cursor.row()) + "/" + s(cursor.family()) + ":" + s(cursor.qualifier()) + "@"
              + cursor.timestamp() + "/" + cursor.type() + "=" + s(cursor.value()));
        }
      }
    }
    return cells;
  }

  private static byte[] b(String s) {
    return s.getBytes(UTF_8);
  }

  private static String s(byte[] b) {
    return new String(b, UTF_8);
  }
}
