package io.basalt.hbase.cluster;

import io.basalt.hbase.schema.HBaseTable;
import io.basalt.storage.TabletStore;
import io.basalt.storage.catalog.TabletDefinition;
import io.basalt.storage.errors.StorageException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.client.RegionInfo;

/**
 * Where each region is served and which server is the master. On a single node that is always this process. In a
 * cluster a region is served by the node leading its tablet's Raft group, and the active master is the node leading
 * the catalog's group; the others are backup masters. hbase:meta, ClusterMetrics and the registry read this.
 */
public final class RegionLocations {
  private final TabletStore store;
  private final ServerIdentity self;
  private final int localNode;
  private final ClusterNodes nodes;

  private RegionLocations(TabletStore store, ServerIdentity self, int localNode, ClusterNodes nodes) {
    this.store = store;
    this.self = self;
    this.localNode = localNode;
    this.nodes = nodes;
  }

  /** Everything served here. */
  public static RegionLocations singleNode(ServerIdentity self) {
    return new RegionLocations(null, self, 1, null);
  }

  /** Regions served by their tablets' leaders among {@code nodes}; this process is node {@code localNode}. */
  public static RegionLocations cluster(TabletStore store, ServerIdentity self, int localNode, ClusterNodes nodes) {
    return new RegionLocations(store, self, localNode, nodes);
  }

  public boolean isCluster() {
    return nodes != null;
  }

  /** This process. */
  public ServerIdentity self() {
    return self;
  }

  /**
   * The server serving a tablet of {@code table} now; empty while its group elects a leader or the leader's node
   * is not registered (the client then finds no location and asks again).
   */
  public Optional<ServerName> serverOf(String table, TabletDefinition tablet) {
    if (nodes == null) {
      return Optional.of(self.serverName());
    }
    try {
      int leader = store.cluster().leaderOf(table, tablet);
      return leader == 0 ? Optional.empty() : nodes.server(leader);
    } catch (StorageException e) {
      return Optional.empty();
    }
  }

  /** The server of each region of {@code table} now, by encoded region name; one electing a leader left out. */
  public Map<String, ServerName> servers(HBaseTable table) {
    Map<String, ServerName> servers = new HashMap<>();
    List<RegionInfo> regions = table.regions();
    List<TabletDefinition> tablets = table.definition().tablets();
    for (int i = 0; i < regions.size() && i < tablets.size(); i++) {
      String region = regions.get(i).getEncodedName();
      serverOf(table.definition().name(), tablets.get(i)).ifPresent(server -> servers.put(region, server));
    }
    return servers;
  }

  /** Changes whenever an answer of {@link #serverOf} may have changed (apart from tables changing). */
  public long version() {
    return nodes == null ? 0 : store.cluster().leadershipVersion() * 31 + nodes.version();
  }

  /** What the member running {@code server} last reported of itself: nothing on a single node. */
  public Optional<MemberReport> reportOf(ServerName server) {
    return nodes == null ? Optional.empty() : nodes.report(server);
  }

  /** Whether this process is the active master: always on one node, the catalog's leader in a cluster. */
  public boolean isActiveMaster() {
    return nodes == null || store.cluster().catalogLeader() == localNode;
  }

  /** The active master, if one is known. */
  public Optional<ServerName> activeMaster() {
    if (nodes == null) {
      return Optional.of(self.serverName());
    }
    int leader = store.cluster().catalogLeader();
    return leader == 0 ? Optional.empty() : nodes.server(leader);
  }

  /** The servers up that are not the active master. */
  public List<ServerName> backupMasters() {
    if (nodes == null) {
      return List.of();
    }
    Optional<ServerName> active = activeMaster();
    List<ServerName> backups = new ArrayList<>(nodes.servers());
    active.ifPresent(backups::remove);
    return backups;
  }

  /** Every server up. */
  public List<ServerName> liveServers() {
    return nodes == null ? List.of(self.serverName()) : nodes.servers();
  }
}
