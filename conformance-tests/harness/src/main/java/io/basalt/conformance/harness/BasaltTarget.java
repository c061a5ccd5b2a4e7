package io.basalt.conformance.harness;

import java.util.List;

/** What a client needs to reach Basalt, whether one process or a cluster of them. */
public interface BasaltTarget {
  /** {@code hbase.zookeeper.quorum}: every ZooKeeper {@code host:port}, comma separated. */
  String zookeeperQuorum();

  /** Every RPC {@code host:port}, for the RPC registry's bootstrap servers. */
  List<String> rpcAddresses();
}
