package io.basalt.storage;

import io.basalt.storage.catalog.TabletDefinition;
import io.basalt.storage.errors.StorageException;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * What a store knows of its cluster, for the layer above: which node leads each tablet and the catalog, when that
 * changes, and the changes it applied that others made. On a single node it answers as a cluster of one would: node
 * 1 leads everything, and nothing changes but what this node's callers do.
 */
public final class ClusterView {
  private final TabletStore store;

  ClusterView(TabletStore store) {
    this.store = store;
  }

  /** Whether the store is a cluster member. */
  public boolean isReplicated() {
    return store.replication() != null;
  }

  /**
   * In cluster mode, runs {@code listener} after each catalog change applied on this node (made here or on another
   * node), on the catalog's applier thread: it must be quick and must not change the catalog itself. Nothing on a
   * single node, where every change is made by a caller of the store.
   */
  public void onCatalogChange(Runnable listener) {
    StoreReplication cluster = store.replication();
    if (cluster != null) {
      cluster.onCatalogChange(listener);
    }
  }

  /**
   * In cluster mode, runs {@code listener} with the note of each replicated write as this node applies it (see
   * {@link Table#writeAll(List, io.basalt.storage.data.Durability, io.basalt.storage.data.Waiting, byte[])}), on the
   * tablet's applier thread: it must be quick. Nothing on a single node.
   */
  public void onWriteNote(Consumer<byte[]> listener) {
    StoreReplication cluster = store.replication();
    if (cluster != null) {
      cluster.onWriteNote(listener);
    }
  }

  /** In cluster mode, whether a catalog change with this note (a request's nonce) was applied on this node. */
  public boolean catalogNoteApplied(byte[] note) {
    StoreReplication cluster = store.replication();
    return cluster != null && cluster.catalogNoteApplied(note);
  }

  /** A number that changes whenever this node learns of a new leader of any tablet or the catalog; 0 on one node. */
  public long leadershipVersion() {
    StoreReplication cluster = store.replication();
    return cluster == null ? 0 : cluster.leadershipVersion();
  }

  /**
   * In cluster mode, the node (1-based) leading the group of {@code tablet} of {@code table} as far as this node
   * knows, or 0 if none is known; on a single node, 1.
   */
  public int leaderOf(String table, TabletDefinition tablet) throws StorageException {
    StoreReplication cluster = store.replication();
    if (cluster == null) {
      return 1;
    }
    return cluster.leaderOf(store.requireTable(table).definition(), tablet);
  }

  /** In cluster mode, the node leading the catalog's group as far as this node knows, or 0; on a single node, 1. */
  public int catalogLeader() {
    StoreReplication cluster = store.replication();
    return cluster == null ? 1 : cluster.catalogLeader();
  }

  /**
   * Whether this node leads the catalog's group as far as it knows, which makes it the active master; on a single
   * node, true.
   */
  public boolean leadsCatalog() {
    StoreReplication cluster = store.replication();
    return cluster == null || cluster.catalogLeader() == cluster.node().membership().localNode();
  }

  /**
   * In cluster mode, what this node's replicas are doing (for the info port); with {@code digests}, each tablet
   * replica's digest at its applied index, which reads the whole tablet. Empty on a single node.
   */
  public Optional<ReplicationStatus> replicationStatus(boolean digests) {
    StoreReplication cluster = store.replication();
    return cluster == null ? Optional.empty() : Optional.of(ReplicationStatus.of(cluster, digests));
  }

  /**
   * In cluster mode, runs {@code listener} once when a replica of this node stops on its own because it could not
   * apply a committed entry or write its Raft log (a full disk, a failing store), with what failed; at once if one
   * did already. It runs on a Raft thread and must not block. Never on a single node.
   */
  public void onReplicaFailure(Consumer<String> listener) {
    StoreReplication cluster = store.replication();
    if (cluster != null) {
      cluster.node().onReplicaFailure(listener);
    }
  }
}
