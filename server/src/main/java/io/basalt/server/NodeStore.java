package io.basalt.server;

import io.basalt.server.config.BasaltConfig;
import io.basalt.server.config.ClusterMembers;
import io.basalt.server.config.ConfigException;
import io.basalt.server.config.Settings;
import io.basalt.storage.StoreOptions;
import io.basalt.storage.TabletStore;
import io.basalt.storage.errors.StorageException;
import io.basalt.storage.replication.ClusterMembership;
import io.basalt.storage.replication.ClusterSettings;
import io.basalt.storage.replication.RaftSettings;
import io.basalt.storage.transfer.SstTabletTransfer;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * The node's tablet store as the configuration sets it up: a single node's, or a cluster member's with its Raft
 * settings, and the cluster id a single node keeps with its data.
 */
final class NodeStore {
  private static final String CLUSTER_ID_PROPERTY = "cluster.id";

  private NodeStore() {}

  /** Opens the store: a single node's, or with {@code cluster} a cluster member's, replicated through Raft. */
  static TabletStore open(Path dataDir, BasaltConfig config, ClusterSettings cluster)
      throws ConfigException, StartupException {
    StoreOptions options = new StoreOptions(config.positiveLong(Settings.BLOCK_CACHE_BYTES),
        config.positiveLong(Settings.MEMTABLE_BUDGET_BYTES), config.positiveInt(Settings.BACKGROUND_JOBS),
        config.millis(Settings.ROW_LOCK_WAIT));
    try {
      return cluster == null ? TabletStore.open(dataDir.resolve("store"), options)
          : TabletStore.openReplicated(dataDir.resolve("store"), options, cluster, new SstTabletTransfer());
    } catch (StorageException e) {
      throw new StartupException(e.getMessage(), e);
    }
  }

  /** A cluster member's settings: every member's Raft address (its cluster port), and the Raft timings set. */
  static ClusterSettings clusterSettings(BasaltConfig config, ClusterMembers cluster, String clusterId,
      Clock clock) throws ConfigException {
    List<InetSocketAddress> members = new ArrayList<>();
    for (ClusterMembers.Member member : cluster.members()) {
      members.add(InetSocketAddress.createUnresolved(member.host(), member.raftPort()));
    }
    RaftSettings raft;
    try {
      raft = RaftSettings.defaults()
          .withElectionTimeouts(Duration.ofMillis(config.positiveLong(Settings.RAFT_ELECTION_TIMEOUT_MIN)),
              Duration.ofMillis(config.positiveLong(Settings.RAFT_ELECTION_TIMEOUT_MAX)))
          .withSnapshotThreshold(config.positiveLong(Settings.RAFT_SNAPSHOT_THRESHOLD));
    } catch (IllegalArgumentException e) {
      throw new ConfigException(Settings.RAFT_ELECTION_TIMEOUT_MAX.key() + ": " + e.getMessage());
    }
    try {
      raft = raft.withLogSegmentBytes(config.positiveLong(Settings.RAFT_LOG_SEGMENT_BYTES));
    } catch (IllegalArgumentException e) {
      throw new ConfigException(Settings.RAFT_LOG_SEGMENT_BYTES.key() + ": " + e.getMessage());
    }
    try {
      raft = raft.withEntryMaxBytes(config.positiveInt(Settings.RAFT_ENTRY_MAX_BYTES));
    } catch (IllegalArgumentException e) {
      throw new ConfigException(Settings.RAFT_ENTRY_MAX_BYTES.key() + ": " + e.getMessage());
    }
    return new ClusterSettings(clusterId, new ClusterMembership(cluster.localId(), members), raft, clock,
        Duration.ofMillis(config.nonNegativeLong(Settings.MAX_CLOCK_SKEW)));
  }

  /** The cluster id, created on first start and kept with the data so clients see the same cluster after a restart. */
  static String clusterId(TabletStore store) throws StartupException {
    try {
      var stored = store.systemProperty(CLUSTER_ID_PROPERTY);
      if (stored.isPresent()) {
        return new String(stored.get(), StandardCharsets.UTF_8);
      }
      String id = UUID.randomUUID().toString();
      store.putSystemProperty(CLUSTER_ID_PROPERTY, id.getBytes(StandardCharsets.UTF_8));
      return id;
    } catch (StorageException e) {
      throw new StartupException("cannot read or create the cluster id: " + e.getMessage(), e);
    }
  }
}
