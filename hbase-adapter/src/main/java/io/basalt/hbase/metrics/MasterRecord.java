package io.basalt.hbase.metrics;

import io.basalt.hbase.cluster.MemberReport;
import io.basalt.hbase.cluster.RegionLocations;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;
import org.apache.hadoop.hbase.ServerName;

/**
 * HBase's master bean, {@code Master,sub=Server}: the live servers, whether this is the active master, the average
 * regions per server and the cluster's requests. Basalt's master lives in every server; a single node is its own
 * whole cluster, so the cluster's requests are its own calls. A cluster member adds the calls the other members last
 * reported (every few seconds, as HBase's region servers report to their master), and leaves
 * {@code clusterRequests} out while a member has not reported rather than count only some; it does not know since
 * when it is the active master, so it leaves out {@code masterActiveTime}.
 */
final class MasterRecord implements MetricsRecord {
  private final ServerTags tags;
  private final RegionLocations locations;
  private final LongSupplier regionCount;
  private final LongSupplier calls;

  MasterRecord(ServerTags tags, RegionLocations locations, LongSupplier regionCount, LongSupplier calls) {
    this.tags = tags;
    this.locations = locations;
    this.regionCount = regionCount;
    this.calls = calls;
  }

  /** This server's calls and every other live member's last reported ones; empty while one has not reported. */
  private OptionalLong clusterRequests(List<ServerName> live) {
    long requests = calls.getAsLong();
    for (ServerName server : live) {
      if (!server.equals(tags.identity().serverName())) {
        Optional<MemberReport> report = locations.reportOf(server);
        if (report.isEmpty()) {
          return OptionalLong.empty();
        }
        requests += report.get().requests();
      }
    }
    return OptionalLong.of(requests);
  }

  @Override
  public String jmxName() {
    return "Master,sub=Server";
  }

  @Override
  public String recordName() {
    return "Server";
  }

  @Override
  public void writeTo(MetricsOutput out) {
    List<ServerName> live = locations.liveServers();
    if (live.isEmpty()) {
      live = List.of(tags.identity().serverName());
    }
    boolean cluster = locations.isCluster();
    out.tag("liveRegionServers", live.stream().map(ServerName::getServerName).collect(Collectors.joining(";")));
    out.tag("deadRegionServers", "");
    out.tag("drainingRegionServers", "");
    out.tag("zookeeperQuorum", tags.zookeeperQuorum());
    out.tag("serverName", tags.identity().serverName().getServerName());
    out.tag("clusterId", tags.identity().clusterId());
    out.tag("isActiveMaster", Boolean.toString(locations.isActiveMaster()));
    out.tag("Context", "master");
    out.tag("Hostname", Hosts.localName());
    if (!cluster) {
      out.gauge("masterActiveTime", tags.startMillis());
    }
    out.gauge("masterStartTime", tags.startMillis());
    out.gauge("averageLoad", (double) regionCount.getAsLong() / live.size());
    out.gauge("numRegionServers", live.size());
    out.gauge("numDeadRegionServers", 0);
    out.gauge("numDrainingRegionServers", 0);
    OptionalLong requests = clusterRequests(live);
    if (requests.isPresent()) {
      out.counter("clusterRequests", requests.getAsLong());
    }
  }
}
