package io.basalt.storage.snapshotfiles;

import io.basalt.storage.catalog.FamilyDefinition;
import io.basalt.storage.errors.StorageException;
import io.basalt.storage.keys.ByteArrays;
import io.basalt.storage.snapshotfiles.TableSnapshot.FamilyFile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.IngestExternalFileOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A snapshot's files linked into a private staging directory, ready to be ingested into new column families.
 * RocksDB ingests a file by moving it into the database, so it is given these extra links and the snapshot keeps
 * its own: nothing is copied, and the snapshot stays intact and usable again. Close to remove what was not
 * ingested.
 */
public final class StagedSnapshot implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(StagedSnapshot.class);

  private final TableSnapshot snapshot;
  private final Path directory;

  StagedSnapshot(TableSnapshot snapshot, Path directory) {
    this.snapshot = snapshot;
    this.directory = directory;
  }

  /**
   * Loads each family's cells into the new, empty column family created for it.
   *
   * @param families families of the snapshot's table (matched by name), in the order of {@code handles}
   */
  public void ingest(RocksDB db, List<FamilyDefinition> families, List<ColumnFamilyHandle> handles)
      throws StorageException {
    try (IngestExternalFileOptions options = new IngestExternalFileOptions()
        .setMoveFiles(true)
        // The file shares its data with the snapshot's own link: record its sequence number in the database's
        // manifest, never by rewriting the file.
        .setWriteGlobalSeqno(false)
        .setAllowGlobalSeqNo(true)) {
      for (FamilyFile file : snapshot.files()) {
        int target = indexOf(families, file.family());
        Path staged = directory.resolve(file.fileName());
        try {
          db.ingestExternalFile(handles.get(target), List.of(staged.toString()), options);
        } catch (RocksDBException e) {
          throw new StorageException("cannot load " + staged + " of " + snapshot + ": " + e.getMessage(), e);
        }
      }
    }
  }

  private int indexOf(List<FamilyDefinition> families, byte[] family) throws StorageException {
    for (int i = 0; i < families.size(); i++) {
      if (Arrays.equals(families.get(i).name(), family)) {
        return i;
      }
    }
    throw new StorageException("family " + ByteArrays.toPrintable(family) + " of " + snapshot
        + " has no column family to be loaded into");
  }

  @Override
  public void close() {
    try {
      DurableFiles.removeTree(directory);
    } catch (IOException e) {
      // Only links to data the snapshot still holds are left; the store removes them when it next opens.
      LOG.warn("Could not remove staging directory {}: {}", directory, e.getMessage());
    }
  }
}
