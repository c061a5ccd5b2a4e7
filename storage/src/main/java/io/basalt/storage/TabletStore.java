package io.basalt.storage;

import io.basalt.storage.TableLayouts.FamilyLoader;
import io.basalt.storage.catalog.FamilyDefinition;
import io.basalt.storage.catalog.NewFamily;
import io.basalt.storage.catalog.TableDefinition;
import io.basalt.storage.catalog.TabletDefinition;
import io.basalt.storage.data.RowLocks;
import io.basalt.storage.errors.StorageException;
import io.basalt.storage.errors.TableExistsException;
import io.basalt.storage.errors.UnknownTableException;
import io.basalt.storage.keys.ByteArrays;
import io.basalt.storage.replication.ClusterSettings;
import io.basalt.storage.snapshotfiles.SnapshotDirectory;
import io.basalt.storage.snapshotfiles.SnapshotWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.FlushOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The tablet engine: one RocksDB database holding every table. Each table family is a RocksDB column family; the
 * default column family is the catalog of table definitions and server properties. Table creation, drops and
 * definition changes are serialized, as are {@link #snapshots() snapshots}; data operations go through
 * {@link Table}.
 */
public final class TabletStore implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(TabletStore.class);
  static final byte[] NO_NOTE = new byte[0];

  private final Path directory;
  private final StoreResources resources;
  private final RocksDB db;
  private final ColumnFamilyHandle catalogHandle;
  private final Catalog catalog;
  private final RowLocks rowLocks;
  private final WriteOptionsByDurability writeOptions;
  private final TableLayouts layouts;
  private final Snapshots snapshots;
  private final Clock clock;
  private final Map<String, Table> tables = new ConcurrentHashMap<>();
  private final Object ddlLock = new Object();
  private final AtomicLong lastTabletId = new AtomicLong();
  private final Tablets tablets;
  private final ClusterView clusterView = new ClusterView(this);
  private IdleIteratorSweeper idleIteratorSweeper;
  /** In cluster mode, this node's Raft groups, through which every change goes; null on a single node. */
  private volatile StoreReplication replication;
  private boolean closed;

  private TabletStore(Path directory, StoreResources resources, RocksDB db, ColumnFamilyHandle catalogHandle,
      StoreOptions options, Clock clock) throws StorageException {
    this.directory = directory;
    this.resources = resources;
    this.db = db;
    this.catalogHandle = catalogHandle;
    this.catalog = new Catalog(db, catalogHandle);
    this.rowLocks = new RowLocks(options.rowLockWait());
    this.writeOptions = new WriteOptionsByDurability();
    this.layouts = new TableLayouts(db, resources, catalog, rowLocks, writeOptions,
        new ColumnFamilyMoves(db, directory.resolve("moves")));
    this.snapshots = new Snapshots(this, layouts, db, SnapshotDirectory.open(directory.resolve("snapshots")),
        new SnapshotWriter(db, resources.dbOptions(), resources::dataOptions), clock);
    this.clock = clock;
    this.tablets = new Tablets(this, catalog);
  }

  /** Opens (creating if needed) the store in {@code directory} and restores every table it holds. */
  public static TabletStore open(Path directory, StoreOptions options) throws StorageException {
    return open(directory, options, Clock.systemUTC());
  }

  static TabletStore open(Path directory, StoreOptions options, Clock clock) throws StorageException {
    RocksLibrary.load();
    StoreResources resources = new StoreResources(options);
    StoreDirectory.Opened opened;
    try {
      opened = StoreDirectory.open(directory, resources);
    } catch (StorageException | RuntimeException e) {
      resources.close();
      throw e;
    }
    try {
      TabletStore store = new TabletStore(directory, resources, opened.db(), opened.catalogHandle(), options, clock);
      store.restoreTables(opened.families());
      store.idleIteratorSweeper = new IdleIteratorSweeper(store.tables::values);
      return store;
    } catch (StorageException | RuntimeException e) {
      opened.close();
      resources.close();
      throw e;
    }
  }

  /**
   * Opens the store in {@code directory} as one member of a cluster: every change of the catalog and every write goes
   * through a Raft group (see {@link StoreReplication}), and reads are served by the tablet's leader. The directory
   * must be empty or this member's own: one holding a single node's tables, another cluster's data or another
   * node's is refused, since joining with it would silently diverge from the other replicas.
   *
   * @param tabletTransfer how a tablet's rows are written out for, and installed by, a replica catching up: the
   *     {@code storage.transfer} package's {@code SstTabletTransfer}
   */
  public static TabletStore openReplicated(Path directory, StoreOptions options, ClusterSettings cluster,
      TabletTransfer tabletTransfer) throws StorageException {
    TabletStore store = open(directory, options);
    try {
      StoreMembership.check(store.catalog, directory, !store.tables.isEmpty(), cluster);
      StoreReplication.start(store, store.db, store.catalogHandle, cluster, tabletTransfer);
      return store;
    } catch (StorageException | RuntimeException e) {
      store.close();
      throw e;
    }
  }

  /** Called by {@link StoreReplication} before its Raft server starts, so replicas recovering find it. */
  void attach(StoreReplication cluster) {
    this.replication = cluster;
    tables.values().forEach(table -> table.replicateThrough(cluster.tabletRequests()));
  }

  /** The cluster-mode part of this store, or null on a single node. */
  StoreReplication replication() {
    return replication;
  }

  /** What this store knows of its cluster: the leaders of its tablets and catalog, the changes it applied. */
  public ClusterView cluster() {
    return clusterView;
  }

  Table tableById(long id) {
    for (Table table : tables.values()) {
      if (table.definition().id() == id) {
        return table;
      }
    }
    return null;
  }

  Catalog catalog() {
    return catalog;
  }

  public Path directory() {
    return directory;
  }

  public Collection<Table> tables() {
    return List.copyOf(tables.values());
  }

  public Optional<Table> table(String name) {
    return Optional.ofNullable(tables.get(name));
  }

  /** Splits and merges of tablets. */
  public Tablets tablets() {
    return tablets;
  }

  /** Snapshots of tables, and tables cloned or restored from them. */
  public Snapshots snapshots() {
    return snapshots;
  }

  /**
   * Creates a table with the given families and one tablet per range between consecutive split rows.
   *
   * @param splitRows strictly increasing, non-empty row keys; empty for a single tablet
   */
  public Table createTable(String name, List<NewFamily> families, List<byte[]> splitRows,
      Map<String, byte[]> properties) throws StorageException {
    return createTable(name, families, splitRows, properties, NO_NOTE);
  }

  /**
   * {@link #createTable(String, List, List, Map)} for a request carrying {@code note} (its nonce): in cluster mode a
   * retry of that request, after a change of catalog leader lost the first attempt's answer, gets the table the
   * first attempt created instead of {@link TableExistsException}. Ignored on a single node.
   */
  public Table createTable(String name, List<NewFamily> families, List<byte[]> splitRows,
      Map<String, byte[]> properties, byte[] note) throws StorageException {
    if (families.isEmpty()) {
      throw new IllegalArgumentException("table " + name + " needs at least one family");
    }
    StoreReplication cluster = replication;
    if (cluster != null) {
      checkOpen();
      if (tables.containsKey(name)) {
        if (cluster.catalogNoteApplied(note)) {
          return tables.get(name);
        }
        throw new TableExistsException(name);
      }
      List<FamilyDefinition> template = new ArrayList<>();
      families.forEach(family -> template.add(new FamilyDefinition(family.name(), "", family.options())));
      return cluster.catalogChanges().createTable(new TableDefinition(0, name, template, tabletsFor(splitRows),
          properties, template.size()), note);
    }
    synchronized (ddlLock) {
      checkOpen();
      if (tables.containsKey(name)) {
        throw new TableExistsException(name);
      }
      Table table = layouts.create(name, families, tabletsFor(splitRows), properties, FamilyLoader.EMPTY);
      tables.put(name, table);
      return table;
    }
  }

  /**
   * A cluster's catalog replica creating a table the catalog's log decided, under the entry's index as its id, with
   * the families given (and the indexes they were created at).
   */
  Table createLocally(long tableId, String name, List<FamilyDefinition> families, List<TabletDefinition> tablets,
      Map<String, byte[]> properties) throws StorageException {
    synchronized (ddlLock) {
      checkOpen();
      for (TabletDefinition tablet : tablets) {
        lastTabletId.accumulateAndGet(tablet.id(), Math::max);
      }
      Table table = layouts.createAs(tableId, name, families, tablets, properties, FamilyLoader.EMPTY);
      StoreReplication cluster = replication;
      if (cluster != null) {
        table.replicateThrough(cluster.tabletRequests());
      }
      tables.put(name, table);
      return table;
    }
  }

  /** Drops a table and all its data. */
  public void dropTable(String name) throws StorageException {
    dropTable(name, NO_NOTE);
  }

  /**
   * {@link #dropTable(String)} for a request carrying {@code note} (its nonce): in cluster mode, once applied,
   * {@link #catalogNoteApplied} knows it, so a master retrying the request after a change of catalog leader can
   * tell the first attempt succeeded. Ignored on a single node; the same holds for the other changes taking a note.
   */
  public void dropTable(String name, byte[] note) throws StorageException {
    StoreReplication cluster = replication;
    if (cluster != null) {
      requireTable(name);
      cluster.catalogChanges().dropTable(name, note);
      return;
    }
    dropLocally(name);
  }

  void dropLocally(String name) throws StorageException {
    synchronized (ddlLock) {
      Table table = requireTable(name);
      catalog.deleteTable(table.definition().id());
      tables.remove(name);
      layouts.drop(name, table.markDropped());
      LOG.info("Dropped table {}", name);
    }
  }

  /**
   * Changes a table's families and properties in one step: each added family starts empty, each dropped family's
   * data is deleted, and each changed family writes its files with its new options from now on: it moves, files and
   * all, into a new column family created with them (see {@link ColumnFamilyMoves}), while the table's writes wait.
   *
   * <p>RocksDB's SetOptions could change a live column family's compression, but not through rocksdbjni 10.10.1,
   * which writes the compression type under its Java name ({@code compression=ZSTD_COMPRESSION}, refused with
   * "Error parsing:: compression"), and it has no way to change the block-based table options at all.
   */
  public Table alterTable(String name, List<NewFamily> addFamilies, List<byte[]> dropFamilies,
      List<NewFamily> changedFamilies, Map<String, byte[]> properties) throws StorageException {
    return alterTable(name, addFamilies, dropFamilies, changedFamilies, properties, NO_NOTE);
  }

  /** {@link #alterTable(String, List, List, List, Map)} for a request carrying {@code note} (see dropTable). */
  public Table alterTable(String name, List<NewFamily> addFamilies, List<byte[]> dropFamilies,
      List<NewFamily> changedFamilies, Map<String, byte[]> properties, byte[] note) throws StorageException {
    StoreReplication cluster = replication;
    if (cluster != null) {
      return cluster.catalogChanges().alterTable(requireTable(name).definition(), addFamilies, dropFamilies,
          changedFamilies, properties, note);
    }
    synchronized (ddlLock) {
      Table table = requireTable(name);
      layouts.alter(table, addFamilies, dropFamilies, changedFamilies, properties);
      return table;
    }
  }

  /** Deletes every cell of a table at once: its families get fresh column families, its tablets new ids. */
  public Table truncateTable(String name, List<byte[]> splitRows, Map<String, byte[]> properties)
      throws StorageException {
    return truncateTable(name, splitRows, properties, NO_NOTE);
  }

  /** {@link #truncateTable(String, List, Map)} for a request carrying {@code note} (see dropTable). */
  public Table truncateTable(String name, List<byte[]> splitRows, Map<String, byte[]> properties, byte[] note)
      throws StorageException {
    StoreReplication cluster = replication;
    if (cluster != null) {
      return cluster.catalogChanges().truncateTable(requireTable(name).definition(), tabletsFor(splitRows),
          properties, note);
    }
    synchronized (ddlLock) {
      Table table = requireTable(name);
      layouts.truncate(table, tabletsFor(splitRows), properties);
      return table;
    }
  }

  /**
   * A cluster's catalog replica changing a table as its log decided (see {@link TableLayouts#reshape}): an alter of
   * its families, or a truncate. Applied again, it changes nothing.
   *
   * @return whether anything changed
   */
  boolean reshapeLocally(Table table, TableDefinition target) throws StorageException {
    synchronized (ddlLock) {
      checkOpen();
      for (TabletDefinition tablet : target.tablets()) {
        lastTabletId.accumulateAndGet(tablet.id(), Math::max);
      }
      return layouts.reshape(table, target);
    }
  }

  Table requireTable(String name) throws StorageException {
    checkOpen();
    Table table = tables.get(name);
    if (table == null) {
      throw new UnknownTableException(name);
    }
    return table;
  }

  /** Makes a table just created under the DDL lock known by its name. */
  void register(Table table) {
    tables.put(table.name(), table);
  }

  /** Serializes changes to table definitions, and to snapshots. */
  Object ddlLock() {
    return ddlLock;
  }

  /** Replaces the properties of a table (the layer above keeps its schema and state there). */
  public Table replaceProperties(String name, Map<String, byte[]> properties) throws StorageException {
    return replaceProperties(name, properties, NO_NOTE);
  }

  /** {@link #replaceProperties(String, Map)} for a request carrying {@code note} (see dropTable). */
  public Table replaceProperties(String name, Map<String, byte[]> properties, byte[] note) throws StorageException {
    StoreReplication cluster = replication;
    if (cluster != null) {
      requireTable(name);
      return cluster.catalogChanges().replaceProperties(name, properties, note);
    }
    return replacePropertiesLocally(name, properties);
  }

  Table replacePropertiesLocally(String name, Map<String, byte[]> properties) throws StorageException {
    synchronized (ddlLock) {
      checkOpen();
      Table table = tables.get(name);
      if (table == null) {
        throw new UnknownTableException(name);
      }
      TableDefinition next = table.definition().withProperties(properties);
      catalog.putTable(next);
      table.replaceDefinition(next);
      return table;
    }
  }

  public Optional<byte[]> systemProperty(String key) throws StorageException {
    return catalog.systemProperty(key);
  }

  /** Sets a server property; in cluster mode on every node, through the catalog's log. */
  public void putSystemProperty(String key, byte[] value) throws StorageException {
    StoreReplication cluster = replication;
    if (cluster != null) {
      cluster.catalogChanges().putSystemProperty(key, value);
      return;
    }
    putSystemPropertyLocally(key, value);
  }

  void putSystemPropertyLocally(String key, byte[] value) throws StorageException {
    catalog.putSystemProperty(key, value);
  }

  /** The shared block cache's size, contents and lookups since the store opened. */
  public BlockCacheFigures blockCacheFigures() {
    return resources.blockCacheFigures();
  }

  /**
   * How many families have a memtable waiting to be flushed: HBase's flush queue, counted by store. Under the DDL lock,
   * as is flush.
   */
  public long familiesAwaitingFlush() throws StorageException {
    synchronized (ddlLock) {
      try {
        long waiting = 0;
        for (ColumnFamilyHandle family : allFamilies()) {
          waiting += db.getLongProperty(family, "rocksdb.mem-table-flush-pending");
        }
        return waiting;
      } catch (RocksDBException e) {
        throw new StorageException("cannot read RocksDB's flush backlog: " + e.getMessage(), e);
      }
    }
  }

  /** RocksDB's own figures: stalls, compaction backlog, memory, bytes written. Under the DDL lock, as is flush. */
  public EngineFigures engineFigures() throws StorageException {
    synchronized (ddlLock) {
      try {
        return EngineFigures.measure(db, allFamilies());
      } catch (RocksDBException e) {
        throw new StorageException("cannot read RocksDB's figures: " + e.getMessage(), e);
      }
    }
  }

  /**
   * Writes all memtables to SST files, so the next open replays no log. Under the DDL lock: a table dropped meanwhile
   * (in cluster mode a replica flushes for its group's snapshot while the catalog's replica drops a table) closes its
   * column family handles, and RocksDB flushing through a closed handle crashed the JVM (SIGSEGV in
   * {@code DBImpl::Flush}, seen in {@code ReplicaInstallTest}).
   */
  public void flush() throws StorageException {
    synchronized (ddlLock) {
      try (FlushOptions flushOptions = new FlushOptions().setWaitForFlush(true)) {
        db.flush(flushOptions, allFamilies());
      } catch (RocksDBException e) {
        throw new StorageException("flush failed: " + e.getMessage(), e);
      }
    }
  }

  /** Every column family of the store, the catalog's first; call holding the DDL lock, which keeps them open. */
  private List<ColumnFamilyHandle> allFamilies() {
    List<ColumnFamilyHandle> all = new ArrayList<>();
    all.add(catalogHandle);
    tables.values().forEach(t -> all.addAll(t.handles()));
    return all;
  }

  /** Closes every cursor and the database, logging what could not be made durable. Safe to call more than once. */
  @Override
  public void close() {
    try {
      shutdown();
    } catch (StorageException e) {
      LOG.warn("{}", e.getMessage());
    }
  }

  /**
   * Closes the store as {@link #close} does and says whether everything written reached its files: throws if the
   * memtables could not be flushed, the log synced or RocksDB closed cleanly, so a stopping server can exit with a
   * failure instead of claiming a clean stop. The store is closed either way. Does nothing the second time.
   */
  public void shutdown() throws StorageException {
    List<String> failures = new ArrayList<>();
    StoreReplication cluster = replication;
    if (cluster != null) {
      // First the Raft server, outside the DDL lock its catalog replica may be waiting for: nothing applies after.
      try {
        cluster.close();
      } catch (StorageException e) {
        failures.add(e.getMessage());
      }
    }
    synchronized (ddlLock) {
      if (closed) {
        return;
      }
      closed = true;
      idleIteratorSweeper.close();
      for (Table table : tables.values()) {
        table.closeCursors("the store is closing");
      }
      try {
        // Writes made without the log (SKIP_WAL) live only in memtables: a clean stop keeps them, as HBase's does.
        flush();
      } catch (StorageException e) {
        failures.add("could not flush the memtables (" + e.getMessage() + ")");
      }
      try {
        db.syncWal();
      } catch (RocksDBException e) {
        failures.add("could not sync the write-ahead log (" + e.getMessage() + ")");
      }
      for (Table table : tables.values()) {
        table.handles().forEach(ColumnFamilyHandle::close);
      }
      tables.clear();
      writeOptions.close();
      catalogHandle.close();
      try {
        db.closeE();
      } catch (RocksDBException e) {
        failures.add("could not close RocksDB cleanly (" + e.getMessage() + ")");
      }
      resources.close();
    }
    if (!failures.isEmpty()) {
      throw new StorageException("store at " + directory + " closed uncleanly: " + String.join("; ", failures)
          + "; what the log holds is replayed at the next start");
    }
    LOG.info("Closed store at {}", directory);
  }

  private void restoreTables(Map<String, ColumnFamilyHandle> handlesByName) throws StorageException {
    for (Table table : layouts.restore(handlesByName)) {
      table.definition().tablets().forEach(this::noteTabletId);
      tables.put(table.name(), table);
    }
    LOG.info("Opened store at {} with {} tables", directory, tables.size());
  }

  /** Notes a tablet id handed out elsewhere (a cluster's log), so none handed out here repeats it. */
  void noteTabletId(TabletDefinition tablet) {
    lastTabletId.accumulateAndGet(tablet.id(), Math::max);
  }

  /** A tablet id above every one handed out: the current time in milliseconds, unless that was used already. */
  long nextTabletId() {
    return lastTabletId.updateAndGet(last -> Math.max(last + 1, clock.millis()));
  }

  private List<TabletDefinition> tabletsFor(List<byte[]> splitRows) {
    long id = nextTabletId();
    List<TabletDefinition> tablets = new ArrayList<>();
    byte[] start = ByteArrays.EMPTY;
    for (byte[] split : splitRows) {
      if (split.length == 0) {
        throw new IllegalArgumentException("split rows must not be empty");
      }
      tablets.add(new TabletDefinition(id, start, split));
      start = split;
    }
    tablets.add(new TabletDefinition(id, start, ByteArrays.EMPTY));
    return tablets;
  }

  void checkOpen() throws StorageException {
    if (closed) {
      throw new StorageException("the store at " + directory + " is closed");
    }
  }
}
