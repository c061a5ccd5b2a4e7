package io.basalt.storage;

import io.basalt.storage.catalog.CatalogCodec;
import io.basalt.storage.catalog.TableDefinition;
import io.basalt.storage.errors.StorageException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.WriteOptions;

/**
 * Table definitions and server properties, kept in RocksDB's default column family. Every change is one synced
 * put, so metadata survives a machine crash and is never half-written.
 */
final class Catalog {
  private static final byte[] TABLE_PREFIX = "table/".getBytes(StandardCharsets.UTF_8);
  private static final String SYSTEM_PREFIX = "sys/";
  /** A cluster's snapshot records, by name ({@link SnapshotReplication}). */
  private static final String SNAPSHOT_PREFIX = "snapshot/";
  private static final byte[] NEXT_TABLE_ID = "meta/next-table-id".getBytes(StandardCharsets.UTF_8);

  private final RocksDB db;
  private final ColumnFamilyHandle handle;

  Catalog(RocksDB db, ColumnFamilyHandle handle) {
    this.db = db;
    this.handle = handle;
  }

  List<TableDefinition> loadTables() throws StorageException {
    try (ReadOptions now = new ReadOptions()) {
      return loadTables(now);
    }
  }

  /** The table definitions as {@code read} sees them (e.g. at a RocksDB snapshot). */
  List<TableDefinition> loadTables(ReadOptions read) throws StorageException {
    List<TableDefinition> tables = new ArrayList<>();
    try (RocksIterator iterator = db.newIterator(handle, read)) {
      for (iterator.seek(TABLE_PREFIX); iterator.isValid(); iterator.next()) {
        byte[] key = iterator.key();
        if (!startsWith(key, TABLE_PREFIX)) {
          break;
        }
        try {
          tables.add(CatalogCodec.decode(iterator.value()));
        } catch (IOException e) {
          throw new StorageException("corrupt catalog entry " + new String(key, StandardCharsets.UTF_8) + ": "
              + e.getMessage(), e);
        }
      }
      iterator.status();
    } catch (RocksDBException e) {
      throw new StorageException("cannot read the catalog: " + e.getMessage(), e);
    }
    return tables;
  }

  long allocateTableId() throws StorageException {
    try {
      byte[] current = db.get(handle, NEXT_TABLE_ID);
      long id = current == null ? 1 : ByteBuffer.wrap(current).getLong();
      put(NEXT_TABLE_ID, ByteBuffer.allocate(Long.BYTES).putLong(id + 1).array());
      return id;
    } catch (RocksDBException e) {
      throw new StorageException("cannot allocate a table id: " + e.getMessage(), e);
    }
  }

  void putTable(TableDefinition table) throws StorageException {
    put(tableKey(table.id()), CatalogCodec.encode(table));
  }

  void deleteTable(long tableId) throws StorageException {
    try (WriteOptions sync = new WriteOptions().setSync(true)) {
      db.delete(handle, sync, tableKey(tableId));
    } catch (RocksDBException e) {
      throw RocksErrors.of("deleting the catalog entry of table id " + tableId, e);
    }
  }

  Optional<byte[]> systemProperty(String key) throws StorageException {
    try {
      return Optional.ofNullable(db.get(handle, systemKey(key)));
    } catch (RocksDBException e) {
      throw new StorageException("cannot read server property " + key + ": " + e.getMessage(), e);
    }
  }

  void putSystemProperty(String key, byte[] value) throws StorageException {
    put(systemKey(key), value);
  }

  void deleteSystemProperty(String key) throws StorageException {
    try (WriteOptions sync = new WriteOptions().setSync(true)) {
      db.delete(handle, sync, systemKey(key));
    } catch (RocksDBException e) {
      throw RocksErrors.of("deleting server property " + key, e);
    }
  }

  /** Every server property, by key, as {@code read} sees them (e.g. at a RocksDB snapshot). */
  Map<String, byte[]> systemProperties(ReadOptions read) throws StorageException {
    return underPrefix(read, SYSTEM_PREFIX, "the server properties");
  }

  Optional<byte[]> snapshot(String name) throws StorageException {
    try {
      return Optional.ofNullable(db.get(handle, snapshotKey(name)));
    } catch (RocksDBException e) {
      throw new StorageException("cannot read the record of snapshot " + name + ": " + e.getMessage(), e);
    }
  }

  void putSnapshot(String name, byte[] record) throws StorageException {
    put(snapshotKey(name), record);
  }

  void deleteSnapshot(String name) throws StorageException {
    try (WriteOptions sync = new WriteOptions().setSync(true)) {
      db.delete(handle, sync, snapshotKey(name));
    } catch (RocksDBException e) {
      throw RocksErrors.of("deleting the record of snapshot " + name, e);
    }
  }

  /** Every snapshot record, by name. */
  Map<String, byte[]> snapshots() throws StorageException {
    try (ReadOptions now = new ReadOptions()) {
      return snapshots(now);
    }
  }

  /** Every snapshot record, by name, as {@code read} sees them (e.g. at a RocksDB snapshot). */
  Map<String, byte[]> snapshots(ReadOptions read) throws StorageException {
    return underPrefix(read, SNAPSHOT_PREFIX, "the snapshot records");
  }

  /** The values under keys starting with {@code prefix}, by the rest of their key. */
  private Map<String, byte[]> underPrefix(ReadOptions read, String prefix, String what) throws StorageException {
    Map<String, byte[]> values = new TreeMap<>();
    byte[] start = prefix.getBytes(StandardCharsets.UTF_8);
    try (RocksIterator iterator = db.newIterator(handle, read)) {
      for (iterator.seek(start); iterator.isValid() && startsWith(iterator.key(), start); iterator.next()) {
        String key = new String(iterator.key(), StandardCharsets.UTF_8);
        values.put(key.substring(prefix.length()), iterator.value());
      }
      iterator.status();
    } catch (RocksDBException e) {
      throw new StorageException("cannot read " + what + ": " + e.getMessage(), e);
    }
    return values;
  }

  private void put(byte[] key, byte[] value) throws StorageException {
    try (WriteOptions sync = new WriteOptions().setSync(true)) {
      db.put(handle, sync, key, value);
    } catch (RocksDBException e) {
      throw RocksErrors.of("writing the catalog", e);
    }
  }

  private static byte[] tableKey(long tableId) {
    return ByteBuffer.allocate(TABLE_PREFIX.length + Long.BYTES).put(TABLE_PREFIX).putLong(tableId).array();
  }

  private static byte[] snapshotKey(String name) {
    return (SNAPSHOT_PREFIX + name).getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] systemKey(String key) {
    return (SYSTEM_PREFIX + key).getBytes(StandardCharsets.UTF_8);
  }

  private static boolean startsWith(byte[] key, byte[] prefix) {
    if (key.length < prefix.length) {
      return false;
    }
    for (int i = 0; i < prefix.length; i++) {
      if (key[i] != prefix[i]) {
        return false;
      }
    }
    return true;
  }
}
