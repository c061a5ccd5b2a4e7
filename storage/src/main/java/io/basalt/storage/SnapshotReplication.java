package io.basalt.storage;

import io.basalt.storage.TabletEntries.SnapshotPart;
import io.basalt.storage.catalog.CatalogCodec;
import io.basalt.storage.catalog.FamilyDefinition;
import io.basalt.storage.catalog.LengthPrefixed;
import io.basalt.storage.catalog.TableDefinition;
import io.basalt.storage.catalog.TabletDefinition;
import io.basalt.storage.errors.SnapshotExistsException;
import io.basalt.storage.errors.StorageException;
import io.basalt.storage.errors.UnknownSnapshotException;
import io.basalt.storage.snapshotfiles.SnapshotDirectory;
import io.basalt.storage.snapshotfiles.TableSnapshot;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;
import org.apache.ratis.protocol.RaftGroupId;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Snapshots in cluster mode. Which snapshots exist is catalog state: a record per snapshot in the catalog column
 * family ({@code snapshot/<name>}: its id, time, table definition and properties), changed only by catalog entries
 * and carried by the catalog's image, so every node answers alike. Their cells are data each node keeps for itself,
 * in its {@link SnapshotDirectory}: one export of each tablet's rows ({@link TabletTransfer}) as {@code t<i>} for the
 * table's i-th tablet.
 *
 * <p>Taking one: the master appends a {@link SnapshotPart} to each tablet's log, through its leader; every replica
 * applying it writes the tablet's rows as of that point of the log ({@link SnapshotParts}), so the replicas' copies
 * are the same rows. Then one catalog entry records the snapshot, and each node moves the parts it has into its copy
 * (waiting up to 2 s for a replica that lags; the parts were committed before the entry was proposed, and every
 * entry before a part in its tablet's log was decided at a catalog index below this entry's, so the wait cannot
 * deadlock). A part written later still joins the copy; one never written (its replica was installed past it) leaves
 * the copy without that tablet. Like HBase's, the snapshot is consistent per tablet (region), not across them.
 *
 * <p>Cloning or restoring creates the table's tablets anew (restoring drops the table first, under the same name),
 * with the snapshot's families and tablets. Each node loads the tablets its copy has, each then starting at applied
 * index 1 (see {@link StoreReplication#startFromRowsHeld}); a tablet its copy lacks starts with nothing, does not
 * stand for leader, and installs from a node that loaded it.
 */
final class SnapshotReplication {
  private static final Logger LOG = LoggerFactory.getLogger(SnapshotReplication.class);
  /** How long a catalog replica waits for this node's tablet replicas to write their parts of a snapshot. */
  private static final long PART_WAIT_MILLIS = 2_000;
  /**
   * How long after its last part was written here a snapshot's parts are taken for those of a failed snapshot: far
   * longer than a snapshot takes (a Raft round per tablet, each replica exporting its rows).
   */
  private static final Duration STALE_PARTS_AGE = Duration.ofHours(1);
  private static final int RECORD_FORMAT = 1;
  private static final String RECORD = "snapshot record";

  private final StoreReplication replication;
  private final SnapshotParts parts;

  SnapshotReplication(StoreReplication replication, SnapshotParts parts) {
    this.replication = replication;
    this.parts = parts;
  }

  /** A snapshot as the catalog records it. */
  private record Recorded(String id, TableSnapshot snapshot) {}

  // ---- on the master ----

  /**
   * Takes a snapshot of {@code table}, named {@code name}; returns it once this node's catalog has it.
   *
   * @throws IllegalArgumentException if no snapshot can have that name (empty, or too long for a file name)
   */
  TableSnapshot take(Table table, String name, Map<String, byte[]> properties, long createdMillis)
      throws StorageException {
    SnapshotDirectory.checkName(name);
    if (find(name).isPresent()) {
      throw new SnapshotExistsException(name);
    }
    TableDefinition definition = table.definition();
    String id = UUID.randomUUID().toString();
    try {
      for (TabletDefinition tablet : definition.tablets()) {
        replication.node().submitThroughLeader(replication.groupOf(definition.id(), tablet),
            TabletEntries.encodeSnapshotPart(new SnapshotPart(definition.id(), id, name)),
            "writing out " + StoreReplication.describe(definition, tablet) + " for snapshot " + name);
      }
      byte[] body = write(out -> {
        out.writeUTF(name);
        LengthPrefixed.writeBytes(out, encodeRecord(id, createdMillis, definition, properties));
      });
      replication.catalogChanges().submitCatalog(CatalogEntries.snapshotChange(CatalogEntries.TAKE_SNAPSHOT, body),
          "taking snapshot " + name + " of table " + definition.name(), definition.name());
    } finally {
      parts.discard(id); // those not moved into this node's copy: the snapshot failed, or its catalog entry did
    }
    return find(name).orElseThrow(() -> new UnknownSnapshotException(name));
  }

  void delete(String name, byte[] note) throws StorageException {
    submit(CatalogEntries.DELETE_SNAPSHOT, "deleting snapshot " + name, name, out -> {
      out.writeUTF(name);
      LengthPrefixed.writeBytes(out, note);
    });
  }

  /** Creates table {@code table} from snapshot {@code snapshot}; returns it once this node's catalog has it. */
  Table cloneTo(String snapshot, String table, Map<String, byte[]> properties, byte[] note) throws StorageException {
    return fromSnapshot(CatalogEntries.CLONE_SNAPSHOT, "cloning snapshot " + snapshot + " as table " + table,
        snapshot, table, properties, note);
  }

  /** Gives table {@code table} the families, tablets and cells of snapshot {@code snapshot}. */
  Table restore(String snapshot, String table, Map<String, byte[]> properties, byte[] note) throws StorageException {
    return fromSnapshot(CatalogEntries.RESTORE_SNAPSHOT, "restoring table " + table + " from snapshot " + snapshot,
        snapshot, table, properties, note);
  }

  private Table fromSnapshot(int kind, String what, String snapshot, String table, Map<String, byte[]> properties,
      byte[] note) throws StorageException {
    submit(kind, what, table, out -> {
      out.writeUTF(snapshot);
      out.writeUTF(table);
      LengthPrefixed.writeMap(out, new TreeMap<>(properties));
      LengthPrefixed.writeBytes(out, note);
    });
    Table created = replication.store().requireTable(table);
    replication.catalogChanges().awaitLeaders(created.definition());
    return created;
  }

  private void submit(int kind, String what, String name, Body body) throws StorageException {
    replication.catalogChanges().submitCatalog(CatalogEntries.snapshotChange(kind, write(body)), what, name);
  }

  /** Every snapshot the catalog of this node has, sorted by name. */
  List<TableSnapshot> list() throws StorageException {
    List<TableSnapshot> all = new ArrayList<>();
    for (Map.Entry<String, byte[]> entry : replication.store().catalog().snapshots().entrySet()) {
      all.add(decodeRecord(entry.getKey(), entry.getValue()).snapshot());
    }
    return all;
  }

  Optional<TableSnapshot> find(String name) throws StorageException {
    return recorded(name).map(Recorded::snapshot);
  }

  private Optional<Recorded> recorded(String name) throws StorageException {
    Optional<byte[]> record = replication.store().catalog().snapshot(name);
    return record.isEmpty() ? Optional.empty() : Optional.of(decodeRecord(name, record.get()));
  }

  // ---- on every node's catalog replica ----

  byte[] applyTake(byte[] body) throws IOException {
    String name;
    byte[] record;
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(body))) {
      name = in.readUTF();
      record = LengthPrefixed.readBytes(in, RECORD);
    }
    Recorded take = decodeRecord(name, record);
    Optional<Recorded> existing = recorded(name);
    if (existing.isPresent()) {
      if (!existing.get().id().equals(take.id())) {
        return CatalogEntries.answer(CatalogEntries.SNAPSHOT_EXISTS, name);
      }
      if (directory().find(name).isEmpty()) {
        keepParts(take); // applied again: a crash came between the record and this node's copy
      }
      return CatalogEntries.answer(CatalogEntries.OK, "");
    }
    TableDefinition decided = take.snapshot().table();
    Table table = replication.store().tableById(decided.id());
    if (table == null || !table.name().equals(decided.name())) {
      return CatalogEntries.answer(CatalogEntries.UNKNOWN_TABLE, decided.name());
    }
    TableDefinition current = table.definition();
    if (!current.tablets().equals(decided.tablets()) || !sameFamilies(current, decided)) {
      // Split, merged, or altered between the parts and this entry: the parts are not the table's tablets.
      return CatalogEntries.answer(CatalogEntries.CONFLICT, "table " + decided.name() + " changed while snapshot "
          + name + " was taken");
    }
    replication.store().catalog().putSnapshot(name, record);
    deleteCopy(name); // of a snapshot of that name deleted before, by a delete a crash interrupted
    keepParts(take);
    return CatalogEntries.answer(CatalogEntries.OK, "");
  }

  /** Moves the parts this node's replicas wrote into its copy of the snapshot, waiting a while for lagging ones. */
  private void keepParts(Recorded take) throws IOException {
    TableSnapshot snapshot = take.snapshot();
    List<TabletDefinition> tablets = snapshot.table().tablets();
    directory().create(snapshot.name(), snapshot.table(), snapshot.properties(), snapshot.createdMillis(), work -> {
      for (int i = 0; i < tablets.size(); i++) {
        RaftGroupId group = replication.groupOf(snapshot.table().id(), tablets.get(i));
        try {
          if (awaitPart(take.id(), group)) {
            Files.move(parts.part(take.id(), group), work.resolve(tabletDirectory(i)), StandardCopyOption.ATOMIC_MOVE);
          } else {
            LOG.info("Snapshot {} has no part of {} on this node: a table cloned from it installs that tablet",
                snapshot.name(), StoreReplication.describe(snapshot.table(), tablets.get(i)));
          }
        } catch (IOException e) {
          throw new StorageException("cannot keep the part of group " + group + " of snapshot " + snapshot.name()
              + ": " + e.getMessage(), e);
        }
      }
      return List.of();
    });
    parts.discard(take.id());
    parts.discardStale(STALE_PARTS_AGE);
  }

  private boolean awaitPart(String id, RaftGroupId group) throws IOException {
    if (Files.isDirectory(parts.part(id, group))) {
      return true;
    }
    if (replication.readApplied(StoreReplication.appliedKey(group)).index() < 0) {
      return false; // it holds nothing yet, so no part is coming soon
    }
    return parts.await(id, group, PART_WAIT_MILLIS);
  }

  byte[] applyDelete(byte[] body, RecentNotes notes) throws IOException {
    String name;
    byte[] note;
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(body))) {
      name = in.readUTF();
      note = LengthPrefixed.readBytes(in, RECORD);
    }
    if (recorded(name).isEmpty()) {
      deleteCopy(name); // applied again: a crash came between the record's deletion and the copy's
      return notes.contains(note) ? CatalogEntries.answer(CatalogEntries.OK, "")
          : CatalogEntries.answer(CatalogEntries.UNKNOWN_SNAPSHOT, name);
    }
    notes.add(note);
    replication.store().catalog().deleteSnapshot(name);
    deleteCopy(name);
    return CatalogEntries.answer(CatalogEntries.OK, "");
  }

  private void deleteCopy(String name) throws StorageException {
    if (directory().find(name).isPresent()) {
      directory().delete(name);
    }
  }

  /**
   * A clone or a restore: creates the table from the snapshot under the entry's index as its id (a restore drops
   * the table first). Applied again after a crash, it finds the table under that id and does nothing more; a
   * restore that a crash interrupted between the drop and the creation creates the table then.
   */
  byte[] applyFromSnapshot(int kind, long index, byte[] body, RecentNotes notes) throws IOException {
    String snapshotName;
    String name;
    Map<String, byte[]> properties;
    byte[] note;
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(body))) {
      snapshotName = in.readUTF();
      name = in.readUTF();
      properties = LengthPrefixed.readMap(in, RECORD);
      note = LengthPrefixed.readBytes(in, RECORD);
    }
    TabletStore store = replication.store();
    Table existing = store.table(name).orElse(null);
    if (existing != null && (existing.definition().id() == index || notes.contains(note))) {
      return CatalogEntries.answer(CatalogEntries.OK, "");
    }
    if (kind == CatalogEntries.CLONE_SNAPSHOT && existing != null) {
      return CatalogEntries.answer(CatalogEntries.TABLE_EXISTS, name);
    }
    Optional<Recorded> snapshot = recorded(snapshotName);
    if (snapshot.isEmpty()) {
      return CatalogEntries.answer(CatalogEntries.UNKNOWN_SNAPSHOT, snapshotName);
    }
    notes.add(note);
    if (existing != null) {
      TableDefinition dropped = existing.definition();
      store.dropLocally(name);
      replication.removeTabletGroups(dropped);
    }
    create(index, name, snapshot.get().snapshot(), properties);
    return CatalogEntries.answer(CatalogEntries.OK, "");
  }

  private void create(long index, String name, TableSnapshot snapshot, Map<String, byte[]> properties)
      throws StorageException {
    List<FamilyDefinition> families = new ArrayList<>();
    for (FamilyDefinition family : snapshot.table().families()) {
      families.add(new FamilyDefinition(family.name(), "", family.options(), index));
    }
    List<TabletDefinition> tablets = snapshot.table().tablets();
    Optional<Path> copy = directory().locate(snapshot.name());
    List<RaftGroupId> loaded = new ArrayList<>();
    List<RaftGroupId> missing = new ArrayList<>();
    for (int i = 0; i < tablets.size(); i++) {
      Path part = copy.isPresent() ? copy.get().resolve(tabletDirectory(i)) : null;
      (part != null && Files.isDirectory(part) ? loaded : missing).add(replication.groupOf(index, tablets.get(i)));
    }
    // Before the table's groups can start: this node's copy lacks these tablets, so they must not lead them.
    replication.installRecords().awaitInstall(missing);
    Table table = replication.store().createLocally(index, name, families, tablets, properties);
    for (int i = 0; i < tablets.size(); i++) {
      TabletDefinition tablet = tablets.get(i);
      if (loaded.contains(replication.groupOf(index, tablet))) {
        Path part = copy.orElseThrow().resolve(tabletDirectory(i));
        replication.tabletTransfer().importInto(table, tablet.startRow(), tablet.endRow(), part);
      }
    }
    replication.startFromRowsHeld(loaded);
    replication.ensureTabletGroups(table.definition());
    LOG.info("Table {} created from {}: {} tablets loaded here, {} to install", name, snapshot, loaded.size(),
        missing.size());
  }

  // ---- on every replica of a tablet ----

  /**
   * Adds a part a replica wrote after this node's copy of the snapshot was made (it lagged more than the catalog
   * replica waited) to the copy. A part whose snapshot has no copy here yet is left for the catalog entry to collect
   * as it makes the copy (it may be doing so now).
   */
  void partWritten(SnapshotPart part, RaftGroupId group) throws StorageException {
    Optional<Recorded> recorded = recorded(part.name());
    Optional<Path> copy = directory().locate(part.name());
    if (recorded.isEmpty() || !recorded.get().id().equals(part.snapshotId()) || copy.isEmpty()) {
      return;
    }
    TableSnapshot snapshot = recorded.get().snapshot();
    List<TabletDefinition> tablets = snapshot.table().tablets();
    for (int i = 0; i < tablets.size(); i++) {
      Path target = copy.get().resolve(tabletDirectory(i));
      if (replication.groupOf(snapshot.table().id(), tablets.get(i)).equals(group) && !Files.exists(target)) {
        try {
          Files.move(parts.part(part.snapshotId(), group), target, StandardCopyOption.ATOMIC_MOVE);
          StateFiles.syncDirectory(copy.get());
        } catch (IOException e) {
          throw new StorageException("cannot add the part of group " + group + " to snapshot " + snapshot.name()
              + ": " + e.getMessage(), e);
        }
        LOG.info("Snapshot {} on this node has the part of {} now", snapshot.name(),
            StoreReplication.describe(snapshot.table(), tablets.get(i)));
      }
    }
    parts.discard(part.snapshotId(), group);
  }

  SnapshotParts parts() {
    return parts;
  }

  // ---- the catalog's image ----

  /** The snapshot records to put in the catalog's image. */
  Map<String, byte[]> records() throws StorageException {
    return replication.store().catalog().snapshots();
  }

  /** Makes this node's snapshot records those of an installed catalog image, deleting the copies of those gone. */
  void installRecords(Map<String, byte[]> records) throws StorageException {
    Catalog catalog = replication.store().catalog();
    for (String name : catalog.snapshots().keySet()) {
      if (!records.containsKey(name)) {
        catalog.deleteSnapshot(name);
        deleteCopy(name);
      }
    }
    for (Map.Entry<String, byte[]> record : records.entrySet()) {
      catalog.putSnapshot(record.getKey(), record.getValue());
    }
  }

  // ---- encodings ----

  private SnapshotDirectory directory() {
    return replication.store().snapshots().directory();
  }

  private static String tabletDirectory(int index) {
    return "t" + index;
  }

  private static boolean sameFamilies(TableDefinition a, TableDefinition b) {
    if (a.families().size() != b.families().size()) {
      return false;
    }
    for (int i = 0; i < a.families().size(); i++) {
      FamilyDefinition x = a.families().get(i);
      if (!x.hasName(b.families().get(i).name()) || x.createdAt() != b.families().get(i).createdAt()) {
        return false;
      }
    }
    return true;
  }

  private static byte[] encodeRecord(String id, long createdMillis, TableDefinition table,
      Map<String, byte[]> properties) {
    return write(out -> {
      out.writeByte(RECORD_FORMAT);
      out.writeUTF(id);
      out.writeLong(createdMillis);
      LengthPrefixed.writeBytes(out, CatalogCodec.encode(table));
      LengthPrefixed.writeMap(out, new TreeMap<>(properties));
    });
  }

  private static Recorded decodeRecord(String name, byte[] record) throws StorageException {
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(record))) {
      int format = in.readUnsignedByte();
      if (format != RECORD_FORMAT) {
        throw new IOException("unknown format " + format);
      }
      String id = in.readUTF();
      long createdMillis = in.readLong();
      TableDefinition table = CatalogCodec.decode(LengthPrefixed.readBytes(in, RECORD));
      Map<String, byte[]> properties = LengthPrefixed.readMap(in, RECORD);
      return new Recorded(id, TableSnapshot.recorded(name, createdMillis, table, properties));
    } catch (IOException | IllegalArgumentException e) {
      throw new StorageException("corrupt record of snapshot " + name + ": " + e.getMessage(), e);
    }
  }

  @FunctionalInterface
  private interface Body {
    void write(DataOutputStream out) throws IOException;
  }

  private static byte[] write(Body body) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      body.write(out);
    } catch (IOException e) {
      throw new UncheckedIOException("in-memory stream failed", e);
    }
    return bytes.toByteArray();
  }
}
