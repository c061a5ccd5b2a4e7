package io.basalt.storage.snapshotfiles;

import io.basalt.storage.catalog.FamilyDefinition;
import io.basalt.storage.catalog.FamilyOptions;
import io.basalt.storage.catalog.TableDefinition;
import io.basalt.storage.errors.StorageException;
import io.basalt.storage.snapshotfiles.TableSnapshot.FamilyFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.DBOptions;
import org.rocksdb.EnvOptions;
import org.rocksdb.Options;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Snapshot;
import org.rocksdb.SstFileWriter;

/**
 * Copies a table's cells as of one moment into SST files, one per family that has cells. Every family is read
 * through the same RocksDB snapshot, so the files hold one consistent state of the table across its families even
 * while writes continue; each file is written with its family's storage options and can later be ingested as is.
 */
public final class SnapshotWriter {
  private final RocksDB db;
  private final DBOptions dbOptions;
  private final Function<FamilyOptions, ColumnFamilyOptions> dataOptions;

  /** @param dataOptions the RocksDB options a family with the given storage options is written with */
  public SnapshotWriter(RocksDB db, DBOptions dbOptions, Function<FamilyOptions, ColumnFamilyOptions> dataOptions) {
    this.db = db;
    this.dbOptions = dbOptions;
    this.dataOptions = dataOptions;
  }

  /**
   * Writes the cells of {@code table}'s families into {@code directory}.
   *
   * @param handles the live column families of the table, in the order of its families
   */
  public List<FamilyFile> write(TableDefinition table, List<ColumnFamilyHandle> handles, Path directory)
      throws StorageException {
    Snapshot moment = db.getSnapshot();
    try (ReadOptions read = new ReadOptions().setSnapshot(moment).setFillCache(false)) {
      List<FamilyFile> files = new ArrayList<>();
      for (int i = 0; i < table.families().size(); i++) {
        FamilyDefinition family = table.families().get(i);
        writeFamily(family, handles.get(i), read, directory.resolve("f" + i + ".sst")).ifPresent(files::add);
      }
      return files;
    } finally {
      db.releaseSnapshot(moment);
    }
  }

  /** Writes one family's cells, or nothing when it has none: an SST file cannot be empty. */
  private Optional<FamilyFile> writeFamily(FamilyDefinition family, ColumnFamilyHandle handle, ReadOptions read,
      Path file) throws StorageException {
    try (Options options = new Options(dbOptions, dataOptions.apply(family.options()));
        EnvOptions env = new EnvOptions();
        SstFileWriter writer = new SstFileWriter(env, options);
        RocksIterator cells = db.newIterator(handle, read)) {
      cells.seekToFirst();
      if (!cells.isValid()) {
        cells.status();
        return Optional.empty();
      }
      writer.open(file.toString());
      for (; cells.isValid(); cells.next()) {
        writer.put(cells.key(), cells.value());
      }
      cells.status();
      writer.finish();
      return Optional.of(new FamilyFile(family.name(), file.getFileName().toString(), Files.size(file)));
    } catch (RocksDBException | IOException e) {
      throw new StorageException("cannot write the cells of family " + family + " to " + file + ": "
          + e.getMessage(), e);
    }
  }
}
