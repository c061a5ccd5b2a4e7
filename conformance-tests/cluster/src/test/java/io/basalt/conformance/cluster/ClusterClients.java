package io.basalt.conformance.cluster;

import io.basalt.conformance.harness.BasaltCluster;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;

/** A stock client's configuration for a cluster: its nodes' ZooKeeper addresses and nothing else. */
final class ClusterClients {
  private ClusterClients() {}

  static Configuration configuration(BasaltCluster cluster) {
    Configuration conf = HBaseConfiguration.create();
    conf.set("hbase.zookeeper.quorum", cluster.zookeeperQuorum());
    return conf;
  }
}
