package io.basalt.storage;

import io.basalt.storage.StoreReplication.TabletPlace;
import io.basalt.storage.errors.StorageException;
import io.basalt.storage.replication.RaftNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.ratis.protocol.RaftGroupId;
import org.rocksdb.Snapshot;

/**
 * What a cluster member's replicas are doing, for operators and for tests comparing replicas across nodes: each
 * group this node hosts with its role and the last entry it applied, and how many states this node installed from
 * a leader since it started (a node rejoining with a wiped disk installs every group it hosts).
 *
 * @param catalogInstalls installs of the catalog done while running (not ones completed at start)
 * @param tabletInstalls installs of tablets done while running
 * @param replicas one per group, the catalog's first
 * @param failure the first replica of this node that stopped on its own (it could not apply an entry or write its
 *     log) and why, or null
 */
public record ReplicationStatus(long catalogInstalls, long tabletInstalls, List<Replica> replicas, String failure) {

  /**
   * One replica.
   *
   * @param group the Raft group's id
   * @param replicates {@code catalog}, or the tablet and its table
   * @param role Ratis's role of this replica ({@code leader}, {@code follower}, {@code candidate}, ...)
   * @param appliedIndex the last entry of the group's log applied here (by Ratis's count, which includes entries
   *     that change no row, such as a new leader's first entry)
   * @param digest for a tablet, when asked for: the digest of its rows here exactly as of {@code appliedIndex}
   *     ({@link TabletTransfer#digest}); replicas at the same applied index hold the same rows exactly when their
   *     digests are equal. Null otherwise.
   */
  public record Replica(String group, String replicates, String role, long appliedIndex, String digest) {}

  static ReplicationStatus of(StoreReplication replication, boolean digests) {
    RaftNode node = replication.node();
    List<Replica> replicas = new ArrayList<>();
    List<RaftGroupId> groups = new ArrayList<>(node.groups());
    groups.sort((a, b) -> a.equals(replication.catalogGroup()) ? -1 : b.equals(replication.catalogGroup()) ? 1
        : a.getUuid().compareTo(b.getUuid()));
    for (RaftGroupId group : groups) {
      Optional<RaftNode.ReplicaView> view = node.view(group);
      if (view.isEmpty()) {
        continue; // removed meanwhile
      }
      TabletPlace place = group.equals(replication.catalogGroup()) ? null : replication.tabletOf(group);
      String replicates = group.equals(replication.catalogGroup()) ? "catalog"
          : place == null ? "no tablet (being removed)" : place.toString();
      long applied = view.get().appliedIndex();
      String digest = null;
      if (digests && place != null) {
        Digest atApplied = digest(replication, node, group, place, applied);
        applied = atApplied.appliedIndex();
        digest = atApplied.digest();
      }
      replicas.add(new Replica(group.getUuid().toString(), replicates, view.get().role(), applied, digest));
    }
    return new ReplicationStatus(replication.catalogInstalls(), replication.tabletInstalls(),
        List.copyOf(replicas), node.replicaFailure());
  }

  private record Digest(long appliedIndex, String digest) {}

  private record Pinned(long appliedIndex, Snapshot snapshot) {}

  /**
   * The tablet's digest at the replica's applied index: a RocksDB snapshot is taken while the replica applies
   * nothing, and the rows are read from it afterwards, so the group is held up for microseconds, not for the read.
   * "unavailable" and why if the group or the table went away meanwhile.
   */
  private static Digest digest(StoreReplication replication, RaftNode node, RaftGroupId group, TabletPlace place,
      long applied) {
    Table table = place.table();
    Pinned pinned;
    try {
      pinned = node.atApplied(group, index -> new Pinned(index,
          table.withColumnFamilies("pinning a digest of " + place, (db, definition, handles) -> db.getSnapshot())));
    } catch (IOException e) {
      return new Digest(applied, "unavailable: " + e.getMessage());
    }
    try {
      return new Digest(pinned.appliedIndex(), replication.tabletTransfer().digest(table, place.tablet().startRow(),
          place.tablet().endRow(), pinned.snapshot()));
    } catch (StorageException | RuntimeException e) {
      // The table dropped or its families changed meanwhile, or the store closing: this replica has no digest now.
      return new Digest(pinned.appliedIndex(), "unavailable: " + e.getMessage());
    } finally {
      try {
        table.withColumnFamilies("releasing a digest's snapshot of " + place, (db, definition, handles) -> {
          db.releaseSnapshot(pinned.snapshot());
          return null;
        });
      } catch (StorageException e) {
        // Dropped or closed meanwhile: RocksDB let the snapshot go with it (see ReadPoint#close).
      }
    }
  }
}
