package io.basalt.hbase.metrics;

import io.basalt.hbase.cluster.ServerIdentity;
import java.util.function.Supplier;

/**
 * Who the server is, as HBase tags its server beans: the ZooKeeper quorum clients use, the server name (host, port
 * and start code), the cluster id, the context ({@code regionserver} or {@code master}) and the host name.
 */
record ServerTags(ServerIdentity identity, Supplier<String> quorum) {

  String zookeeperQuorum() {
    return quorum.get();
  }

  long startMillis() {
    return identity.startCode();
  }

  void writeServerTags(MetricsOutput out, String context) {
    out.tag("zookeeperQuorum", zookeeperQuorum());
    out.tag("serverName", identity.serverName().getServerName());
    out.tag("clusterId", identity.clusterId());
    out.tag("Context", context);
    out.tag("Hostname", Hosts.localName());
  }
}
