package io.basalt.storage;

import io.basalt.storage.catalog.TableDefinition;
import io.basalt.storage.catalog.TabletDefinition;
import io.basalt.storage.errors.StorageException;
import io.basalt.storage.replication.AppliedIndex;
import io.basalt.storage.replication.ClusterSettings;
import io.basalt.storage.replication.RaftNode;
import io.basalt.storage.replication.ReplicaState;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Consumer;
import org.apache.ratis.protocol.RaftGroupId;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteOptions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The cluster-mode part of a {@link TabletStore}: this node's Raft server, the catalog's group and one group per
 * tablet, every group on every member. Writes to a table go to the log of the tablet holding their rows
 * ({@link TabletRequests}), changes of the catalog to the catalog's log ({@link CatalogChanges}); each node's
 * replicas apply them to its own store. Each group records the index it applied up to under
 * {@code raft/applied/<group>} in the catalog column family.
 *
 * <p>Group ids are derived from the cluster id and what the group replicates (the catalog; a tablet's table id, id
 * and start row), so every node names the same group the same way without telling the others.
 *
 * <p>A replica too far behind fetches its group's state from the leader and installs it ({@link TabletReplica},
 * {@link CatalogReplica}); the files move through {@code transfer/} in the store's directory: {@code exports/}
 * holds what this node wrote out for others ({@link StateExports}), {@code installs/} what it fetched
 * ({@link InstallRecords}). Installs a crash interrupted are completed at start, before the Raft server starts.
 */
final class StoreReplication implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(StoreReplication.class);
  private static final String APPLIED_PREFIX = "raft/applied/";
  /** The applied index of a new group's state that is the rows this node holds; see startFromRowsHeld. */
  private static final AppliedIndex ROWS_HELD = new AppliedIndex(0, 1);

  private final TabletStore store;
  private final RocksDB db;
  private final ColumnFamilyHandle catalogHandle;
  private final ClusterSettings settings;
  private final RaftGroupId catalogGroup;
  private final CatalogReplica catalogReplica;
  private final WriteOptions withoutLog = new WriteOptions().setDisableWAL(true);
  private final WriteOptions synced = new WriteOptions().setSync(true);
  private final InstallRecords installRecords;
  private final TabletTransfer tabletTransfer;
  /** Held (shared) by work on the store outside Ratis's threads, which the closing waits for (exclusively). */
  private final ReentrantReadWriteLock inUse = new ReentrantReadWriteLock();
  private StateExports exports;
  private TabletFences fences;
  private TabletReplacements replacements;
  private SnapshotReplication snapshots;
  private final CatalogChanges catalogChanges;
  private final TabletRequests tabletRequests;
  private final TimestampFloors timestampFloors;
  private final AtomicLong catalogInstalls = new AtomicLong();
  private final AtomicLong tabletInstalls = new AtomicLong();
  private volatile InstallStep beforeInstalling = group -> { };
  private final CompletableFuture<RaftNode> node = new CompletableFuture<>();
  private final AtomicLong leadership = new AtomicLong();
  private final List<Runnable> catalogListeners = new CopyOnWriteArrayList<>();
  private final List<Consumer<byte[]>> noteListeners = new CopyOnWriteArrayList<>();
  private volatile boolean closed;

  private StoreReplication(TabletStore store, RocksDB db, ColumnFamilyHandle catalogHandle, ClusterSettings settings,
      TabletTransfer tabletTransfer) {
    this.store = store;
    this.tabletTransfer = tabletTransfer;
    this.db = db;
    this.catalogHandle = catalogHandle;
    this.settings = settings;
    this.catalogGroup = groupId("catalog");
    this.catalogReplica = new CatalogReplica(this, catalogGroup);
    this.catalogChanges = new CatalogChanges(this, catalogGroup);
    this.tabletRequests = new TabletRequests(this);
    this.timestampFloors = new TimestampFloors(settings.clock(), settings.maxClockSkew(), db, catalogHandle);
    this.installRecords = new InstallRecords(db, catalogHandle, synced,
        store.directory().resolve("transfer").resolve("installs"));
  }

  /** Starts this node's Raft server for {@code store} and the groups of every tablet its catalog holds. */
  static StoreReplication start(TabletStore store, RocksDB db, ColumnFamilyHandle catalogHandle,
      ClusterSettings settings, TabletTransfer tabletTransfer) throws StorageException {
    StoreReplication replication = new StoreReplication(store, db, catalogHandle, settings, tabletTransfer);
    store.attach(replication);
    try {
      replication.exports = StateExports.open(store.directory().resolve("transfer").resolve("exports"),
          settings.membership().localNode());
      InterruptedInstalls.complete(replication, replication.catalogGroup, replication.catalogReplica);
      try {
        replication.fences = TabletFences.load(db, catalogHandle);
      } catch (IOException e) {
        throw new StorageException("cannot read the fenced tablets: " + e.getMessage(), e);
      }
      replication.replacements = new TabletReplacements(replication, replication.fences,
          settings.membership().localNode());
      replication.snapshots = new SnapshotReplication(replication,
          SnapshotParts.open(store.directory().resolve("transfer").resolve("snapshot-parts")));
      replication.node.complete(RaftNode.start(settings.membership(), store.directory().resolve("raft"),
          settings.raft(), replication.catalogGroup, replication::state, replication.leadership::incrementAndGet));
      replication.syncTabletGroups();
      replication.replacements.startSweeping();
      return replication;
    } catch (StorageException | RuntimeException e) {
      replication.node.completeExceptionally(e);
      replication.closeOptions();
      throw e;
    }
  }

  TabletStore store() {
    return store;
  }

  RaftGroupId catalogGroup() {
    return catalogGroup;
  }

  /** Changes whenever this node learns of a new leader of any group. */
  long leadershipVersion() {
    return leadership.get();
  }

  void onCatalogChange(Runnable listener) {
    catalogListeners.add(listener);
  }

  void onWriteNote(Consumer<byte[]> listener) {
    noteListeners.add(listener);
  }

  /** Hands a write's note to the listeners, on the tablet's applier thread. */
  void noteApplied(byte[] note) {
    if (note.length > 0) {
      noteListeners.forEach(listener -> listener.accept(note));
    }
  }

  /** Tells the listeners a catalog entry was applied here; they run on the catalog's applier thread. */
  void catalogChanged() {
    catalogListeners.forEach(Runnable::run);
  }

  ClusterSettings settings() {
    return settings;
  }

  RaftNode node() {
    return node.join();
  }

  private ReplicaState state(RaftGroupId groupId) {
    return groupId.equals(catalogGroup) ? catalogReplica : new TabletReplica(this, groupId);
  }

  RaftGroupId groupOf(long tableId, TabletDefinition tablet) {
    return groupId("tablet/" + tableId + "/" + tablet.id() + "/" + HexFormat.of().formatHex(tablet.startRow()));
  }

  private RaftGroupId groupId(String what) {
    return RaftGroupId.valueOf(UUID.nameUUIDFromBytes(
        ("basalt/" + settings.clusterId() + "/" + what).getBytes(StandardCharsets.UTF_8)));
  }

  // ---- the catalog ----

  /** Changes of the catalog made through its log. */
  CatalogChanges catalogChanges() {
    return catalogChanges;
  }

  /** Whether this node leads the catalog's group: the node whose master serves DDL. */
  boolean leadsCatalog() {
    return node().leads(catalogGroup);
  }

  int catalogLeader() {
    return node().leaderNode(catalogGroup);
  }

  boolean catalogNoteApplied(byte[] note) {
    return catalogReplica.noteApplied(note);
  }

  void awaitCatalog(long index) throws IOException {
    catalogReplica.await(index);
  }

  /** The index of the last catalog entry applied on this node. */
  long catalogApplied() {
    return catalogReplica.appliedIndex();
  }

  /** Makes this node host the group of each tablet of {@code table}; returns those groups. */
  List<RaftGroupId> ensureTabletGroups(TableDefinition table) throws StorageException {
    List<RaftGroupId> groups = new ArrayList<>(table.tablets().size());
    for (TabletDefinition tablet : table.tablets()) {
      groups.add(groupOf(table.id(), tablet));
      node().ensureGroup(groups.get(groups.size() - 1));
    }
    return groups;
  }

  void removeTabletGroups(TableDefinition table) throws StorageException {
    removeTabletGroups(table, List.of());
  }

  /** Removes the groups of the tablets of {@code table} that {@code kept} (of the same table) does not have. */
  void removeTabletGroups(TableDefinition table, List<TabletDefinition> kept) throws StorageException {
    for (TabletDefinition tablet : table.tablets()) {
      if (kept.contains(tablet)) {
        continue;
      }
      RaftGroupId group = groupOf(table.id(), tablet);
      node().removeGroup(group);
      try (WriteBatch batch = new WriteBatch()) {
        batch.delete(catalogHandle, appliedKey(group));
        installRecords.forget(batch, group);
        fences.erase(batch, group);
        timestampFloors.forget(batch, group);
        db.write(synced, batch);
      } catch (RocksDBException e) {
        throw RocksErrors.of("forgetting the applied index of a removed tablet", e);
      }
      fences.forget(group);
    }
  }

  /**
   * Makes this node host exactly the groups of the tablets its catalog has: a group for each, and none for a tablet
   * of a table dropped (by an installed catalog, or a drop a crash interrupted before its groups were removed).
   */
  void syncTabletGroups() throws StorageException {
    Set<RaftGroupId> tabletGroups = new HashSet<>();
    for (Table table : store.tables()) {
      tabletGroups.addAll(ensureTabletGroups(table.definition()));
    }
    // A group not among them is looked up again: a split applied meanwhile may have added it. Looking up each group
    // (hashing every tablet's name per group) took half a second of a restart with 100 tablets (JFR).
    for (RaftGroupId hosted : node().groups()) {
      if (!hosted.equals(catalogGroup) && !tabletGroups.contains(hosted) && tabletOf(hosted) == null) {
        LOG.info("Removing Raft group {}: no table of this node has its tablet", hosted);
        node().removeGroup(hosted);
        installRecords.forget(hosted, appliedKey(hosted));
        forgetFenceAndFloor(hosted);
      }
    }
  }

  private void forgetFenceAndFloor(RaftGroupId group) throws StorageException {
    try (WriteBatch batch = new WriteBatch()) {
      fences.erase(batch, group);
      timestampFloors.forget(batch, group);
      db.write(synced, batch);
    } catch (RocksDBException e) {
      throw RocksErrors.of("forgetting the fence and timestamp floor of a removed tablet", e);
    }
    fences.forget(group);
  }

  /** The fences this node's tablet replicas applied. */
  TabletFences fences() {
    return fences;
  }

  /** Splits and merges. */
  TabletReplacements replacements() {
    return replacements;
  }

  /** A tablet of a table of this store, and where it is. */
  record TabletPlace(Table table, TabletDefinition tablet) {
    @Override
    public String toString() {
      return describe(table.definition(), tablet);
    }
  }

  /** The tablet whose group is {@code group}, or null if no table of this store has it. */
  TabletPlace tabletOf(RaftGroupId group) {
    for (Table table : store.tables()) {
      TableDefinition definition = table.definition();
      for (TabletDefinition tablet : definition.tablets()) {
        if (groupOf(definition.id(), tablet).equals(group)) {
          return new TabletPlace(table, tablet);
        }
      }
    }
    return null;
  }

  // ---- installs ----

  InstallRecords installRecords() {
    return installRecords;
  }

  /** A point of an install a test stops at, to see a crash there repaired. */
  @FunctionalInterface
  interface InstallStep {
    void reached(RaftGroupId group) throws IOException;
  }

  /** Runs {@code step} after each install's mark is written and before the state is changed. */
  void beforeInstalling(InstallStep step) {
    beforeInstalling = step;
  }

  /** Called by an install once its mark is written: a crash from here on leaves the install for the next start. */
  void marked(RaftGroupId group) throws IOException {
    beforeInstalling.reached(group);
  }

  /** Counts an install done while running (not one completed at start). */
  void installed(RaftGroupId group) {
    (group.equals(catalogGroup) ? catalogInstalls : tabletInstalls).incrementAndGet();
  }

  /** Installs of the catalog done on this node since it started. */
  long catalogInstalls() {
    return catalogInstalls.get();
  }

  /** Installs of tablets done on this node since it started. */
  long tabletInstalls() {
    return tabletInstalls.get();
  }

  StateExports exports() {
    return exports;
  }

  /** Snapshots through the catalog's log. */
  SnapshotReplication snapshots() {
    return snapshots;
  }

  TabletTransfer tabletTransfer() {
    return tabletTransfer;
  }

  RocksDB db() {
    return db;
  }

  ColumnFamilyHandle catalogHandle() {
    return catalogHandle;
  }

  Catalog catalog() {
    return new Catalog(db, catalogHandle);
  }

  /** Work on the store from a thread of its own. */
  @FunctionalInterface
  interface StoreWork<T> {
    T run() throws IOException;
  }

  /**
   * Runs {@code work} unless the store is closing; the store does not close while it runs. For work done on
   * threads of this node's own (installs, exports), which Ratis's stopping does not wait for.
   */
  <T> T whileOpen(String what, StoreWork<T> work) throws IOException {
    inUse.readLock().lock();
    try {
      if (closed) {
        throw new StorageException(what + ": the store is closing");
      }
      return work.run();
    } finally {
      inUse.readLock().unlock();
    }
  }

  // ---- the tablets ----

  /** How this node's tables write to and read from their tablets' groups. */
  TabletRequests tabletRequests() {
    return tabletRequests;
  }

  TimestampFloors timestampFloors() {
    return timestampFloors;
  }

  /** The node leading the tablet's group as far as this node knows, or 0. */
  int leaderOf(TableDefinition table, TabletDefinition tablet) {
    return node().leaderNode(groupOf(table.id(), tablet));
  }

  static String describe(TableDefinition table, TabletDefinition tablet) {
    return "tablet " + tablet.id() + " [" + HexFormat.of().formatHex(tablet.startRow()) + ", "
        + HexFormat.of().formatHex(tablet.endRow()) + ") of table " + table.name();
  }

  // ---- applied indexes ----

  static byte[] appliedKey(RaftGroupId group) {
    return (APPLIED_PREFIX + group.getUuid()).getBytes(StandardCharsets.UTF_8);
  }

  AppliedIndex readApplied(byte[] key) throws StorageException {
    try {
      return AppliedIndex.fromBytes(db.get(catalogHandle, key));
    } catch (RocksDBException e) {
      throw RocksErrors.of("reading an applied index", e);
    } catch (IllegalArgumentException e) {
      throw new StorageException("corrupt applied index " + new String(key, StandardCharsets.UTF_8), e);
    }
  }

  /** A batch recording the applied index; the caller adds the entry's effects and writes it. */
  WriteBatch recordApplied(byte[] key, AppliedIndex at) throws RocksDBException {
    WriteBatch batch = new WriteBatch();
    batch.put(catalogHandle, key, at.toBytes());
    return batch;
  }

  WriteOptions withoutLog() {
    return withoutLog;
  }

  void writeWithoutLog(WriteBatch batch) throws RocksDBException {
    db.write(withoutLog, batch);
  }

  void writeSynced(WriteBatch batch) throws RocksDBException {
    db.write(synced, batch);
  }

  /**
   * Records, synced, that each of {@code groups} (new tablets' groups: successors of a split or merge, a clone's)
   * holds the store's rows of its tablet as they are, at applied index 1, unless it records an index already.
   *
   * <p>Index 1, not 0, so that a member holding nothing can never lead such a group: Ratis (3.1.3) sends a member
   * with an empty log and no state as (term 0, index 0) in its vote requests, so members at (0, 0) would find its
   * log as recent as theirs and vote for it, and it would lead the tablet with none of its rows. Against (0, 1) it
   * is behind, is refused, and installs from whichever member leads.
   */
  void startFromRowsHeld(List<RaftGroupId> groups) throws StorageException {
    try (WriteBatch batch = new WriteBatch()) {
      for (RaftGroupId group : groups) {
        byte[] key = appliedKey(group);
        if (readApplied(key).index() < 0) {
          batch.put(catalogHandle, key, ROWS_HELD.toBytes());
        }
      }
      writeSynced(batch);
    } catch (RocksDBException e) {
      throw RocksErrors.of("recording the state new tablets start from", e);
    }
  }

  void checkOpen() throws StorageException {
    if (closed) {
      throw new StorageException("the store is closing");
    }
  }

  /**
   * Stops this node's Raft server, its installs and its exports; the store is closed after it, so no replica applies
   * into a closed store, and no install or export works on one.
   */
  @Override
  public void close() throws StorageException {
    closed = true;
    if (replacements != null) {
      replacements.close();
    }
    try {
      if (node.isDone() && !node.isCompletedExceptionally()) {
        node.join().close();
      }
    } finally {
      closeOptions();
    }
  }

  private void closeOptions() {
    if (exports != null) {
      exports.close();
    }
    // Waits for an install's step in progress; later ones see the store closing.
    inUse.writeLock().lock();
    try {
      withoutLog.close();
      synced.close();
    } finally {
      inUse.writeLock().unlock();
    }
  }

  static byte[] longBytes(long value) {
    return ByteBuffer.allocate(Long.BYTES).putLong(value).array();
  }
}
