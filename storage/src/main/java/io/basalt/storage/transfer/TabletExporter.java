package io.basalt.storage.transfer;

import io.basalt.storage.Table;
import io.basalt.storage.catalog.FamilyDefinition;
import io.basalt.storage.errors.StorageException;
import io.basalt.storage.ingest.SstWriterOptions;
import io.basalt.storage.transfer.ExportManifest.FamilyExport;
import io.basalt.storage.transfer.RangeReader.FamilyCells;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.SstFileWriter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes the cells of a row range of a table, in every family, as of one moment, into SST files in a directory of
 * their own, with a manifest describing them ({@link ExportManifest}); {@link TabletImporter} makes another store's
 * table hold exactly those cells in that range. This is how a replica that fell too far behind, or lost its disk,
 * is given a tablet's state.
 *
 * <p>Why SST files of the range rather than a RocksDB checkpoint: every tablet of every table on a node shares the
 * node's one database, and a table's family is one column family shared by all its tablets, so a checkpoint would
 * carry every other tablet's cells too, and could only replace a whole store, not one tablet of it. Reading the
 * range and writing it with {@code SstFileWriter} copies exactly the tablet's cells; ingesting the files on the
 * other side costs no rewrite of them.
 *
 * <p>Keys and values are copied as stored, byte for byte, delete markers and every type code included: nothing is
 * interpreted, so the copy cannot differ from the original by what a reading of it would decide. All families are
 * read through one RocksDB snapshot, the {@link ReadPoint}, so they agree with each other; the caller may pin that
 * point itself (a replicated state machine pins the state after the entry it ships). The reads bypass the block
 * cache; while they run, a schema change of the table and the store's close wait for them ({@code RangeReader}
 * says why). Files are fsynced, and the manifest is written last, atomically, so a directory with a manifest holds a
 * complete export. The manifest records the digest of the exported cells, computed while they are copied.
 *
 * <p>Measured ({@code LargeTabletTransferTest}, eight runs on the 2-core build machine shared with other builds):
 * 200,000 cells of 100-byte random values in three families (ZSTD, LZ4, uncompressed), about 24 MB of keys and
 * values, 22.9 MB of SST files. The export took 0.48 to 0.98 s, some 25 to 45 MB/s: reading through JNI, writing
 * and compressing the files, and hashing. A digest of the same range took 0.17 to 0.35 s; SHA-256 itself hashes
 * some 890 MB/s here (the CPU's SHA extensions), so that is mostly the reading. The import over a range holding
 * other cells took 51 to 121 ms, of which checking the files took 36 to 63 ms; into an empty store 14 to 42 ms: it
 * costs a fraction of the export because ingestion copies nothing. One run under heavier load from other builds
 * took 1.46 s to export, 1.0 s to digest and 0.22 s to import.
 */
public final class TabletExporter {
  private static final Logger LOG = LoggerFactory.getLogger(TabletExporter.class);

  private TabletExporter() {}

  /**
   * Exports rows {@code [startRow, endRow)} (empty bounds are open) as they are now.
   *
   * @param directory where the files go; created if missing, and it must hold nothing yet
   * @throws IllegalArgumentException if the range starts after it ends
   */
  public static ExportManifest export(Table table, byte[] startRow, byte[] endRow, Path directory)
      throws StorageException {
    try (ReadPoint now = ReadPoint.take(table)) {
      return export(table, startRow, endRow, now, directory);
    }
  }

  /**
   * Exports rows {@code [startRow, endRow)} (empty bounds are open) as they were at {@code at}, which the caller
   * keeps open until this returns.
   *
   * @param directory where the files go; created if missing, and it must hold nothing yet
   * @throws IllegalArgumentException if the range starts after it ends
   */
  public static ExportManifest export(Table table, byte[] startRow, byte[] endRow, ReadPoint at, Path directory)
      throws StorageException {
    long started = System.nanoTime();
    RangeReader.checkRange(startRow, endRow);
    prepare(directory);
    try {
      ExportManifest manifest = write(table, startRow, endRow, at, directory);
      ExportFiles.writeAtomically(directory.resolve(ExportManifest.FILE_NAME), ExportManifestCodec.encode(manifest));
      LOG.info("Exported {} in {} ms to {}", manifest, (System.nanoTime() - started) / 1_000_000, directory);
      return manifest;
    } catch (StorageException | RuntimeException e) {
      discardContents(directory);
      throw e;
    } catch (IOException e) {
      discardContents(directory);
      throw new StorageException("cannot write the export manifest in " + directory + ": " + e.getMessage(), e);
    }
  }

  private static ExportManifest write(Table table, byte[] startRow, byte[] endRow, ReadPoint at, Path directory)
      throws StorageException {
    DigestBuilder digest = new DigestBuilder();
    List<FamilyExport> families = new ArrayList<>();
    RangeReader.read(table, startRow, endRow, at, "exporting rows of table " + table.name(), cells -> {
      for (FamilyCells family : cells) {
        digest.family(family.family().name());
        families.add(writeFamily(family, directory.resolve("f" + families.size() + ".sst"), digest));
      }
      return null;
    });
    return new ExportManifest(table.name(), startRow, endRow, at.sequenceNumber(), families, digest.finish());
  }

  /** Copies one family's cells into {@code file}, or writes nothing when it has none: an SST file cannot be empty. */
  private static FamilyExport writeFamily(FamilyCells family, Path file, DigestBuilder digest)
      throws StorageException {
    FamilyDefinition definition = family.family();
    RocksIterator cells = family.cells();
    try {
      cells.seekToFirst();
      if (!cells.isValid()) {
        cells.status();
        return FamilyExport.empty(definition.name());
      }
      long count = 0;
      try (SstWriterOptions options = new SstWriterOptions(definition.options());
          SstFileWriter writer = options.newWriter()) {
        writer.open(file.toString());
        for (; cells.isValid(); cells.next()) {
          byte[] key = cells.key();
          byte[] value = cells.value();
          writer.put(key, value);
          digest.cell(key, value);
          count++;
        }
        cells.status();
        writer.finish();
      }
      ExportFiles.force(file);
      return new FamilyExport(definition.name(), file.getFileName().toString(), count, Files.size(file));
    } catch (RocksDBException | IOException e) {
      throw new StorageException("cannot export the cells of family " + definition + " to " + file + ": "
          + e.getMessage(), e);
    }
  }

  private static void prepare(Path directory) throws StorageException {
    boolean empty;
    try {
      Files.createDirectories(directory);
      try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory)) {
        empty = !entries.iterator().hasNext();
      }
    } catch (IOException e) {
      throw new StorageException("cannot create the export directory " + directory + ": " + e.getMessage(), e);
    }
    if (!empty) {
      throw new StorageException("cannot export into " + directory + ": it is not empty");
    }
  }

  /** Removes what a failed export wrote, leaving the directory the caller named, empty. */
  private static void discardContents(Path directory) {
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory)) {
      for (Path entry : entries) {
        ExportFiles.removeTree(entry);
      }
    } catch (IOException e) {
      // Without a manifest the files are no export: an import refuses the directory whatever is left in it.
      LOG.warn("Could not remove what a failed export left in {}: {}", directory, e.getMessage());
    }
  }
}
