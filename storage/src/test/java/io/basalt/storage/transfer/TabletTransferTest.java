package io.basalt.storage.transfer;

import static io.basalt.storage.transfer.TabletRows.END;
import static io.basalt.storage.transfer.TabletRows.PUT;
import static io.basalt.storage.transfer.TabletRows.START;
import static io.basalt.storage.transfer.TransferStores.FAMILIES;
import static io.basalt.storage.transfer.TransferStores.b;
import static io.basalt.storage.transfer.TransferStores.cells;
import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.storage.Table;
import io.basalt.storage.TabletStore;
import io.basalt.storage.catalog.FamilyDefinition;
import io.basalt.storage.catalog.NewFamily;
import io.basalt.storage.data.Durability;
import io.basalt.storage.data.RowMutation;
import io.basalt.storage.data.RowRange;
import io.basalt.storage.data.TableCursor;
import io.basalt.storage.errors.StorageException;
import io.basalt.storage.transfer.ExportManifest.FamilyExport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.rocksdb.LiveFileMetaData;

/**
 * A row range exported from one store and imported into another: the target then holds exactly the source's stored
 * cells in the range, byte for byte, and nothing else of it changes; again after a restart, after a second import,
 * and after an import interrupted part way.
 */
class TabletTransferTest {
  @RegisterExtension
  final TransferStores stores = new TransferStores();

  @Test
  void theTargetHoldsExactlyTheExportedCellsOfTheRangeAndNothingElseChanges() throws Exception {
    Table source = TabletRows.sourceTable(stores.open("A"));
    TabletStore storeB = stores.open("B");
    Table target = TabletRows.targetTable(storeB);
    assertNotEquals(source.definition().families().get(0).columnFamilyName(),
        target.definition().families().get(0).columnFamilyName(), "the stores name their column families apart");
    List<String> targetBefore = cells(target, "", "");
    TabletDigest belowBefore = TabletDigest.of(target, b(""), b(START));
    TabletDigest aboveBefore = TabletDigest.of(target, b(END), b(""));

    Path directory = stores.exportDirectory("m-n");
    ExportManifest exported = TabletExporter.export(source, b(START), b(END), directory);

    List<String> sourceCells = cells(source, START, END);
    assertEquals(Set.of("3", "4", "8", "10", "12", "14"), sourceCells.stream()
        .map(cell -> cell.substring(cell.lastIndexOf('/') + 1, cell.indexOf('=', cell.lastIndexOf('/'))))
        .collect(Collectors.toSet()), "puts with and without a TTL and every kind of delete marker");
    assertEquals(sourceCells.size(), exported.cells(), "every stored cell and marker of the range, and no other");
    assertEquals(List.of("a", "b", "c"), familyNames(exported));
    assertNull(exported.families().get(2).fileName(), "family c has no cells in the range, so no file");
    assertEquals(TabletDigest.of(source, b(START), b(END)), exported.digest());
    assertEquals(exported, ExportManifest.read(directory), "the manifest on disk says the same");

    assertEquals(exported, TabletImporter.importInto(target, directory));
    assertEquals(sourceCells, cells(target, START, END));
    assertEquals(exported.digest(), TabletDigest.of(target, b(START), b(END)));
    assertEquals(belowBefore, TabletDigest.of(target, b(""), b(START)), "rows below the range are untouched");
    assertEquals(aboveBefore, TabletDigest.of(target, b(END), b("")), "rows above the range are untouched");
    assertNotEquals(targetBefore, cells(target, "", ""));

    // A second import of the same export changes nothing, and the export is still whole for it.
    assertFalse(Files.exists(directory.resolve(TabletImporter.STAGING)));
    TabletImporter.importInto(target, directory);
    assertEquals(sourceCells, cells(target, START, END));
    assertEquals(belowBefore, TabletDigest.of(target, b(""), b(START)));
    assertEquals(aboveBefore, TabletDigest.of(target, b(END), b("")));

    // All of it survives a restart: the deletion was synced, the ingested files are in RocksDB's manifest.
    stores.close("B");
    Table reopened = stores.open("B").table("t").orElseThrow();
    assertEquals(exported.digest(), TabletDigest.of(reopened, b(START), b(END)));
    assertEquals(belowBefore, TabletDigest.of(reopened, b(""), b(START)));
    assertEquals(aboveBefore, TabletDigest.of(reopened, b(END), b("")));
    // And the imported cells are ordinary cells: written over, read and compacted like any other.
    reopened.write(RowMutation.forRow(b("m")).add(b("c"), b("new"), 1, PUT, b("after")).build(), Durability.LOG);
    reopened.compact();
    assertEquals(sourceCells.size() + 1, cells(reopened, START, END).size());
  }

  @Test
  void anExportAtAReadPointHoldsThatMomentWhateverIsWrittenAfter() throws Exception {
    Table source = TabletRows.sourceTable(stores.open("A"));
    Table target = TabletRows.targetTable(stores.open("B"));
    List<String> atPoint = cells(source, START, END);
    ExportManifest exported;
    TabletDigest pointDigest;
    try (ReadPoint point = ReadPoint.take(source)) {
      source.write(RowMutation.forRow(b("m")).add(b("c"), b("later"), 1, PUT, b("later")).build(), Durability.LOG);
      source.deleteRows(b("m\u0000"), b("m\u00ff"));
      source.flush();
      pointDigest = TabletDigest.of(source, b(START), b(END), point);
      assertNotEquals(TabletDigest.of(source, b(START), b(END)), pointDigest);
      exported = TabletExporter.export(source, b(START), b(END), point, stores.exportDirectory("at-point"));
      assertEquals(point.sequenceNumber(), exported.sequenceNumber());
    }
    assertEquals(pointDigest, exported.digest());
    assertFalse(exported.families().get(2).hasFile(), "family c's cell in the range was written after the point");
    TabletImporter.importInto(target, stores.exportDirectory("at-point"));
    assertEquals(atPoint, cells(target, START, END));
  }

  @Test
  void theFamiliesOfAnExportAgreeWhileWritesGoOn() throws Exception {
    Table source = TabletRows.sourceTable(stores.open("A"));
    Table target = TabletRows.targetTable(stores.open("B"));
    AtomicBoolean stop = new AtomicBoolean();
    AtomicInteger written = new AtomicInteger();
    CompletableFuture<Void> writer = CompletableFuture.runAsync(() -> {
      try {
        // Each write gives one row the same new value in all three families, in one row mutation.
        for (int i = 0; !stop.get(); i++) {
          byte[] value = b("v" + i);
          source.write(RowMutation.forRow(b("m-written")).add(b("a"), b("w"), 1, PUT, value)
              .add(b("b"), b("w"), 1, PUT, value).add(b("c"), b("w"), 1, PUT, value).build(), Durability.LOG);
          written.incrementAndGet();
        }
      } catch (StorageException e) {
        throw new IllegalStateException(e);
      }
    });
    try {
      for (int export = 0; export < 5; export++) {
        int before = written.get();
        while (written.get() < before + 50 && !writer.isDone()) {
          Thread.onSpinWait();
        }
        assertFalse(writer.isDone(), "the writer goes on until stopped");
        Path directory = stores.exportDirectory("during-writes-" + export);
        ExportManifest exported = TabletExporter.export(source, b(START), b(END), directory);
        TabletImporter.importInto(target, directory);
        List<String> values = cells(target, "m-written", "m-written\u0000").stream()
            .map(cell -> cell.substring(cell.indexOf('='))).toList();
        assertEquals(3, values.size(), values.toString());
        assertEquals(1, Set.copyOf(values).size(), "one moment in all families: " + values);
        assertEquals(exported.digest(), TabletDigest.of(target, b(START), b(END)));
      }
    } finally {
      stop.set(true);
    }
    writer.get(30, TimeUnit.SECONDS);
  }

  @Test
  void anExportAtAReadPointOfFamiliesChangedSinceIsRefusedAndLeavesNothing() throws Exception {
    TabletStore store = stores.open("A");
    Table source = TabletRows.sourceTable(store);
    try (ReadPoint point = ReadPoint.take(source)) {
      store.alterTable("t", NewFamily.withDefaults(List.of(b("d"))), List.of(), List.of(), Map.of());
      StorageException changed = assertThrows(StorageException.class,
          () -> TabletExporter.export(source, b(START), b(END), point, stores.exportDirectory("changed")));
      assertTrue(changed.getMessage().contains("changed since the read point was taken"), changed.getMessage());
      assertEquals(List.of(), List.of(stores.exportDirectory("changed").toFile().list()), "nothing left behind");
    }
  }

  @Test
  void anImportInterruptedPartWayIsCompletedByRunningItAgain() throws Exception {
    Table source = TabletRows.sourceTable(stores.open("A"));
    Table target = TabletRows.targetTable(stores.open("B"));
    TabletDigest below = TabletDigest.of(target, b(""), b(START));
    Path directory = stores.exportDirectory("m-n");
    ExportManifest exported = TabletExporter.export(source, b(START), b(END), directory);

    // What a crash can leave, in turn: the range deleted in every family; then family a's file ingested and b's
    // not (made here by erasing b's ingested cells one by one); and a staging directory with leftover links.
    target.deleteRows(b(START), b(END));
    assertEquals(List.of(), cells(target, START, END));
    TabletImporter.importInto(target, directory);
    eraseFamily(target, "b");
    assertEquals(cells(source, START, END).stream().filter(cell -> cell.contains("/a:")).toList(),
        cells(target, START, END));
    Files.createDirectories(directory.resolve(TabletImporter.STAGING));
    Files.createLink(directory.resolve(TabletImporter.STAGING).resolve("f0.sst"), directory.resolve("f0.sst"));
    Files.write(directory.resolve(TabletImporter.STAGING).resolve("f1.sst"), new byte[] {1, 2, 3});
    assertNotEquals(exported.digest(), TabletDigest.of(target, b(START), b(END)));

    TabletImporter.importInto(target, directory);
    assertEquals(exported.digest(), TabletDigest.of(target, b(START), b(END)));
    assertEquals(cells(source, START, END), cells(target, START, END));
    assertEquals(below, TabletDigest.of(target, b(""), b(START)));
  }

  @Test
  void aReplicaWithoutCellsInTheRangeGetsTheFilesWhereNoCompactionMustMoveThem() throws Exception {
    Table source = TabletRows.sourceTable(stores.open("A"));
    Table wiped = stores.open("B").createTable("t", FAMILIES, List.of(), Map.of());
    ExportManifest middle = TabletExporter.export(source, b(START), b(END), stores.exportDirectory("m-n"));
    ExportManifest first = TabletExporter.export(source, b(""), b(START), stores.exportDirectory("below"));
    TabletImporter.importInto(wiped, stores.exportDirectory("m-n"));
    TabletImporter.importInto(wiped, stores.exportDirectory("below"));
    assertEquals(middle.digest(), TabletDigest.of(wiped, b(START), b(END)));
    assertEquals(first.digest(), TabletDigest.of(wiped, b(""), b(START)));
    // Nothing to delete, so no range deletion to stack the files above: each goes to the last level (6).
    assertEquals(Set.of(6), levelsOfFiles(wiped));

    // An import over cells goes above its range deletion, into level 0, and compactions carry it down from there.
    TabletImporter.importInto(wiped, stores.exportDirectory("m-n"));
    assertEquals(middle.digest(), TabletDigest.of(wiped, b(START), b(END)));
    assertTrue(levelsOfFiles(wiped).contains(0), levelsOfFiles(wiped).toString());
  }

  @Test
  void openBoundsReachTheFirstAndTheLastRow() throws Exception {
    Table source = TabletRows.sourceTable(stores.open("A"));
    Table target = TabletRows.targetTable(stores.open("B"));
    TabletDigest middle = TabletDigest.of(target, b(START), b(END));

    ExportManifest below = TabletExporter.export(source, b(""), b(START), stores.exportDirectory("below"));
    ExportManifest above = TabletExporter.export(source, b(END), b(""), stores.exportDirectory("above"));
    TabletImporter.importInto(target, stores.exportDirectory("below"));
    TabletImporter.importInto(target, stores.exportDirectory("above"));

    assertEquals(cells(source, "", START), cells(target, "", START));
    assertEquals(cells(source, END, ""), cells(target, END, ""));
    assertEquals(below.digest(), TabletDigest.of(target, b(""), b(START)));
    assertEquals(above.digest(), TabletDigest.of(target, b(END), b("")));
    assertEquals(middle, TabletDigest.of(target, b(START), b(END)), "the rows between are untouched");

    // The whole table at once: the target becomes a copy of the source.
    TabletImporter.importInto(target, exportWhole(source));
    assertEquals(cells(source, "", ""), cells(target, "", ""));
    assertEquals(TabletDigest.of(source, b(""), b("")), TabletDigest.of(target, b(""), b("")));
  }

  @Test
  void anEmptyRangeExportsNoFilesAndEmptiesTheRangeItIsImportedInto() throws Exception {
    Table source = TabletRows.sourceTable(stores.open("A"));
    Table target = TabletRows.targetTable(stores.open("B"));
    target.write(RowMutation.forRow(b("q")).add(b("a"), b("q"), 1, PUT, b("target")).build(), Durability.LOG);
    TabletDigest outside = TabletDigest.of(target, b(""), b("p"));

    ExportManifest empty = TabletExporter.export(source, b("p"), b("r"), stores.exportDirectory("p-r"));
    assertEquals(0, empty.cells());
    assertTrue(empty.families().stream().noneMatch(FamilyExport::hasFile));
    assertEquals(List.of(ExportManifest.FILE_NAME), List.of(stores.exportDirectory("p-r").toFile().list()));
    TabletImporter.importInto(target, stores.exportDirectory("p-r"));
    assertEquals(List.of(), cells(target, "p", "r"));
    assertEquals(TabletDigest.of(source, b("p"), b("r")), TabletDigest.of(target, b("p"), b("r")));
    assertEquals(outside, TabletDigest.of(target, b(""), b("p")));

    ExportManifest none = TabletExporter.export(source, b("m"), b("m"), stores.exportDirectory("m-m"));
    assertEquals(0, none.cells());
    TabletImporter.importInto(target, stores.exportDirectory("m-m"));
    assertEquals(outside, TabletDigest.of(target, b(""), b("p")), "a range of no rows deletes nothing");

    assertThrows(IllegalArgumentException.class,
        () -> TabletExporter.export(source, b("n"), b("m"), stores.exportDirectory("n-m")));
    assertFalse(Files.exists(stores.exportDirectory("n-m")), "refused before anything was written");
  }

  /** The LSM levels the files of the table's column families are in. */
  private static Set<Integer> levelsOfFiles(Table table) throws StorageException {
    Set<String> names = table.definition().families().stream().map(FamilyDefinition::columnFamilyName)
        .collect(Collectors.toSet());
    return table.withColumnFamilies("listing files", (db, definition, handles) -> db.getLiveFilesMetaData().stream()
        .filter(file -> names.contains(new String(file.columnFamilyName(), ISO_8859_1)))
        .map(LiveFileMetaData::level).collect(Collectors.toSet()));
  }

  /** Erases every stored cell of one family in the range, as if its file had not been ingested. */
  private static void eraseFamily(Table table, String family) throws StorageException {
    List<RowMutation> erasures = new ArrayList<>();
    try (TableCursor cursor = table.openCursor(List.of(b(family)), RowRange.forward(b(START), b(END)))) {
      while (cursor.nextRow()) {
        RowMutation.Builder row = RowMutation.forRow(cursor.row());
        while (cursor.nextCell()) {
          row.erase(cursor.family(), cursor.qualifier(), cursor.timestamp(), cursor.type());
        }
        erasures.add(row.build());
      }
    }
    table.writeAll(erasures, Durability.LOG);
  }

  private Path exportWhole(Table source) throws StorageException {
    Path directory = stores.exportDirectory("whole");
    TabletExporter.export(source, b(""), b(""), directory);
    return directory;
  }

  private static List<String> familyNames(ExportManifest manifest) {
    return manifest.families().stream().map(family -> new String(family.family(), ISO_8859_1)).toList();
  }
}
