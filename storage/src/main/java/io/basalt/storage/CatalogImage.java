package io.basalt.storage;

import io.basalt.storage.catalog.CatalogCodec;
import io.basalt.storage.catalog.LengthPrefixed;
import io.basalt.storage.catalog.TableDefinition;
import io.basalt.storage.errors.StorageException;
import io.basalt.storage.replication.AppliedIndex;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.Snapshot;

/**
 * The catalog's replicated state as one node holds it at one moment, which a replica too far behind installs: the
 * table definitions, the server properties but the node's own {@code cluster.membership}, the snapshot records
 * ({@link SnapshotReplication}), and the catalog group's applied index, all read through one RocksDB snapshot.
 *
 * <p>A catalog change and the record of its index are two synced writes (see {@link CatalogReplica}), so the image
 * may hold the change of the entry after its applied index; the installing replica then applies that entry again,
 * which changes nothing, as every catalog entry is idempotent.
 */
record CatalogImage(AppliedIndex applied, List<TableDefinition> tables, Map<String, byte[]> properties,
    Map<String, byte[]> snapshots) {
  static final String FILE_NAME = "catalog.image";
  /** Format 2 adds the snapshot records; an image of format 1 (a node of an older version) has none. */
  private static final int FORMAT = 2;
  private static final String RECORD = "catalog image";

  CatalogImage {
    tables = List.copyOf(tables);
    properties = new TreeMap<>(properties);
    snapshots = new TreeMap<>(snapshots);
  }

  /** Reads the image of the catalog in {@code db} at one snapshot. */
  static CatalogImage read(RocksDB db, ColumnFamilyHandle catalogHandle, byte[] appliedKey) throws StorageException {
    Catalog catalog = new Catalog(db, catalogHandle);
    Snapshot snapshot = db.getSnapshot();
    try (ReadOptions at = new ReadOptions().setSnapshot(snapshot)) {
      AppliedIndex applied = AppliedIndex.fromBytes(db.get(catalogHandle, at, appliedKey));
      Map<String, byte[]> properties = catalog.systemProperties(at);
      properties.remove(StoreMembership.PROPERTY);
      return new CatalogImage(applied, catalog.loadTables(at), properties, catalog.snapshots(at));
    } catch (RocksDBException e) {
      throw RocksErrors.of("reading the catalog's applied index", e);
    } catch (IllegalArgumentException e) {
      throw new StorageException("corrupt applied index of the catalog: " + e.getMessage(), e);
    } finally {
      db.releaseSnapshot(snapshot);
    }
  }

  byte[] encode() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(1024);
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeByte(FORMAT);
      out.write(applied.toBytes());
      out.writeInt(tables.size());
      for (TableDefinition table : tables) {
        LengthPrefixed.writeBytes(out, CatalogCodec.encode(table));
      }
      LengthPrefixed.writeMap(out, properties);
      LengthPrefixed.writeMap(out, snapshots);
    } catch (IOException e) {
      throw new UncheckedIOException("in-memory stream failed", e);
    }
    return bytes.toByteArray();
  }

  static CatalogImage decode(byte[] image) throws IOException {
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(image))) {
      int format = in.readUnsignedByte();
      if (format != 1 && format != FORMAT) {
        throw new IOException("catalog image of unknown format " + format);
      }
      AppliedIndex applied = AppliedIndex.fromBytes(in.readNBytes(2 * Long.BYTES));
      int count = LengthPrefixed.readLength(in, RECORD);
      List<TableDefinition> tables = new ArrayList<>(count);
      for (int i = 0; i < count; i++) {
        tables.add(CatalogCodec.decode(LengthPrefixed.readBytes(in, RECORD)));
      }
      Map<String, byte[]> properties = LengthPrefixed.readMap(in, RECORD);
      Map<String, byte[]> snapshots = format == 1 ? Map.of() : LengthPrefixed.readMap(in, RECORD);
      if (in.available() > 0) {
        throw new IOException("catalog image has trailing bytes");
      }
      return new CatalogImage(applied, tables, properties, snapshots);
    } catch (IllegalArgumentException e) {
      throw new IOException("corrupt catalog image: " + e.getMessage(), e);
    }
  }
}
