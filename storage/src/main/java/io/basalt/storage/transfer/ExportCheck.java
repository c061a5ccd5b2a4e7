package io.basalt.storage.transfer;

import io.basalt.storage.catalog.FamilyDefinition;
import io.basalt.storage.catalog.TableDefinition;
import io.basalt.storage.errors.StorageException;
import io.basalt.storage.keys.ByteArrays;
import io.basalt.storage.keys.CellKeys;
import io.basalt.storage.transfer.ExportManifest.FamilyExport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.rocksdb.Options;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDBException;
import org.rocksdb.SstFileReader;
import org.rocksdb.SstFileReaderIterator;
import org.rocksdb.TableProperties;

/**
 * Reads an export directory back and checks everything an import relies on before the import changes anything:
 * the manifest is whole and of a format this build reads, its families are the target table's, and each file is
 * there, of the recorded size, undamaged (RocksDB verifies every block's checksum), holds the recorded number of
 * cells and no deletions of its own, and only keys of the exported rows. An export copied from another node that
 * fails any of these is refused with a {@link StorageException} saying what is wrong, and the target keeps its cells.
 */
final class ExportCheck {
  private static final String BYTEWISE = "leveldb.BytewiseComparator";

  private ExportCheck() {}

  /** The manifest of the export in {@code directory}. */
  static ExportManifest readManifest(Path directory) throws StorageException {
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(directory.resolve(ExportManifest.FILE_NAME));
    } catch (NoSuchFileException e) {
      throw new StorageException("no export in " + directory + ": it has no " + ExportManifest.FILE_NAME
          + " (an export writes it last, so the export did not finish or this is not an export directory)", e);
    } catch (IOException e) {
      throw new StorageException("cannot read the export manifest in " + directory + ": " + e.getMessage(), e);
    }
    try {
      return ExportManifestCodec.decode(bytes);
    } catch (IOException e) {
      throw new StorageException("cannot import from " + directory + ": " + e.getMessage(), e);
    }
  }

  /** Checks that the export's families are exactly the table's, by name; column family names may differ. */
  static void checkFamilies(ExportManifest manifest, TableDefinition table) throws StorageException {
    List<FamilyDefinition> families = table.families();
    boolean same = families.size() == manifest.families().size();
    for (int i = 0; same && i < families.size(); i++) {
      same = families.get(i).hasName(manifest.families().get(i).family());
    }
    if (!same) {
      throw new StorageException("cannot import " + manifest + " into table " + table.name() + ": the export has "
          + "families " + names(manifest) + ", the table " + names(table));
    }
  }

  /** Checks every file the manifest names, reading each whole once. */
  static void checkFiles(ExportManifest manifest, Path directory) throws StorageException {
    byte[] low = manifest.startRow().length == 0 ? ByteArrays.EMPTY : CellKeys.rowStart(manifest.startRow());
    byte[] high = manifest.endRow().length == 0 ? null : CellKeys.rowStart(manifest.endRow());
    for (FamilyExport family : manifest.families()) {
      if (family.hasFile()) {
        checkFile(family, directory.resolve(family.fileName()), low, high);
      }
    }
  }

  private static void checkFile(FamilyExport family, Path file, byte[] low, byte[] high) throws StorageException {
    try {
      if (!Files.isRegularFile(file)) {
        throw invalid(family, file, "the file is missing");
      }
      long size = Files.size(file);
      if (size != family.fileBytes()) {
        throw invalid(family, file, "it has " + size + " bytes, the manifest says " + family.fileBytes());
      }
    } catch (IOException e) {
      throw invalid(family, file, e.getMessage());
    }
    try (Options options = new Options(); SstFileReader reader = new SstFileReader(options)) {
      reader.open(file.toString());
      reader.verifyChecksum();
      TableProperties properties = reader.getTableProperties();
      if (!BYTEWISE.equals(properties.getComparatorName())) {
        throw invalid(family, file, "its keys are ordered by " + properties.getComparatorName());
      }
      if (properties.getNumEntries() != family.cells() || properties.getNumDeletions() != 0
          || properties.getNumRangeDeletions() != 0) {
        throw invalid(family, file, "it holds " + properties.getNumEntries() + " entries, "
            + properties.getNumDeletions() + " deletions and " + properties.getNumRangeDeletions()
            + " range deletions; the manifest says " + family.cells() + " cells");
      }
      checkKeyRange(family, file, reader, low, high);
    } catch (RocksDBException e) {
      throw invalid(family, file, "RocksDB cannot read it: " + e.getMessage());
    }
  }

  /** Checks that the file's first and last keys, and so all between them, are keys of the exported rows. */
  private static void checkKeyRange(FamilyExport family, Path file, SstFileReader reader, byte[] low, byte[] high)
      throws RocksDBException, StorageException {
    try (ReadOptions read = new ReadOptions().setFillCache(false);
        SstFileReaderIterator keys = reader.newIterator(read)) {
      keys.seekToFirst();
      if (!keys.isValid()) {
        keys.status();
        throw invalid(family, file, "it holds no keys");
      }
      byte[] first = keys.key();
      keys.seekToLast();
      keys.status();
      byte[] last = keys.key();
      if (ByteArrays.compare(first, low) < 0 || (high != null && ByteArrays.compare(last, high) >= 0)) {
        throw invalid(family, file, "it holds keys outside the exported rows");
      }
    }
  }

  private static StorageException invalid(FamilyExport family, Path file, String why) {
    return new StorageException("cannot import family " + ByteArrays.toPrintable(family.family()) + " from " + file
        + ": " + why);
  }

  private static List<String> names(ExportManifest manifest) {
    List<String> names = new ArrayList<>();
    manifest.families().forEach(family -> names.add(ByteArrays.toPrintable(family.family())));
    return names;
  }

  private static List<String> names(TableDefinition table) {
    List<String> names = new ArrayList<>();
    table.families().forEach(family -> names.add(ByteArrays.toPrintable(family.name())));
    return names;
  }
}
