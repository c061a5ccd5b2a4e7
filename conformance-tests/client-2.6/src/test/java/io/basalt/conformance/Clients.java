package io.basalt.conformance;

import io.basalt.conformance.harness.BasaltProcess;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;

/** Stock client connections to a Basalt process, configured the way an application points at a cluster. */
final class Clients {
  private Clients() {}

  /** The default 2.6 client setup: the ZooKeeper registry at Basalt's embedded ZooKeeper. */
  static Configuration zookeeperConfiguration(BasaltProcess basalt) {
    Configuration conf = HBaseConfiguration.create();
    conf.set("hbase.zookeeper.quorum", basalt.zookeeperHost());
    conf.setInt("hbase.zookeeper.property.clientPort", basalt.zookeeperPort());
    return conf;
  }

  /** The RPC connection registry, bootstrapping from Basalt's RPC port; no ZooKeeper involved. */
  static Configuration rpcRegistryConfiguration(BasaltProcess basalt) {
    Configuration conf = HBaseConfiguration.create();
    conf.set("hbase.client.registry.impl", "org.apache.hadoop.hbase.client.RpcConnectionRegistry");
    conf.set("hbase.client.bootstrap.servers", basalt.rpcAddress());
    // Make sure nothing falls back to ZooKeeper: point it at a port where nothing listens.
    conf.set("hbase.zookeeper.quorum", "127.0.0.1:1");
    return conf;
  }

  static Connection connect(BasaltProcess basalt) throws IOException {
    return ConnectionFactory.createConnection(zookeeperConfiguration(basalt));
  }
}
