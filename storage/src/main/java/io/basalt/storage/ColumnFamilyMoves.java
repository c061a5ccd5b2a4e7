package io.basalt.storage;

import io.basalt.storage.errors.StorageException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.rocksdb.Checkpoint;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ExportImportFilesMetaData;
import org.rocksdb.FlushOptions;
import org.rocksdb.ImportColumnFamilyOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Moves a column family's cells into a new column family that RocksDB creates with other options. RocksDB takes a
 * family's block-based table settings (block size, filter policy, block cache) only when it creates the family, and
 * its Java API can change none of them later, so a family that gets new ones moves: its memtables are flushed, its
 * files exported as hard links and imported into the new family by move. Nothing is copied, whatever the family
 * holds; the files keep the settings they were written with and stay readable, and the new family's flushes and
 * compactions write files with the new ones. The caller keeps writes out meanwhile, or they would be lost with the
 * old family.
 */
final class ColumnFamilyMoves {
  private static final Logger LOG = LoggerFactory.getLogger(ColumnFamilyMoves.class);

  private final RocksDB db;
  /** Where exports are made, next to the database; its contents matter only during a move. */
  private final Path workDirectory;

  ColumnFamilyMoves(RocksDB db, Path workDirectory) throws StorageException {
    this.db = db;
    this.workDirectory = workDirectory;
    // An export left by a crash holds only links to files the database keeps or has dropped.
    deleteRecursively(workDirectory);
  }

  /** Creates {@code to} holding the cells of {@code from}, which is left as it was; returns the new handle. */
  ColumnFamilyHandle move(ColumnFamilyHandle from, ColumnFamilyDescriptor to) throws StorageException {
    String name = new String(to.getName(), StandardCharsets.UTF_8);
    try (FlushOptions flush = new FlushOptions().setWaitForFlush(true)) {
      db.flush(flush, from);
      if (db.getColumnFamilyMetaData(from).fileCount() == 0) {
        return db.createColumnFamily(to); // RocksDB refuses to import an empty list of files
      }
    } catch (RocksDBException e) {
      throw new StorageException("cannot create column family " + name + ": " + e.getMessage(), e);
    }
    Path export = workDirectory.resolve(name);
    try {
      deleteRecursively(export);
      Files.createDirectories(workDirectory);
    } catch (IOException e) {
      throw new StorageException("cannot prepare " + workDirectory + " to move column family " + name + ": "
          + e.getMessage(), e);
    }
    try (Checkpoint checkpoint = Checkpoint.create(db);
        ExportImportFilesMetaData files = checkpoint.exportColumnFamily(from, export.toString());
        ImportColumnFamilyOptions byMove = new ImportColumnFamilyOptions().setMoveFiles(true)) {
      return db.createColumnFamilyWithImport(to, byMove, files);
    } catch (RocksDBException e) {
      throw new StorageException("cannot move the files of a column family into " + name + ": " + e.getMessage(), e);
    } finally {
      try {
        deleteRecursively(export);
      } catch (StorageException e) {
        // The links left behind cost space only until the next open, which removes them.
        LOG.warn("Could not remove the export of {}: {}", name, e.getMessage());
      }
    }
  }

  private static void deleteRecursively(Path directory) throws StorageException {
    if (!Files.exists(directory)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(directory)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    } catch (IOException e) {
      throw new StorageException("cannot remove " + directory + ": " + e.getMessage(), e);
    }
  }
}
