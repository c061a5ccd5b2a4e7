package io.basalt.conformance.harness;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The registry settings of a test client, chosen by the module that runs the test: {@code basalt.conformance.registry}
 * says which registry the client can reach ({@code zookeeper} or {@code rpc}); the other one is pointed at a port
 * where nothing listens, so a test cannot pass through the wrong one. {@code basalt.conformance.registry.impl}, when
 * set, names the registry class; when not, the client's default registry has to be the reachable one.
 */
public final class ClientRegistry {
  /** Nothing listens on port 1: a client that tries this address fails instead of silently succeeding. */
  private static final String NOWHERE_HOST = "127.0.0.1";
  private static final int NOWHERE_PORT = 1;

  private ClientRegistry() {}

  /** Client properties reaching {@code basalt} through this run's registry only. */
  public static Map<String, String> properties(BasaltTarget basalt) {
    Map<String, String> properties = new LinkedHashMap<>();
    String registry = System.getProperty("basalt.conformance.registry", "zookeeper");
    switch (registry) {
      case "zookeeper" -> {
        properties.put("hbase.zookeeper.quorum", basalt.zookeeperQuorum());
        properties.put("hbase.client.bootstrap.servers", NOWHERE_HOST + ":" + NOWHERE_PORT);
      }
      case "rpc" -> {
        properties.put("hbase.client.bootstrap.servers", String.join(",", basalt.rpcAddresses()));
        properties.put("hbase.zookeeper.quorum", NOWHERE_HOST);
        properties.put("hbase.zookeeper.property.clientPort", Integer.toString(NOWHERE_PORT));
      }
      default -> throw new IllegalArgumentException("basalt.conformance.registry must be zookeeper or rpc, not "
          + registry);
    }
    String impl = System.getProperty("basalt.conformance.registry.impl", "");
    if (!impl.isEmpty()) {
      properties.put("hbase.client.registry.impl", impl);
    }
    return properties;
  }
}
