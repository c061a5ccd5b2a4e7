package io.basalt.conformance.core;

import io.basalt.conformance.harness.BasaltTarget;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;

/**
 * The client configuration a run of the core suite uses, chosen by the module that runs it:
 * {@code basalt.conformance.registry} says which registry the client can reach ({@code zookeeper} or {@code rpc});
 * the other one is pointed at a port where nothing listens, so a test cannot pass through the wrong one.
 * {@code basalt.conformance.registry.impl}, when set, names the registry class; when not, the client's default
 * registry has to be the reachable one.
 */
final class ClientSetup {
  /** Nothing listens on port 1: a client that tries this address fails instead of silently succeeding. */
  private static final String NOWHERE_HOST = "127.0.0.1";
  private static final int NOWHERE_PORT = 1;

  private ClientSetup() {}

  static Configuration configuration(BasaltTarget basalt) {
    Configuration conf = HBaseConfiguration.create();
    String registry = System.getProperty("basalt.conformance.registry", "zookeeper");
    switch (registry) {
      case "zookeeper" -> {
        conf.set("hbase.zookeeper.quorum", basalt.zookeeperQuorum());
        conf.set("hbase.client.bootstrap.servers", NOWHERE_HOST + ":" + NOWHERE_PORT);
      }
      case "rpc" -> {
        conf.set("hbase.client.bootstrap.servers", String.join(",", basalt.rpcAddresses()));
        conf.set("hbase.zookeeper.quorum", NOWHERE_HOST);
        conf.setInt("hbase.zookeeper.property.clientPort", NOWHERE_PORT);
      }
      default -> throw new IllegalArgumentException("basalt.conformance.registry must be zookeeper or rpc, not "
          + registry);
    }
    String impl = System.getProperty("basalt.conformance.registry.impl", "");
    if (!impl.isEmpty()) {
      conf.set("hbase.client.registry.impl", impl);
    }
    // A broken call should fail the test within minutes, not after the default twenty.
    conf.setInt("hbase.client.operation.timeout", 120_000);
    return conf;
  }
}
