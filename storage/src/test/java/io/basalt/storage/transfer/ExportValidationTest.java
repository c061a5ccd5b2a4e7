package io.basalt.storage.transfer;

import static io.basalt.storage.transfer.TabletRows.END;
import static io.basalt.storage.transfer.TabletRows.START;
import static io.basalt.storage.transfer.TransferStores.b;
import static io.basalt.storage.transfer.TransferStores.cells;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.storage.Table;
import io.basalt.storage.TabletStore;
import io.basalt.storage.catalog.NewFamily;
import io.basalt.storage.data.Durability;
import io.basalt.storage.data.RowMutation;
import io.basalt.storage.errors.StorageException;
import io.basalt.storage.transfer.ExportManifest.FamilyExport;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * An export that is incomplete, damaged, of other families or other rows than its manifest says is refused with a
 * StorageException that says what is wrong, and the target table keeps every cell it had.
 */
class ExportValidationTest {
  @RegisterExtension
  final TransferStores stores = new TransferStores();

  private Table source;
  private Table target;
  private List<String> targetCells;
  private TabletDigest targetDigest;
  private int exports;

  /** Damages an export directory. */
  @FunctionalInterface
  private interface Damage {
    void apply(Path directory) throws IOException;
  }

  @BeforeEach
  void twoStores() throws Exception {
    source = TabletRows.sourceTable(stores.open("A"));
    target = TabletRows.targetTable(stores.open("B"));
    targetCells = cells(target, "", "");
    targetDigest = TabletDigest.of(target, b(""), b(""));
  }

  @Test
  void aMissingManifestIsNoExport() throws Exception {
    assertRefused(directory -> Files.delete(directory.resolve(ExportManifest.FILE_NAME)),
        "has no tablet-export.manifest");
  }

  @Test
  void aDamagedManifestIsRefused() throws Exception {
    assertRefused(directory -> flipByte(directory.resolve(ExportManifest.FILE_NAME), 30), "is damaged");
    assertRefused(directory -> truncate(directory.resolve(ExportManifest.FILE_NAME), 10), "is damaged");
    assertRefused(directory -> Files.write(directory.resolve(ExportManifest.FILE_NAME), b("hello")),
        "not an export manifest");
  }

  @Test
  void aManifestOfAnotherFormatVersionIsRefused() throws Exception {
    assertRefused(directory -> {
      Path manifest = directory.resolve(ExportManifest.FILE_NAME);
      byte[] bytes = Files.readAllBytes(manifest);
      bytes[8] = 2; // the version, right after the magic
      CRC32C crc = new CRC32C();
      crc.update(bytes, 0, bytes.length - 4);
      ByteBuffer.wrap(bytes, bytes.length - 4, 4).putInt((int) crc.getValue());
      Files.write(manifest, bytes);
    }, "format version 2; this build reads version 1 only");
  }

  @Test
  void aManifestNamingAFileOutsideTheExportIsRefused() throws Exception {
    assertRefused(directory -> rewrite(directory, manifest -> withFamilies(manifest, family ->
        family.hasFile() ? new FamilyExport(family.family(), "../" + family.fileName(), family.cells(),
            family.fileBytes()) : family)), "names a file ../f0.sst, which no export writes");
  }

  @Test
  void aMissingTruncatedOrDamagedFileIsRefused() throws Exception {
    assertRefused(directory -> Files.delete(directory.resolve("f1.sst")), "f1.sst: the file is missing");
    assertRefused(directory -> truncate(directory.resolve("f0.sst"), 100), "the manifest says");
    assertRefused(directory -> flipByte(directory.resolve("f0.sst"), 20), "RocksDB cannot read it");
    assertRefused(directory -> flipByte(directory.resolve("f1.sst"), Files.size(directory.resolve("f1.sst")) / 2),
        "RocksDB cannot read it");
  }

  @Test
  void aDamagedBlockInTheMiddleOfALargeFileIsFound() throws Exception {
    // Family c writes uncompressed 1 KiB blocks: some 200 of them, of which opening the file and reading its first
    // and last keys touch only the ends; only verifying every block's checksum reads the one damaged here.
    TabletStore storeD = stores.open("D");
    Table many = storeD.createTable("t", TransferStores.FAMILIES, List.of(), Map.of());
    List<RowMutation> rows = new ArrayList<>();
    for (int i = 0; i < 1_000; i++) {
      rows.add(RowMutation.forRow(b(String.format("m%04d", i))).add(b("c"), b("q"), 1, TabletRows.PUT,
          new byte[200]).build());
    }
    many.writeAll(rows, Durability.LOG);
    source = many;
    assertRefused(directory -> flipByte(directory.resolve("f2.sst"), Files.size(directory.resolve("f2.sst")) / 2),
        "block checksum mismatch");
  }

  @Test
  void aFileHoldingOtherCellsThanTheManifestSaysIsRefused() throws Exception {
    assertRefused(directory -> rewrite(directory, manifest -> withFamilies(manifest, family ->
        family.hasFile() ? new FamilyExport(family.family(), family.fileName(), family.cells() + 1,
            family.fileBytes()) : family)), "the manifest says");
    assertRefused(directory -> rewrite(directory, manifest -> new ExportManifest(manifest.tableName(),
        manifest.startRow(), b("m\u0001"), manifest.sequenceNumber(), manifest.families(), manifest.digest())),
        "keys outside the exported rows");
    assertRefused(directory -> rewrite(directory, manifest -> new ExportManifest(manifest.tableName(),
        b("m\u0000"), manifest.endRow(), manifest.sequenceNumber(), manifest.families(), manifest.digest())),
        "keys outside the exported rows");
  }

  @Test
  void anExportOfOtherFamiliesIsRefused() throws Exception {
    TabletStore storeC = stores.open("C");
    Table other = storeC.createTable("t", NewFamily.withDefaults(List.of(b("a"), b("b"), b("d"))), List.of(),
        Map.of());
    Path directory = stores.exportDirectory("families");
    TabletExporter.export(source, b(START), b(END), directory);
    StorageException refused = assertThrows(StorageException.class, () -> TabletImporter.importInto(other,
        directory));
    assertTrue(refused.getMessage().contains("the export has families [a, b, c], the table [a, b, d]"),
        refused.getMessage());
  }

  @Test
  void anExportNeverOverwritesADirectoryThatHoldsSomething() throws Exception {
    Path directory = stores.exportDirectory("busy");
    Files.createDirectories(directory);
    Files.write(directory.resolve("keep"), b("mine"));
    StorageException refused = assertThrows(StorageException.class,
        () -> TabletExporter.export(source, b(START), b(END), directory));
    assertTrue(refused.getMessage().contains("it is not empty"), refused.getMessage());
    assertEquals(List.of("keep"), List.of(directory.toFile().list()));
  }

  /** Damages a fresh export, checks the import refuses it with {@code expected}, and that the target is as it was. */
  private void assertRefused(Damage damage, String expected) throws Exception {
    Path directory = stores.exportDirectory("export-" + exports++);
    TabletExporter.export(source, b(START), b(END), directory);
    damage.apply(directory);
    StorageException refused = assertThrows(StorageException.class,
        () -> TabletImporter.importInto(target, directory));
    assertTrue(refused.getMessage().contains(expected), refused.getMessage());
    assertEquals(targetCells, cells(target, "", ""));
    assertEquals(targetDigest, TabletDigest.of(target, b(""), b("")));
  }

  private static void rewrite(Path directory, UnaryOperator<ExportManifest> change) throws IOException {
    ExportManifest manifest = ExportCheck.readManifest(directory);
    Files.write(directory.resolve(ExportManifest.FILE_NAME), ExportManifestCodec.encode(change.apply(manifest)));
  }

  private static ExportManifest withFamilies(ExportManifest manifest, UnaryOperator<FamilyExport> change) {
    List<FamilyExport> families = new ArrayList<>();
    manifest.families().forEach(family -> families.add(change.apply(family)));
    return new ExportManifest(manifest.tableName(), manifest.startRow(), manifest.endRow(),
        manifest.sequenceNumber(), families, manifest.digest());
  }

  private static void flipByte(Path file, long offset) throws IOException {
    try (RandomAccessFile bytes = new RandomAccessFile(file.toFile(), "rw")) {
      bytes.seek(offset);
      int value = bytes.read();
      bytes.seek(offset);
      bytes.write(value ^ 0x5A);
    }
  }

  private static void truncate(Path file, int bytes) throws IOException {
    try (RandomAccessFile contents = new RandomAccessFile(file.toFile(), "rw")) {
      contents.setLength(contents.length() - bytes);
    }
  }
}
