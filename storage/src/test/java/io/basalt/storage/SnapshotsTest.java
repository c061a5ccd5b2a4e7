package io.basalt.storage;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.storage.catalog.FamilyOptions;
import io.basalt.storage.catalog.NewFamily;
import io.basalt.storage.catalog.TabletDefinition;
import io.basalt.storage.data.Durability;
import io.basalt.storage.data.RowMutation;
import io.basalt.storage.data.TableCursor;
import io.basalt.storage.errors.SnapshotExistsException;
import io.basalt.storage.errors.StorageException;
import io.basalt.storage.errors.TableExistsException;
import io.basalt.storage.errors.UnknownFamilyException;
import io.basalt.storage.errors.UnknownSnapshotException;
import io.basalt.storage.errors.UnknownTableException;
import io.basalt.storage.snapshotfiles.TableSnapshot;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class SnapshotsTest {
  private static final int PUT = 4;

  @RegisterExtension
  final StoreInTempDirectory stores = new StoreInTempDirectory();

  private TabletStore store;

  @Test
  void cloneHoldsTheCellsOfTheMomentTheSnapshotWasTaken() throws Exception {
    store = stores.open();
    Table source = store.createTable("src", families("f", "g"), List.of(b("m")), Map.of("schema", b("s1")));
    put(source, "a", "f", "q", 1, "a1");
    put(source, "z", "g", "q", 1, "z1");
    TableSnapshot snapshot = store.snapshots().create("src", "snap", Map.of("owner", b("me")));
    put(source, "a", "f", "q", 2, "a2");
    put(source, "b", "f", "q", 1, "b1");

    Table clone = store.snapshots().cloneTo("snap", "copy", Map.of("schema", b("c1")));
    assertEquals(List.of("a/f:q/1=a1", "z/g:q/1=z1"), readAll(clone));
    Path file = stores.storeDirectory().resolve("snapshots").resolve("snap").resolve(snapshot.files().get(0).fileName());
    if (file.getFileSystem().supportedFileAttributeViews().contains("unix")) {
      assertEquals(2, Files.getAttribute(file, "unix:nlink"), "the clone shares the snapshot's file, no copy");
    }
    assertEquals(List.of("a/f:q/2=a2", "a/f:q/1=a1", "b/f:q/1=b1", "z/g:q/1=z1"), readAll(source));
    assertEquals(source.definition().tablets(), clone.definition().tablets(), "the snapshot's tablets, ids and all");
    assertArrayEquals(b("c1"), clone.definition().property("schema").orElseThrow());
    assertArrayEquals(b("me"), snapshot.property("owner").orElseThrow());
    assertArrayEquals(b("s1"), snapshot.table().property("schema").orElseThrow());

    // The two tables are independent from here on.
    put(clone, "c", "g", "q", 1, "c1");
    put(source, "d", "g", "q", 1, "d1");
    assertEquals(List.of("a/f:q/1=a1", "c/g:q/1=c1", "z/g:q/1=z1"), readAll(clone));
    assertFalse(readAll(source).contains("c/g:q/1=c1"));
  }

  @Test
  void everyFamilyIsReadAtTheSameMomentWhileWritesContinue() throws Exception {
    store = stores.open();
    Table table = store.createTable("t", families("f", "g"), List.of(), Map.of());
    AtomicBoolean stop = new AtomicBoolean();
    CompletableFuture<Void> writing = new CompletableFuture<>();
    CompletableFuture<Void> writer = CompletableFuture.runAsync(() -> {
      try {
        for (int i = 0; !stop.get(); i++) {
          table.write(RowMutation.forRow(b("r" + (i % 50))).add(b("f"), b("q"), 1, PUT, b("v" + i))
              .add(b("g"), b("q"), 1, PUT, b("v" + i)).build(), Durability.SKIP_LOG);
          if (i == 99) {
            writing.complete(null); // every row written and rewritten since: the snapshot may begin
          }
        }
      } catch (StorageException e) {
        throw new IllegalStateException(e);
      }
    });
    try {
      CompletableFuture.anyOf(writing, writer).get(60, TimeUnit.SECONDS); // a failed writer throws here
      store.snapshots().create("t", "moving", Map.of());
    } finally {
      stop.set(true);
    }
    writer.get(60, TimeUnit.SECONDS);
    int rows = 0;
    Table clone = store.snapshots().cloneTo("moving", "still", Map.of());
    try (TableCursor cursor = clone.openCursor(List.of(), b(""), b(""))) {
      while (cursor.nextRow()) {
        List<String> values = new ArrayList<>();
        while (cursor.nextCell()) {
          values.add(s(cursor.value()));
        }
        assertEquals(2, values.size(), s(cursor.row()));
        assertEquals(values.get(0), values.get(1), "row " + s(cursor.row()) + " is whole in both families");
        rows++;
      }
    }
    assertEquals(50, rows, "every row had been written before the snapshot");
  }

  @Test
  void restoreBringsBackTheSnapshotAndDropsEverythingNewer() throws Exception {
    store = stores.open();
    FamilyOptions zstd = new FamilyOptions(FamilyOptions.Compression.ZSTD, FamilyOptions.Bloom.KEY, 8192, true,
        false);
    Table table = store.createTable("t", List.of(new NewFamily(b("f"), zstd),
        new NewFamily(b("g"), FamilyOptions.DEFAULT)), List.of(b("k")), Map.of("schema", b("s1")));
    put(table, "a", "f", "q", 1, "old");
    put(table, "b", "g", "q", 1, "gone-later");
    List<TabletDefinition> tabletsThen = table.definition().tablets();
    store.snapshots().create("t", "before", Map.of());

    put(table, "a", "f", "q", 2, "new");
    put(table, "c", "f", "q", 1, "newer-row");
    store.alterTable("t", families("h"), List.of(b("g")), List.of(), Map.of("schema", b("s2")));
    store.truncateTable("t", List.of(), Map.of("schema", b("s2")));
    put(table, "d", "h", "q", 1, "after-truncate");

    Table restored = store.snapshots().restore("before", "t", Map.of("schema", b("s1"), "state", b("off")));
    assertEquals(List.of("a/f:q/1=old", "b/g:q/1=gone-later"), readAll(restored));
    assertEquals(List.of("f", "g"), restored.definition().families().stream().map(f -> s(f.name())).toList());
    assertEquals(zstd, restored.definition().family(b("f")).orElseThrow().options());
    assertEquals(tabletsThen, restored.definition().tablets());
    assertArrayEquals(b("off"), restored.definition().property("state").orElseThrow());
    assertThrows(UnknownFamilyException.class, () -> put(restored, "x", "h", "q", 1, "v"));

    put(restored, "e", "g", "q", 1, "written-after-restore");
    store.close();
    store = stores.open();
    assertEquals(List.of("a/f:q/1=old", "b/g:q/1=gone-later", "e/g:q/1=written-after-restore"),
        readAll(store.table("t").orElseThrow()));
  }

  @Test
  void emptyFamiliesHaveNoFileAndCloneEmpty() throws Exception {
    store = stores.open();
    Table table = store.createTable("t", families("f", "g"), List.of(), Map.of());
    TableSnapshot empty = store.snapshots().create("t", "empty", Map.of());
    assertEquals(0, empty.files().size());
    put(table, "r", "g", "q", 1, "v");
    TableSnapshot oneFamily = store.snapshots().create("t", "one", Map.of());
    assertEquals(1, oneFamily.files().size());
    assertArrayEquals(b("g"), oneFamily.files().get(0).family());

    Table fromEmpty = store.snapshots().cloneTo("empty", "e", Map.of());
    assertEquals(List.of(), readAll(fromEmpty));
    put(fromEmpty, "r", "f", "q", 1, "w");
    assertEquals(List.of("r/f:q/1=w"), readAll(fromEmpty));
    assertEquals(List.of("r/g:q/1=v"), readAll(store.snapshots().cloneTo("one", "o", Map.of())));
  }

  @Test
  void deletingASnapshotRemovesItsFilesButNotTablesMadeFromIt() throws Exception {
    store = stores.open();
    Table table = store.createTable("t", families("f"), List.of(), Map.of());
    put(table, "r", "f", "q", 1, "v");
    store.snapshots().create("t", "s", Map.of());
    Table clone = store.snapshots().cloneTo("s", "c", Map.of());
    store.dropTable("t");

    store.snapshots().delete("s");
    assertTrue(store.snapshots().find("s").isEmpty());
    assertEquals(List.of(), store.snapshots().list());
    try (Stream<Path> left = Files.list(stores.storeDirectory().resolve("snapshots"))) {
      assertEquals(0, left.count());
    }
    assertThrows(UnknownSnapshotException.class, () -> store.snapshots().delete("s"));
    assertThrows(UnknownSnapshotException.class, () -> store.snapshots().cloneTo("s", "c2", Map.of()));
    clone.compact();
    assertEquals(List.of("r/f:q/1=v"), readAll(clone));
  }

  @Test
  void snapshotsSurviveReopenAndCanBeUsedMoreThanOnce() throws Exception {
    store = stores.open();
    Table table = store.createTable("ns:t", families("f"), List.of(b("m")), Map.of());
    put(table, "a", "f", "q", 1, "v");
    store.snapshots().create("ns:t", "kept", Map.of("ttl", b("0")));
    long created = store.snapshots().find("kept").orElseThrow().createdMillis();
    store.close();

    store = stores.open();
    TableSnapshot kept = store.snapshots().find("kept").orElseThrow();
    assertEquals(created, kept.createdMillis());
    assertEquals("ns:t", kept.table().name());
    assertArrayEquals(b("0"), kept.property("ttl").orElseThrow());
    assertEquals(List.of("a/f:q/1=v"), readAll(store.snapshots().cloneTo("kept", "one", Map.of())));
    assertEquals(List.of("a/f:q/1=v"), readAll(store.snapshots().cloneTo("kept", "two", Map.of())));
    store.close();

    store = stores.open();
    assertEquals(List.of("a/f:q/1=v"), readAll(store.table("two").orElseThrow()));
  }

  @Test
  void refusesDuplicateNamesMissingTablesAndExistingCloneTargets() throws Exception {
    store = stores.open();
    store.createTable("t", families("f"), List.of(), Map.of());
    store.snapshots().create("t", "s", Map.of());
    assertThrows(SnapshotExistsException.class, () -> store.snapshots().create("t", "s", Map.of()));
    assertThrows(UnknownTableException.class, () -> store.snapshots().create("nope", "s2", Map.of()));
    assertThrows(TableExistsException.class, () -> store.snapshots().cloneTo("s", "t", Map.of()));
    assertThrows(UnknownTableException.class, () -> store.snapshots().restore("s", "nope", Map.of()));
    assertThrows(UnknownSnapshotException.class, () -> store.snapshots().restore("nope", "t", Map.of()));
    assertThrows(IllegalArgumentException.class, () -> store.snapshots().create("t", "", Map.of()));
    assertEquals(List.of("s"), store.snapshots().list().stream().map(TableSnapshot::name).toList());
  }

  @Test
  void anyNameIsSafeAndWorkLeftByACrashIsCleared() throws Exception {
    store = stores.open();
    Table table = store.createTable("t", families("f"), List.of(), Map.of());
    put(table, "r", "f", "q", 1, "v");
    store.snapshots().create("t", "../up/%2E é", Map.of());
    store.snapshots().create("t", ".hidden", Map.of());
    store.close();
    Path snapshots = stores.storeDirectory().resolve("snapshots");
    Files.createDirectories(snapshots.resolve(".writing-123"));
    Files.writeString(snapshots.resolve(".writing-123").resolve("f0.sst"), "half");
    Files.createDirectories(snapshots.resolve("garbage"));

    store = stores.open();
    assertEquals(List.of("../up/%2E é", ".hidden"), store.snapshots().list().stream().map(TableSnapshot::name)
        .toList());
    assertFalse(Files.exists(snapshots.resolve(".writing-123")));
    assertTrue(Files.exists(snapshots.resolve("garbage")), "an unreadable snapshot is left for an operator");
    assertFalse(Files.exists(stores.storeDirectory().resolve("up")), "names never leave the snapshots directory");
    try (Stream<Path> entries = Files.list(snapshots)) {
      assertEquals(3, entries.count());
    }
    assertEquals(List.of("r/f:q/1=v"), readAll(store.snapshots().cloneTo("../up/%2E é", "c", Map.of())));
  }


  private static void put(Table table, String row, String family, String qualifier, long ts, String value)
      throws StorageException {
    table.write(RowMutation.forRow(b(row)).add(b(family), b(qualifier), ts, PUT, b(value)).build(), Durability.LOG);
  }

  private static List<String> readAll(Table table) throws StorageException {
    List<String> cells = new ArrayList<>();
    try (TableCursor cursor = table.openCursor(List.of(), b(""), b(""))) {
      while (cursor.nextRow()) {
        while (cursor.nextCell()) {
          cells.add(s(cursor.row()) + "/" + s(cursor.family()) + ":" + s(cursor.qualifier()) + "/"
              + cursor.timestamp() + "=" + s(cursor.value()));
        }
      }
    }
    return cells;
  }

  private static List<NewFamily> families(String... names) {
    List<byte[]> list = new ArrayList<>();
    for (String name : names) {
      list.add(b(name));
    }
    return NewFamily.withDefaults(list);
  }

  private static byte[] b(String s) {
    return s.getBytes(UTF_8);
  }

  private static String s(byte[] bytes) {
    return new String(bytes, UTF_8);
  }
}
