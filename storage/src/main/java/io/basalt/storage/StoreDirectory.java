package io.basalt.storage;

import io.basalt.storage.catalog.FamilyDefinition;
import io.basalt.storage.catalog.FamilyOptions;
import io.basalt.storage.catalog.TableDefinition;
import io.basalt.storage.errors.StorageException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;

/**
 * A store's directory opened as one RocksDB with every column family it holds, each with the storage options its
 * table's catalog record names; what the tables are is {@link TabletStore}'s to restore.
 */
final class StoreDirectory {
  private StoreDirectory() {}

  /** The open database, its catalog (default) column family, and the other column families by name. */
  record Opened(RocksDB db, ColumnFamilyHandle catalogHandle, Map<String, ColumnFamilyHandle> families) {
    /** Closes every handle and the database, for a store that could not be set up on them. */
    void close() {
      families.values().forEach(ColumnFamilyHandle::close);
      catalogHandle.close();
      db.close();
    }
  }

  /** Opens (creating if needed) the database in {@code directory}; {@code resources} stay the caller's to close. */
  static Opened open(Path directory, StoreResources resources) throws StorageException {
    prepare(directory);
    List<ColumnFamilyHandle> handles = new ArrayList<>();
    RocksDB db = null;
    try {
      List<byte[]> existing = resources.existingColumnFamilies(directory);
      Map<String, FamilyOptions> familyOptions = existing.isEmpty() ? Map.of()
          : familyOptionsInCatalog(directory, resources);
      List<ColumnFamilyDescriptor> descriptors = new ArrayList<>();
      descriptors.add(new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY, resources.catalogOptions()));
      for (byte[] name : existing) {
        if (!Arrays.equals(name, RocksDB.DEFAULT_COLUMN_FAMILY)) {
          FamilyOptions stored = familyOptions.getOrDefault(new String(name, StandardCharsets.UTF_8),
              FamilyOptions.DEFAULT);
          descriptors.add(new ColumnFamilyDescriptor(name, resources.dataOptions(stored)));
        }
      }
      db = RocksDB.open(resources.dbOptions(), directory.toString(), descriptors, handles);
      Map<String, ColumnFamilyHandle> byName = new HashMap<>();
      for (int i = 1; i < descriptors.size(); i++) {
        byName.put(new String(descriptors.get(i).getName(), StandardCharsets.UTF_8), handles.get(i));
      }
      return new Opened(db, handles.get(0), byName);
    } catch (RocksDBException e) {
      closeAll(handles, db);
      throw failure(directory, e);
    } catch (StorageException | RuntimeException e) {
      closeAll(handles, db);
      throw e;
    }
  }

  private static void closeAll(List<ColumnFamilyHandle> handles, RocksDB db) {
    handles.forEach(ColumnFamilyHandle::close);
    if (db != null) {
      db.close();
    }
  }

  /**
   * Reads each column family's storage options from the catalog before the database is opened for real, since
   * RocksDB takes a family's block-based table settings only when it opens. A read-only look at the catalog
   * family alone is enough and writes nothing.
   */
  private static Map<String, FamilyOptions> familyOptionsInCatalog(Path directory, StoreResources resources)
      throws RocksDBException, StorageException {
    List<ColumnFamilyHandle> handles = new ArrayList<>();
    try (RocksDB readOnly = RocksDB.openReadOnly(resources.dbOptions(), directory.toString(),
        List.of(new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY, resources.catalogOptions())), handles)) {
      Map<String, FamilyOptions> options = new HashMap<>();
      for (TableDefinition table : new Catalog(readOnly, handles.get(0)).loadTables()) {
        for (FamilyDefinition family : table.families()) {
          options.put(family.columnFamilyName(), family.options());
        }
      }
      return options;
    } finally {
      handles.forEach(ColumnFamilyHandle::close);
    }
  }

  private static void prepare(Path directory) throws StorageException {
    try {
      Files.createDirectories(directory);
    } catch (Exception e) {
      throw new StorageException("cannot create data directory " + directory + ": " + e.getMessage(), e);
    }
    if (!Files.isWritable(directory)) {
      throw new StorageException("data directory " + directory + " is not writable");
    }
  }

  private static StorageException failure(Path directory, RocksDBException e) {
    String message = String.valueOf(e.getMessage());
    if (message.contains("lock") && (message.contains("LOCK") || message.contains("Resource temporarily"))) {
      return new StorageException("data directory " + directory + " is in use by another process", e);
    }
    return new StorageException("cannot open the store at " + directory + ": " + message, e);
  }
}
