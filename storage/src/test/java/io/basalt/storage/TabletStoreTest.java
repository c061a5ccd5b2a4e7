package io.basalt.storage;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.storage.catalog.FamilyOptions;
import io.basalt.storage.catalog.NewFamily;
import io.basalt.storage.catalog.TableDefinition;
import io.basalt.storage.catalog.TabletDefinition;
import io.basalt.storage.data.Durability;
import io.basalt.storage.data.RowMutation;
import io.basalt.storage.data.RowRange;
import io.basalt.storage.data.TableCursor;
import io.basalt.storage.errors.StorageException;
import io.basalt.storage.errors.TableExistsException;
import io.basalt.storage.errors.UnknownFamilyException;
import io.basalt.storage.errors.UnknownTableException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class TabletStoreTest {
  private static final int PUT = 4;

  @RegisterExtension
  final StoreInTempDirectory stores = new StoreInTempDirectory();

  private TabletStore store;

  @Test
  void createsOneTabletPerSplitRange() throws Exception {
    store = stores.open();
    Table table = store.createTable("t", newFamilies("f"), List.of(b("g"), b("p")), Map.of());
    List<TabletDefinition> tablets = table.definition().tablets();
    assertEquals(3, tablets.size());
    assertRange(tablets.get(0), "", "g");
    assertRange(tablets.get(1), "g", "p");
    assertRange(tablets.get(2), "p", "");
    assertEquals(tablets.get(1), table.definition().tabletFor(b("m")));
    assertEquals(tablets.get(1), table.definition().tabletFor(b("g")));
    assertEquals(tablets.get(0), table.definition().tabletFor(b("")));
    assertEquals(tablets.get(2), table.definition().tabletFor(b("zzz")));
  }

  @Test
  void rejectsDuplicateTables() throws Exception {
    store = stores.open();
    store.createTable("t", newFamilies("f"), List.of(), Map.of());
    assertThrows(TableExistsException.class, () -> store.createTable("t", newFamilies("f"), List.of(), Map.of()));
  }

  @Test
  void readsRowsAcrossFamiliesInCellOrder() throws Exception {
    store = stores.open();
    Table table = store.createTable("t", newFamilies("b", "a"), List.of(), Map.of());
    table.write(RowMutation.forRow(b("r1"))
        .add(b("b"), b("x"), 10, PUT, b("b-x-10"))
        .add(b("a"), b("y"), 10, PUT, b("a-y-10"))
        .add(b("a"), b("x"), 20, PUT, b("a-x-20"))
        .add(b("a"), b("x"), 30, PUT, b("a-x-30"))
        .build(), Durability.LOG);
    table.write(RowMutation.forRow(b("r0")).add(b("b"), b("z"), 1, PUT, b("r0")).build(), Durability.LOG);

    List<String> cells = readAll(table, List.of(), "", "");
    assertEquals(List.of("r0/b:z/1=r0", "r1/a:x/30=a-x-30", "r1/a:x/20=a-x-20", "r1/a:y/10=a-y-10",
        "r1/b:x/10=b-x-10"), cells);
  }

  @Test
  void boundsAndFamilySelection() throws Exception {
    store = stores.open();
    Table table = store.createTable("t", newFamilies("f", "g"), List.of(), Map.of());
    for (String row : List.of("a", "ab", "b", "c")) {
      table.write(RowMutation.forRow(b(row)).add(b("f"), b("q"), 1, PUT, b(row))
          .add(b("g"), b("q"), 1, PUT, b(row)).build(), Durability.LOG);
    }
    assertEquals(List.of("ab/g:q/1=ab", "b/g:q/1=b"), readAll(table, families("g"), "aa", "c"));
    assertEquals(List.of("c/f:q/1=c"), readAll(table, families("f"), "c", ""));
    assertThrows(UnknownFamilyException.class, () -> table.openCursor(families("nope"), b(""), b("")));
  }

  @Test
  void skipColumnAndSeekRow() throws Exception {
    store = stores.open();
    Table table = store.createTable("t", newFamilies("f"), List.of(), Map.of());
    RowMutation.Builder row = RowMutation.forRow(b("r"));
    for (int ts = 1; ts <= 5; ts++) {
      row.add(b("f"), b("q1"), ts, PUT, b("q1@" + ts)).add(b("f"), b("q2"), ts, PUT, b("q2@" + ts));
    }
    table.write(row.build(), Durability.LOG);
    table.write(RowMutation.forRow(b("s")).add(b("f"), b("q"), 1, PUT, b("s")).build(), Durability.LOG);
    table.write(RowMutation.forRow(b("t")).add(b("f"), b("q"), 1, PUT, b("t")).build(), Durability.LOG);

    List<String> newest = new ArrayList<>();
    try (TableCursor cursor = table.openCursor(List.of(), b(""), b(""))) {
      while (cursor.nextRow()) {
        while (cursor.nextCell()) {
          newest.add(new String(cursor.value(), UTF_8));
          cursor.skipColumn();
        }
      }
      assertEquals(List.of("q1@5", "q2@5", "s", "t"), newest);

      cursor.seekRow(b("s\0"));
      assertTrue(cursor.nextRow());
      assertArrayEquals(b("t"), cursor.row());
      assertFalse(cursor.nextRow());
    }
  }

  @Test
  void reversedCursorVisitsRowsBackwardsAndCellsForwards() throws Exception {
    store = stores.open();
    Table table = store.createTable("t", newFamilies("f", "g"), List.of(), Map.of());
    for (String row : List.of("a", "ab", "b", "c", "d")) {
      RowMutation.Builder mutation = RowMutation.forRow(b(row)).add(b("f"), b("q1"), 2, PUT, b(row + "1"))
          .add(b("f"), b("q2"), 1, PUT, b(row + "2"));
      if (!row.equals("b")) {
        mutation.add(b("g"), b("x"), 1, PUT, b(row + "x"));
      }
      table.write(mutation.build(), Durability.LOG);
    }
    List<String> cells = new ArrayList<>();
    try (TableCursor cursor = table.openCursor(List.of(), RowRange.reversed(b("ab"),
        b("d")))) {
      while (cursor.nextRow()) {
        while (cursor.nextCell()) {
          cells.add(s(cursor.row()) + "/" + s(cursor.family()) + ":" + s(cursor.qualifier()));
        }
      }
    }
    assertEquals(List.of("c/f:q1", "c/f:q2", "c/g:x", "b/f:q1", "b/f:q2", "ab/f:q1", "ab/f:q2", "ab/g:x"), cells);

    List<String> rows = new ArrayList<>();
    try (TableCursor cursor = table.openCursor(List.of(), RowRange.reversed(b(""), b("")))) {
      assertTrue(cursor.nextRow());
      rows.add(s(cursor.row()));
      assertTrue(cursor.nextCell()); // leave a row part-way: the next row must still come whole
      cursor.seekRow(b("b"));
      while (cursor.nextRow()) {
        rows.add(s(cursor.row()));
      }
    }
    assertEquals(List.of("d", "b", "ab", "a"), rows);
  }

  @Test
  void seekFamilyJumpsForwardWithinTheRowOrToALaterRow() throws Exception {
    store = stores.open();
    Table table = store.createTable("t", newFamilies("f"), List.of(), Map.of());
    table.write(RowMutation.forRow(b("r")).add(b("f"), b("a"), 1, PUT, b("a")).add(b("f"), b("m"), 1, PUT, b("m"))
        .add(b("f"), b("z"), 1, PUT, b("z")).build(), Durability.LOG);
    table.write(RowMutation.forRow(b("t")).add(b("f"), b("a"), 1, PUT, b("a")).build(), Durability.LOG);
    try (TableCursor cursor = table.openCursor(List.of(), b(""), b(""))) {
      assertTrue(cursor.nextRow());
      assertTrue(cursor.nextCell());
      assertTrue(cursor.seekFamily(b("r"), b("n"), Long.MAX_VALUE, 255));
      assertTrue(cursor.nextCell());
      assertEquals("z", s(cursor.qualifier()));
      assertFalse(cursor.seekFamily(b("r"), b("b"), Long.MAX_VALUE, 255), "never backwards");
      assertTrue(cursor.seekFamily(b("s"), b(""), Long.MAX_VALUE, 255));
      assertFalse(cursor.nextCell());
      assertTrue(cursor.nextRow());
      assertEquals("t", s(cursor.row()));
    }
  }

  @Test
  void seekFamilyBackwardsMovesThatFamilyAloneToTheEarlierRow() throws Exception {
    store = stores.open();
    Table table = store.createTable("t", newFamilies("f", "g"), List.of(), Map.of());
    for (String row : List.of("a", "b", "c")) {
      table.write(RowMutation.forRow(b(row)).add(b("f"), b("q"), 1, PUT, b(row)).add(b("g"), b("q"), 1, PUT, b(row))
          .build(), Durability.LOG);
    }
    List<String> cells = new ArrayList<>();
    try (TableCursor cursor = table.openCursor(List.of(), RowRange.reversed(b(""), b("")))) {
      assertTrue(cursor.nextRow());
      assertTrue(cursor.nextCell());
      cells.add(s(cursor.row()) + "/" + s(cursor.family()));
      assertTrue(cursor.seekFamily(b("a"), b(""), Long.MAX_VALUE, 255));
      while (cursor.nextCell()) {
        cells.add(s(cursor.row()) + "/" + s(cursor.family()));
      }
      while (cursor.nextRow()) {
        while (cursor.nextCell()) {
          cells.add(s(cursor.row()) + "/" + s(cursor.family()));
        }
      }
    }
    // Family f left row c for row a: row b is read in family g only.
    assertEquals(List.of("c/f", "c/g", "b/g", "a/f", "a/g"), cells);
  }

  @Test
  void cursorSeesOneConsistentStateWhileWritesContinue() throws Exception {
    store = stores.open();
    Table table = store.createTable("t", newFamilies("f", "g"), List.of(), Map.of());
    table.write(RowMutation.forRow(b("r")).add(b("f"), b("q"), 1, PUT, b("old"))
        .add(b("g"), b("q"), 1, PUT, b("old")).build(), Durability.LOG);
    try (TableCursor cursor = table.openCursor(List.of(), b(""), b(""))) {
      table.write(RowMutation.forRow(b("r")).add(b("f"), b("q"), 1, PUT, b("new"))
          .add(b("g"), b("q"), 1, PUT, b("new")).build(), Durability.LOG);
      assertTrue(cursor.nextRow());
      List<String> values = new ArrayList<>();
      while (cursor.nextCell()) {
        values.add(new String(cursor.value(), UTF_8));
      }
      assertEquals(List.of("old", "old"), values);
    }
    assertEquals(List.of("r/f:q/1=new", "r/g:q/1=new"), readAll(table, List.of(), "", ""));
  }

  @Test
  void erasedCellsVanishTogetherWithTheCellsWrittenBesideThem() throws Exception {
    store = stores.open();
    Table table = store.createTable("t", newFamilies("f", "g"), List.of(b("m")), Map.of());
    table.write(RowMutation.forRow(b("r")).add(b("f"), b("q"), 2, PUT, b("v2")).add(b("f"), b("q"), 1, PUT, b("v1"))
        .add(b("g"), b("q"), 1, PUT, b("g1")).build(), Durability.LOG);
    table.write(RowMutation.forRow(b("r")).erase(b("f"), b("q"), 1, PUT).erase(b("g"), b("q"), 1, PUT)
        .add(b("g"), b("q"), 3, PUT, b("g3")).build(), Durability.LOG);
    assertEquals(List.of("r/f:q/2=v2", "r/g:q/3=g3"), readAll(table, List.of(), "", ""));

    table.compactRows(b("m"), b(""));
    table.compactRows(b(""), b(""));
    assertEquals(List.of("r/f:q/2=v2", "r/g:q/3=g3"), readAll(table, List.of(), "", ""));
  }

  @Test
  void writesToUnknownFamiliesFailWithoutWritingAnything() throws Exception {
    store = stores.open();
    Table table = store.createTable("t", newFamilies("f"), List.of(), Map.of());
    RowMutation mixed = RowMutation.forRow(b("r")).add(b("f"), b("q"), 1, PUT, b("v"))
        .add(b("nope"), b("q"), 1, PUT, b("v")).build();
    assertThrows(UnknownFamilyException.class, () -> table.write(mixed, Durability.LOG));
    assertEquals(List.of(), readAll(table, List.of(), "", ""));
  }

  @Test
  void reopenRestoresTablesTabletsPropertiesAndCells() throws Exception {
    store = stores.open();
    Table created = store.createTable("ns:t", newFamilies("f", "g"), List.of(b("m")), Map.of("schema", b("s1")));
    created.write(RowMutation.forRow(b("a")).add(b("f"), b("q"), 5, PUT, b("va")).build(), Durability.LOG);
    created.write(RowMutation.forRow(b("z")).add(b("g"), b(""), -3, 12, b("")).build(), Durability.SKIP_LOG);
    store.replaceProperties("ns:t", Map.of("schema", b("s2"), "state", b("on")));
    store.putSystemProperty("cluster.id", b("abc"));
    TableDefinition before = created.definition();
    store.flush(); // the SKIP_LOG write survives only a clean close, which flushes
    store.close();

    store = stores.open();
    Table reopened = store.table("ns:t").orElseThrow();
    TableDefinition after = reopened.definition();
    assertEquals(before.id(), after.id());
    assertEquals(before.families(), after.families());
    assertEquals(before.tablets(), after.tablets());
    assertArrayEquals(b("s2"), after.property("schema").orElseThrow());
    assertArrayEquals(b("on"), after.property("state").orElseThrow());
    assertArrayEquals(b("abc"), store.systemProperty("cluster.id").orElseThrow());
    assertEquals(List.of("a/f:q/5=va", "z/g:/-3="), readAll(reopened, List.of(), "", ""));
  }

  @Test
  void shutdownSaysWhenWhatWasWrittenCouldNotBeFlushed() throws Exception {
    store = stores.open();
    Table table = store.createTable("t", newFamilies("f"), List.of(), Map.of());
    table.write(RowMutation.forRow(b("r")).add(b("f"), b("q"), 1, PUT, b("v")).build(), Durability.SKIP_LOG);
    // The volume went away under the open store (an unmounted or failed disk): the flush has nowhere to write.
    deleteRecursively(stores.storeDirectory());
    StorageException failure = assertThrows(StorageException.class, store::shutdown);
    assertTrue(failure.getMessage().contains("could not flush the memtables"), failure.getMessage());
    store.shutdown(); // closed already: nothing more to report
  }

  @Test
  void shutdownOfAHealthyStoreReportsNothing() throws Exception {
    store = stores.open();
    Table table = store.createTable("t", newFamilies("f"), List.of(), Map.of());
    table.write(RowMutation.forRow(b("r")).add(b("f"), b("q"), 1, PUT, b("v")).build(), Durability.SKIP_LOG);
    store.shutdown();
    store = stores.open();
    assertEquals(List.of("r/f:q/1=v"), readAll(store.table("t").orElseThrow(), List.of(), "", ""));
  }

  private static void deleteRecursively(Path path) throws IOException {
    try (var paths = Files.walk(path)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }

  @Test
  void alteringFamiliesKeepsOthersDataAndDropsTheDroppedOnes() throws Exception {
    store = stores.open();
    Table table = store.createTable("t", newFamilies("f", "g"), List.of(), Map.of());
    table.write(RowMutation.forRow(b("r")).add(b("f"), b("q"), 1, PUT, b("f1")).add(b("g"), b("q"), 1, PUT,
        b("g1")).build(), Durability.LOG);
    store.alterTable("t", newFamilies("h"), families("g"), List.of(), Map.of("schema", b("s2")));
    table.write(RowMutation.forRow(b("r")).add(b("h"), b("q"), 1, PUT, b("h1")).build(), Durability.LOG);
    assertEquals(List.of("r/f:q/1=f1", "r/h:q/1=h1"), readAll(table, List.of(), "", ""));
    assertThrows(UnknownFamilyException.class,
        () -> table.write(RowMutation.forRow(b("r")).add(b("g"), b("q"), 2, PUT, b("g2")).build(), Durability.LOG));

    // Adding a dropped family back gives it a fresh, empty column family; all of it survives a reopen.
    store.alterTable("t", newFamilies("g"), List.of(), List.of(), Map.of("schema", b("s3")));
    store.close();
    store = stores.open();
    Table reopened = store.table("t").orElseThrow();
    assertEquals(List.of("r/f:q/1=f1", "r/h:q/1=h1"), readAll(reopened, List.of(), "", ""));
    assertArrayEquals(b("s3"), reopened.definition().property("schema").orElseThrow());
    assertEquals(3, reopened.definition().families().size());
  }

  @Test
  void familyOptionsArePersistedAndAppliedWhenTheStoreOpens() throws Exception {
    store = stores.open();
    FamilyOptions zstd = new FamilyOptions(FamilyOptions.Compression.ZSTD, FamilyOptions.Bloom.KEY, 16 * 1024,
        true, true);
    store.createTable("t", List.of(new NewFamily(b("f"), zstd)), List.of(), Map.of());
    FamilyOptions snappy = new FamilyOptions(FamilyOptions.Compression.SNAPPY, FamilyOptions.Bloom.NONE, 4096,
        false, false);
    store.alterTable("t", List.of(), List.of(), List.of(new NewFamily(b("f"), snappy)), Map.of());
    store.close();
    store = stores.open();
    assertEquals(snappy, store.table("t").orElseThrow().definition().families().get(0).options());
    String rocksDbOptions = latestOptionsFile();
    assertTrue(rocksDbOptions.contains("compression=kSnappyCompression"), rocksDbOptions);
    assertTrue(rocksDbOptions.contains("block_size=4096"), rocksDbOptions);
  }

  private String latestOptionsFile() throws Exception {
    try (var files = java.nio.file.Files.list(stores.storeDirectory())) {
      Path newest = files.filter(p -> p.getFileName().toString().startsWith("OPTIONS-"))
          .max(java.util.Comparator.comparing(p -> Long.parseLong(p.getFileName().toString().substring(8))))
          .orElseThrow();
      return java.nio.file.Files.readString(newest);
    }
  }

  @Test
  void truncatingEmptiesEveryFamilyAndRetilesTheTable() throws Exception {
    store = stores.open();
    Table table = store.createTable("t", newFamilies("f"), List.of(b("m")), Map.of());
    table.write(RowMutation.forRow(b("a")).add(b("f"), b("q"), 1, PUT, b("v")).build(), Durability.LOG);
    store.truncateTable("t", List.of(), Map.of());
    assertEquals(List.of(), readAll(table, List.of(), "", ""));
    assertEquals(1, table.definition().tablets().size());
    table.write(RowMutation.forRow(b("b")).add(b("f"), b("q"), 1, PUT, b("w")).build(), Durability.LOG);
    store.close();
    store = stores.open();
    assertEquals(List.of("b/f:q/1=w"), readAll(store.table("t").orElseThrow(), List.of(), "", ""));
  }

  @Test
  void droppedTableLosesItsDataAndNameCanBeReused() throws Exception {
    store = stores.open();
    Table first = store.createTable("t", newFamilies("f"), List.of(), Map.of());
    first.write(RowMutation.forRow(b("r")).add(b("f"), b("q"), 1, PUT, b("v")).build(), Durability.LOG);
    TableCursor open = first.openCursor(List.of(), b(""), b(""));
    store.dropTable("t");
    assertThrows(StorageException.class, open::nextRow);
    assertThrows(UnknownTableException.class,
        () -> first.write(RowMutation.forRow(b("r")).add(b("f"), b("q"), 2, PUT, b("v")).build(), Durability.LOG));
    Table second = store.createTable("t", newFamilies("f"), List.of(), Map.of());
    assertEquals(List.of(), readAll(second, List.of(), "", ""));
    store.close();
    store = stores.open();
    assertEquals(List.of(), readAll(store.table("t").orElseThrow(), List.of(), "", ""));
  }

  @Test
  void secondOpenOfTheSameDirectoryIsRefused() throws Exception {
    store = stores.open();
    StorageException e = assertThrows(StorageException.class, stores::open);
    assertTrue(e.getMessage().contains("in use"), e.getMessage());
  }


  private static List<String> readAll(Table table, List<byte[]> families, String start, String stop)
      throws StorageException {
    List<String> cells = new ArrayList<>();
    try (TableCursor cursor = table.openCursor(families, b(start), b(stop))) {
      while (cursor.nextRow()) {
        while (cursor.nextCell()) {
          cells.add(s(cursor.row()) + "/" + s(cursor.family()) + ":" + s(cursor.qualifier()) + "/"
              + cursor.timestamp() + "=" + s(cursor.value()));
        }
      }
    }
    return cells;
  }

  private static void assertRange(TabletDefinition tablet, String start, String end) {
    assertArrayEquals(b(start), tablet.startRow());
    assertArrayEquals(b(end), tablet.endRow());
  }

  private static List<NewFamily> newFamilies(String... names) {
    return NewFamily.withDefaults(families(names));
  }

  private static List<byte[]> families(String... names) {
    List<byte[]> out = new ArrayList<>();
    for (String name : names) {
      out.add(b(name));
    }
    return out;
  }

  private static byte[] b(String s) {
    return s.getBytes(UTF_8);
  }

  private static String s(byte[] bytes) {
    return new String(bytes, UTF_8);
  }
}
