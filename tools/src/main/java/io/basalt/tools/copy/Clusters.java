package io.basalt.tools.copy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;

/**
 * Turns a CLUSTER argument (a ZooKeeper quorum or an hbase-site.xml) into the stock client's configuration, for
 * {@code basalt copy} and {@code basalt import-snapshot} alike.
 */
public final class Clusters {
  private static final int DEFAULT_ZOOKEEPER_PORT = 2181;

  private Clusters() {}

  public static Configuration configuration(String cluster, Map<String, String> properties) throws IOException {
    Configuration conf = HBaseConfiguration.create();
    // A wrong --from or --to should fail in seconds, not after the client's half a minute of ZooKeeper retries.
    conf.setInt("zookeeper.recovery.retry", 3);
    Path file = Path.of(cluster);
    if (cluster.endsWith(".xml")) {
      if (!Files.isRegularFile(file)) {
        throw new IOException("no such configuration file: " + cluster);
      }
      conf.addResource(new org.apache.hadoop.fs.Path(file.toUri()));
    } else {
      applyQuorum(cluster, conf);
    }
    properties.forEach(conf::set);
    return conf;
  }

  /**
   * Fails within seconds, naming the cluster, when it cannot be reached: the client's own retries would otherwise
   * keep a mistyped address waiting for minutes.
   */
  public static void checkReachable(String cluster, Configuration conf) throws IOException {
    Configuration probing = new Configuration(conf);
    probing.setInt("hbase.client.retries.number", 1);
    probing.setInt("hbase.client.operation.timeout", 20_000);
    probing.setInt("hbase.rpc.timeout", 10_000);
    try (Connection connection = ConnectionFactory.createConnection(probing);
        Admin admin = connection.getAdmin()) {
      admin.listNamespaceDescriptors();
    } catch (IOException e) {
      Throwable root = e;
      while (root.getCause() != null && root.getCause() != root) {
        root = root.getCause();
      }
      throw new IOException("cannot reach the cluster " + cluster + ": " + root, e);
    }
  }

  /** {@code host[:port][,host[:port]...][/znode-parent]}; hosts without a port use 2181. */
  private static void applyQuorum(String quorum, Configuration conf) throws IOException {
    String hosts = quorum;
    int slash = quorum.indexOf('/');
    if (slash >= 0) {
      conf.set("zookeeper.znode.parent", quorum.substring(slash));
      hosts = quorum.substring(0, slash);
    }
    StringBuilder servers = new StringBuilder();
    for (String host : hosts.split(",")) {
      String trimmed = host.trim();
      if (trimmed.isEmpty()) {
        continue;
      }
      int colon = trimmed.lastIndexOf(':');
      if (colon > 0) {
        try {
          Integer.parseInt(trimmed.substring(colon + 1));
        } catch (NumberFormatException e) {
          throw new IOException("'" + trimmed + "' in " + quorum + " is not host:port");
        }
      } else {
        trimmed = trimmed + ":" + DEFAULT_ZOOKEEPER_PORT;
      }
      servers.append(servers.length() == 0 ? "" : ",").append(trimmed);
    }
    if (servers.length() == 0) {
      throw new IOException("'" + quorum + "' names no ZooKeeper host");
    }
    // host:port pairs: the client keeps the port of each.
    conf.set("hbase.zookeeper.quorum", servers.toString());
  }
}
