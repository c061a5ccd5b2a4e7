package io.basalt.storage;

import io.basalt.storage.TableLayouts.FamilyLoader;
import io.basalt.storage.catalog.NewFamily;
import io.basalt.storage.catalog.TableDefinition;
import io.basalt.storage.errors.SnapshotExistsException;
import io.basalt.storage.errors.StorageException;
import io.basalt.storage.errors.TableExistsException;
import io.basalt.storage.errors.UnknownSnapshotException;
import io.basalt.storage.errors.UnknownTableException;
import io.basalt.storage.snapshotfiles.SnapshotDirectory;
import io.basalt.storage.snapshotfiles.SnapshotWriter;
import io.basalt.storage.snapshotfiles.StagedSnapshot;
import io.basalt.storage.snapshotfiles.TableSnapshot;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.RocksDB;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Point-in-time copies of tables, and tables made from them. A snapshot holds the table's definition and a copy of
 * its cells as of one moment, in SST files of its own that outlive the table. Cloning creates a new table with the
 * snapshot's families, tablets and cells; restoring gives an existing table those in place of its own. Both load
 * the snapshot's files into fresh column families without copying them, and leave the snapshot as it was.
 * Obtained from {@link TabletStore#snapshots()}; runs under the store's DDL lock, so table definitions do not change
 * meanwhile, while reads and writes go on. In cluster mode each is a change of the catalog, made through its log
 * ({@link SnapshotReplication}).
 */
public final class Snapshots {
  private static final Logger LOG = LoggerFactory.getLogger(Snapshots.class);

  private final TabletStore store;
  private final TableLayouts layouts;
  private final RocksDB db;
  private final SnapshotDirectory directory;
  private final SnapshotWriter writer;
  private final Clock clock;

  Snapshots(TabletStore store, TableLayouts layouts, RocksDB db, SnapshotDirectory directory, SnapshotWriter writer,
      Clock clock) {
    this.store = store;
    this.layouts = layouts;
    this.db = db;
    this.directory = directory;
    this.writer = writer;
    this.clock = clock;
  }

  /**
   * Takes a snapshot of a table: its definition and every cell as of this moment, across all its families.
   *
   * @param properties kept with the snapshot for the caller
   * @throws SnapshotExistsException if a snapshot has that name
   * @throws UnknownTableException if the table does not exist
   */
  public TableSnapshot create(String table, String name, Map<String, byte[]> properties) throws StorageException {
    StoreReplication cluster = store.replication();
    if (cluster != null) {
      return cluster.snapshots().take(store.requireTable(table), name, properties, clock.millis());
    }
    synchronized (store.ddlLock()) {
      Table live = store.requireTable(table);
      TableDefinition definition = live.definition();
      List<ColumnFamilyHandle> handles = live.handles();
      return directory.create(name, definition, properties, clock.millis(),
          files -> writer.write(definition, handles, files));
    }
  }

  /** Every snapshot, sorted by name. */
  public List<TableSnapshot> list() throws StorageException {
    StoreReplication cluster = store.replication();
    return cluster != null ? cluster.snapshots().list() : directory.list();
  }

  public Optional<TableSnapshot> find(String name) throws StorageException {
    StoreReplication cluster = store.replication();
    return cluster != null ? cluster.snapshots().find(name) : directory.find(name);
  }

  /** This store's snapshot files: in cluster mode its copies of the cluster's snapshots. */
  SnapshotDirectory directory() {
    return directory;
  }

  /** Deletes a snapshot and its files; tables cloned or restored from it keep their data. */
  public void delete(String name) throws StorageException {
    delete(name, TabletStore.NO_NOTE);
  }

  /**
   * {@link #delete(String)} for a request carrying {@code note} (its nonce), as {@link TabletStore#dropTable(String,
   * byte[])}: in cluster mode a retry after a change of catalog leader is told the first attempt succeeded.
   */
  public void delete(String name, byte[] note) throws StorageException {
    StoreReplication cluster = store.replication();
    if (cluster != null) {
      cluster.snapshots().delete(name, note);
      return;
    }
    synchronized (store.ddlLock()) {
      store.checkOpen();
      directory.delete(name);
    }
  }

  /**
   * Creates a table from a snapshot: the snapshot's families (with their options), tablets and cells, under a new
   * name and with the given properties.
   *
   * @throws UnknownSnapshotException if the snapshot does not exist
   * @throws TableExistsException if a table has that name
   */
  public Table cloneTo(String snapshotName, String table, Map<String, byte[]> properties) throws StorageException {
    return cloneTo(snapshotName, table, properties, TabletStore.NO_NOTE);
  }

  /**
   * {@link #cloneTo(String, String, Map)} for a request carrying {@code note} (its nonce), as
   * {@link TabletStore#dropTable(String, byte[])}: in cluster mode a retry after a change of catalog leader gets the
   * table the first attempt created.
   */
  public Table cloneTo(String snapshotName, String table, Map<String, byte[]> properties, byte[] note)
      throws StorageException {
    StoreReplication cluster = store.replication();
    if (cluster != null) {
      if (store.table(table).isPresent() && !cluster.catalogNoteApplied(note)) {
        throw new TableExistsException(table);
      }
      return cluster.snapshots().cloneTo(snapshotName, table, properties, note);
    }
    synchronized (store.ddlLock()) {
      store.checkOpen();
      TableSnapshot snapshot = directory.require(snapshotName);
      if (store.table(table).isPresent()) {
        throw new TableExistsException(table);
      }
      try (StagedSnapshot staged = directory.stage(snapshot)) {
        Table created = layouts.create(table, families(snapshot), snapshot.table().tablets(), properties,
            loader(staged));
        store.register(created);
        LOG.info("Cloned {} as table {}", snapshot, table);
        return created;
      }
    }
  }

  /**
   * Gives an existing table a snapshot's families, tablets and cells in place of its own, and the given properties.
   * Cells written after the snapshot are gone; the table's old column families are dropped.
   *
   * @throws UnknownSnapshotException if the snapshot does not exist
   * @throws UnknownTableException if the table does not exist
   */
  public Table restore(String snapshotName, String table, Map<String, byte[]> properties) throws StorageException {
    return restore(snapshotName, table, properties, TabletStore.NO_NOTE);
  }

  /** {@link #restore(String, String, Map)} for a request carrying {@code note}, as {@link #cloneTo}. */
  public Table restore(String snapshotName, String table, Map<String, byte[]> properties, byte[] note)
      throws StorageException {
    StoreReplication cluster = store.replication();
    if (cluster != null) {
      store.requireTable(table);
      return cluster.snapshots().restore(snapshotName, table, properties, note);
    }
    synchronized (store.ddlLock()) {
      Table live = store.requireTable(table);
      TableSnapshot snapshot = directory.require(snapshotName);
      try (StagedSnapshot staged = directory.stage(snapshot)) {
        List<ColumnFamilyHandle> old = live.handles();
        layouts.relayout(live, List.of(), List.of(), families(snapshot), snapshot.table().tablets(), properties,
            loader(staged));
        layouts.drop(table, old);
        LOG.info("Restored table {} from {}", table, snapshot);
        return live;
      }
    }
  }

  private FamilyLoader loader(StagedSnapshot staged) {
    return (families, handles) -> staged.ingest(db, families, handles);
  }

  private static List<NewFamily> families(TableSnapshot snapshot) {
    List<NewFamily> families = new ArrayList<>();
    snapshot.table().families().forEach(family -> families.add(new NewFamily(family.name(), family.options())));
    return families;
  }
}
