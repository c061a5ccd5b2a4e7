package io.basalt.embedded;

import io.basalt.server.BasaltServer;
import io.basalt.server.config.Settings;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;

/** The stock client's settings for reaching one embedded server, whichever registry the client version uses. */
final class ClientConfiguration {
  private ClientConfiguration() {}

  static Configuration of(BasaltServer server, Map<String, String> serverProperties) {
    Configuration conf = HBaseConfiguration.create();
    String quorum = server.zookeeperAddress();
    int colon = quorum.lastIndexOf(':');
    if (!quorum.contains(",") && colon > 0) {
      // One server: spelled the way applications usually read it back, host and port apart.
      conf.set("hbase.zookeeper.quorum", quorum.substring(0, colon));
      conf.set("hbase.zookeeper.property.clientPort", quorum.substring(colon + 1));
    } else {
      // An external ensemble as host:port pairs, which the client keeps as given.
      conf.set("hbase.zookeeper.quorum", quorum);
    }
    conf.set("zookeeper.znode.parent",
        serverProperties.getOrDefault(Settings.ZNODE_PARENT.key(), Settings.ZNODE_PARENT.defaultValue()));
    // hbase-client 3.0 finds the cluster through RPC bootstrap servers by default; 2.x ignores the setting.
    conf.set("hbase.client.bootstrap.servers", server.identity().hostAndPort());
    return conf;
  }
}
