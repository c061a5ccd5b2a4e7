package io.basalt.storage;

import io.basalt.storage.catalog.FamilyDefinition;
import io.basalt.storage.catalog.TableDefinition;
import io.basalt.storage.errors.StorageException;
import io.basalt.storage.replication.AppliedIndex;
import io.basalt.storage.replication.ReplicaState;
import io.basalt.storage.replication.StateSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.apache.ratis.protocol.RaftGroupId;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDBException;
import org.rocksdb.WriteBatch;

/**
 * This node's replica of the catalog's Raft group: applies each committed change of table definitions and server
 * properties to the local store, the same way on every node, and creates or removes the tablets' groups here as
 * tables come and go.
 *
 * <p>Catalog changes are synced writes of their own (creating column families is not a batch), so a crash can fall
 * between a change and the record of its index: every change is therefore idempotent when applied again. A table
 * is created under the id of the entry creating it, so a second apply finds it by name and id and does nothing.
 *
 * <p>A replica too far behind installs the catalog from its leader ({@link CatalogImage}): it drops the tables the
 * image does not have (or has under another id: dropped and created again), creates those it lacks under the
 * image's ids, replaces changed properties, the server properties and the snapshot records (this node has no copy
 * of a snapshot it learns of so: a table cloned from it installs its tablets), records the image's index, and then has
 * the tablets' groups follow the tables (their tablets catch up by log or install their own state). Each step
 * looks at what the store holds first, so the whole is idempotent too, and is simply done again after a crash.
 */
final class CatalogReplica implements ReplicaState {
  private final StoreReplication replication;
  private final RaftGroupId group;
  private final byte[] appliedKey;
  private final Object progress = new Object();
  private volatile long appliedIndex = -1;
  private final RecentNotes notes = new RecentNotes();

  CatalogReplica(StoreReplication replication, RaftGroupId group) {
    this.replication = replication;
    this.group = group;
    this.appliedKey = StoreReplication.appliedKey(group);
  }

  /** The index of the last catalog entry applied here; writes record it as what they were decided against. */
  long appliedIndex() {
    return appliedIndex;
  }

  /**
   * Whether a catalog change with this note (a request's nonce) was applied here: a master retrying the request
   * after a change of catalog leader is told it succeeded. Only notes applied since this node started are known.
   */
  boolean noteApplied(byte[] note) {
    return notes.contains(note);
  }

  /** Waits until this replica has applied the catalog entry at {@code index}. */
  void await(long index) throws IOException {
    synchronized (progress) {
      while (appliedIndex < index) {
        try {
          progress.wait(1000);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IOException("interrupted waiting for catalog entry " + index, e);
        }
        replication.checkOpen();
      }
    }
  }

  @Override
  public AppliedIndex applied() throws IOException {
    if (replication.installRecords().mark(group).isPresent()) {
      // An install was interrupted and could not be completed at start: the tables may be partly reconciled.
      return AppliedIndex.NONE;
    }
    AppliedIndex applied = replication.readApplied(appliedKey);
    advance(applied.index());
    return applied;
  }

  @Override
  public byte[] apply(AppliedIndex at, byte[] bytes) throws IOException {
    CatalogEntries.Entry entry = CatalogEntries.decode(bytes);
    TabletStore store = replication.store();
    byte[] answer = switch (entry.kind()) {
      case CatalogEntries.CREATE_TABLE -> create(store, at.index(), entry.table(), entry.value());
      case CatalogEntries.RESHAPE_TABLE -> reshape(store, at.index(), entry.table(), entry.value());
      case CatalogEntries.REPLACE_TABLETS -> {
        if (!(TabletEntries.decode(entry.value()) instanceof TabletEntries.Fence change)) {
          throw new IOException("catalog entry replacing tablets of " + entry.name() + " names no change");
        }
        yield replication.replacements().applyInCatalog(entry.name(), change);
      }
      case CatalogEntries.DROP_TABLE -> {
        Table table = store.table(entry.name()).orElse(null);
        if (table == null) {
          yield notes.contains(entry.value()) ? CatalogEntries.answer(CatalogEntries.OK, "")
              : CatalogEntries.answer(CatalogEntries.UNKNOWN_TABLE, entry.name());
        }
        notes.add(entry.value());
        TableDefinition dropped = table.definition();
        store.dropLocally(entry.name());
        replication.removeTabletGroups(dropped);
        yield CatalogEntries.answer(CatalogEntries.OK, "");
      }
      case CatalogEntries.REPLACE_PROPERTIES -> {
        if (store.table(entry.name()).isEmpty()) {
          yield CatalogEntries.answer(CatalogEntries.UNKNOWN_TABLE, entry.name());
        }
        notes.add(entry.value());
        store.replacePropertiesLocally(entry.name(), entry.properties());
        yield CatalogEntries.answer(CatalogEntries.OK, "");
      }
      case CatalogEntries.PUT_SYSTEM_PROPERTY -> {
        store.putSystemPropertyLocally(entry.key(), entry.value());
        yield CatalogEntries.answer(CatalogEntries.OK, "");
      }
      case CatalogEntries.TAKE_SNAPSHOT -> replication.snapshots().applyTake(entry.value());
      case CatalogEntries.DELETE_SNAPSHOT -> replication.snapshots().applyDelete(entry.value(), notes);
      case CatalogEntries.CLONE_SNAPSHOT, CatalogEntries.RESTORE_SNAPSHOT ->
          replication.snapshots().applyFromSnapshot(entry.kind(), at.index(), entry.value(), notes);
      default -> throw new IOException("catalog entry of unknown kind " + entry.kind());
    };
    record(at);
    replication.catalogChanged();
    return answer;
  }

  private byte[] create(TabletStore store, long index, TableDefinition template, byte[] note) throws IOException {
    Table existing = store.table(template.name()).orElse(null);
    if (existing != null) {
      // Applied again after a crash (same id), or a retry of a request that created it (same note): done.
      return existing.definition().id() == index || notes.contains(note)
          ? CatalogEntries.answer(CatalogEntries.OK, "")
          : CatalogEntries.answer(CatalogEntries.TABLE_EXISTS, template.name());
    }
    notes.add(note);
    Table table = store.createLocally(index, template.name(), createdAt(template.families(), index),
        template.tablets(), template.properties());
    replication.ensureTabletGroups(table.definition());
    return CatalogEntries.answer(CatalogEntries.OK, "");
  }

  private byte[] reshape(TabletStore store, long index, TableDefinition target, byte[] note) throws IOException {
    Table table = store.table(target.name()).orElse(null);
    if (table == null || table.definition().id() != target.id()) {
      return CatalogEntries.answer(CatalogEntries.UNKNOWN_TABLE, target.name());
    }
    if (notes.contains(note)) {
      return CatalogEntries.answer(CatalogEntries.OK, "");
    }
    notes.add(note);
    TableDefinition before = table.definition();
    for (FamilyDefinition family : target.families()) {
      if (family.createdAt() != 0 && before.families().stream().noneMatch(kept -> kept.hasName(family.name())
          && kept.createdAt() == family.createdAt())) {
        // Decided against a definition another change replaced meanwhile (two masters for a moment): refused the
        // same way on every replica, and nothing changed.
        return CatalogEntries.answer(CatalogEntries.CONFLICT, "table " + target.name() + " was changed meanwhile; "
            + "family " + family + " is gone");
      }
    }
    store.reshapeLocally(table, new TableDefinition(target.id(), target.name(), createdAt(target.families(), index),
        target.tablets(), target.properties(), target.nextFamilySequence()));
    replication.removeTabletGroups(before, table.definition().tablets());
    replication.ensureTabletGroups(table.definition());
    return CatalogEntries.answer(CatalogEntries.OK, "");
  }

  /** The families of an entry's table, those new in it (creation index 0) marked as created by the entry. */
  private static List<FamilyDefinition> createdAt(List<FamilyDefinition> families, long index) {
    List<FamilyDefinition> marked = new ArrayList<>();
    for (FamilyDefinition family : families) {
      marked.add(family.createdAt() != 0 ? family
          : new FamilyDefinition(family.name(), family.columnFamilyName(), family.options(), index));
    }
    return marked;
  }

  @Override
  public void persist(AppliedIndex upTo) throws IOException {
    record(upTo);
  }

  @Override
  public CompletableFuture<byte[]> serve(byte[] request) {
    return replication.exports().serve("the catalog", request, this::export);
  }

  private AppliedIndex export(Path directory) throws IOException {
    return replication.whileOpen("writing out the catalog", () -> {
      if (replication.installRecords().mark(group).isPresent()) {
        throw new StorageException("this node's catalog is being installed itself");
      }
      CatalogImage image = CatalogImage.read(replication.db(), replication.catalogHandle(), appliedKey);
      StateFiles.writeDurably(directory.resolve(CatalogImage.FILE_NAME), image.encode());
      return image.applied();
    });
  }

  @Override
  public Fetched fetch(StateSource source) throws IOException {
    Path directory = replication.installRecords().newDirectory(group);
    StateDownload.Downloaded downloaded = StateDownload.fetch(source, directory, "the catalog");
    return new FetchedState(replication, group, appliedKey, source, downloaded, new FetchedState.Target() {
      @Override
      public void installFrom(Path fetched) throws IOException {
        CatalogReplica.this.installFrom(fetched);
      }

      @Override
      public void installed(AppliedIndex index) throws IOException {
        advance(index.index());
        replication.syncTabletGroups();
        replication.catalogChanged();
      }
    });
  }

  /**
   * Makes the store's tables and server properties those of the catalog image in {@code directory}, leaving the
   * tablets' Raft groups to {@link StoreReplication#syncTabletGroups}. Done again, it changes nothing more.
   */
  void installFrom(Path directory) throws IOException {
    CatalogImage image = CatalogImage.decode(Files.readAllBytes(directory.resolve(CatalogImage.FILE_NAME)));
    TabletStore store = replication.store();
    Map<String, TableDefinition> wanted = new HashMap<>();
    image.tables().forEach(table -> wanted.put(table.name(), table));
    for (Table table : store.tables()) {
      TableDefinition want = wanted.get(table.name());
      if (want == null || want.id() != table.definition().id()) {
        store.dropLocally(table.name());
      }
    }
    for (TableDefinition want : image.tables()) {
      Table local = store.table(want.name()).orElse(null);
      if (local == null) {
        store.createLocally(want.id(), want.name(), want.families(), want.tablets(), want.properties());
      } else if (!sameShape(local.definition(), want)) {
        // Altered or truncated since: families the image created anew are created here empty, their tablets'
        // groups install the rows.
        store.reshapeLocally(local, want);
      } else if (!sameProperties(local.definition().properties(), want.properties())) {
        store.replacePropertiesLocally(want.name(), want.properties());
      }
    }
    Map<String, byte[]> properties;
    try (ReadOptions now = new ReadOptions()) {
      properties = replication.catalog().systemProperties(now);
    }
    properties.remove(StoreMembership.PROPERTY);
    for (String key : properties.keySet()) {
      if (!image.properties().containsKey(key)) {
        replication.catalog().deleteSystemProperty(key);
      }
    }
    for (Map.Entry<String, byte[]> property : image.properties().entrySet()) {
      if (!Arrays.equals(properties.get(property.getKey()), property.getValue())) {
        store.putSystemPropertyLocally(property.getKey(), property.getValue());
      }
    }
    replication.snapshots().installRecords(image.snapshots());
  }

  private static boolean sameProperties(Map<String, byte[]> a, Map<String, byte[]> b) {
    if (!a.keySet().equals(b.keySet())) {
      return false;
    }
    for (Map.Entry<String, byte[]> entry : a.entrySet()) {
      if (!Arrays.equals(entry.getValue(), b.get(entry.getKey()))) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether a table has the families (by name, options and creation index, in any order; the column families' names
   * are each node's own) and tablets of {@code want}.
   */
  private static boolean sameShape(TableDefinition have, TableDefinition want) {
    if (have.families().size() != want.families().size() || !have.tablets().equals(want.tablets())) {
      return false;
    }
    for (FamilyDefinition a : have.families()) {
      if (want.families().stream().noneMatch(b -> a.hasName(b.name()) && a.options().equals(b.options())
          && a.createdAt() == b.createdAt())) {
        return false;
      }
    }
    return true;
  }

  private void record(AppliedIndex at) throws IOException {
    try (WriteBatch batch = replication.recordApplied(appliedKey, at)) {
      replication.writeSynced(batch);
    } catch (RocksDBException e) {
      throw RocksErrors.of("recording the catalog's applied index", e);
    }
    advance(at.index());
  }

  private void advance(long index) {
    synchronized (progress) {
      if (index > appliedIndex) {
        appliedIndex = index;
        progress.notifyAll();
      }
    }
  }
}
