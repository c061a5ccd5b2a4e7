package io.basalt.storage;

import io.basalt.storage.catalog.FamilyDefinition;
import io.basalt.storage.catalog.NewFamily;
import io.basalt.storage.catalog.TableDefinition;
import io.basalt.storage.replication.AppliedIndex;
import io.basalt.storage.replication.ReplicaState;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
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
 */
final class CatalogReplica implements ReplicaState {
  private final StoreReplication replication;
  private final byte[] appliedKey;
  private final Object progress = new Object();
  private volatile long appliedIndex = -1;

  CatalogReplica(StoreReplication replication, byte[] appliedKey) {
    this.replication = replication;
    this.appliedKey = appliedKey;
  }

  /** The index of the last catalog entry applied here; writes record it as what they were decided against. */
  long appliedIndex() {
    return appliedIndex;
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
    AppliedIndex applied = replication.readApplied(appliedKey);
    advance(applied.index());
    return applied;
  }

  @Override
  public byte[] apply(AppliedIndex at, byte[] bytes) throws IOException {
    CatalogEntries.Entry entry = CatalogEntries.decode(bytes);
    TabletStore store = replication.store();
    byte[] answer = switch (entry.kind()) {
      case CatalogEntries.CREATE_TABLE -> create(store, at.index(), entry.table());
      case CatalogEntries.DROP_TABLE -> {
        Table table = store.table(entry.name()).orElse(null);
        if (table == null) {
          yield CatalogEntries.answer(CatalogEntries.UNKNOWN_TABLE, entry.name());
        }
        TableDefinition dropped = table.definition();
        store.dropLocally(entry.name());
        replication.removeTabletGroups(dropped);
        yield CatalogEntries.answer(CatalogEntries.OK, "");
      }
      case CatalogEntries.REPLACE_PROPERTIES -> {
        if (store.table(entry.name()).isEmpty()) {
          yield CatalogEntries.answer(CatalogEntries.UNKNOWN_TABLE, entry.name());
        }
        store.replacePropertiesLocally(entry.name(), entry.properties());
        yield CatalogEntries.answer(CatalogEntries.OK, "");
      }
      case CatalogEntries.PUT_SYSTEM_PROPERTY -> {
        store.putSystemPropertyLocally(entry.key(), entry.value());
        yield CatalogEntries.answer(CatalogEntries.OK, "");
      }
      default -> throw new IOException("catalog entry of unknown kind " + entry.kind());
    };
    record(at);
    replication.catalogChanged();
    return answer;
  }

  private byte[] create(TabletStore store, long index, TableDefinition template) throws IOException {
    Table existing = store.table(template.name()).orElse(null);
    if (existing != null) {
      return existing.definition().id() == index ? CatalogEntries.answer(CatalogEntries.OK, "")
          : CatalogEntries.answer(CatalogEntries.TABLE_EXISTS, template.name());
    }
    List<NewFamily> families = new ArrayList<>();
    for (FamilyDefinition family : template.families()) {
      families.add(new NewFamily(family.name(), family.options()));
    }
    Table table = store.createLocally(index, template.name(), families, template.tablets(), template.properties());
    replication.ensureTabletGroups(table.definition());
    return CatalogEntries.answer(CatalogEntries.OK, "");
  }

  @Override
  public void persist(AppliedIndex upTo) throws IOException {
    record(upTo);
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
