package io.basalt.server;

import io.basalt.server.config.BasaltConfig;
import io.basalt.server.config.ConfigException;
import io.basalt.server.config.Settings;

/** An external ZooKeeper ensemble as {@code hbase.zookeeper.quorum} names it. */
final class ExternalQuorum {
  private ExternalQuorum() {}

  /** The quorum as a ZooKeeper connect string; hosts without a port get the client port. */
  static String connectString(BasaltConfig config) throws ConfigException {
    int defaultPort = config.port(Settings.ZOOKEEPER_PORT);
    StringBuilder connect = new StringBuilder();
    for (String host : config.get(Settings.ZOOKEEPER_QUORUM).split(",")) {
      String trimmed = host.trim();
      if (trimmed.isEmpty()) {
        continue;
      }
      if (connect.length() > 0) {
        connect.append(',');
      }
      connect.append(trimmed.contains(":") ? trimmed : trimmed + ":" + defaultPort);
    }
    if (connect.length() == 0) {
      throw new ConfigException(Settings.ZOOKEEPER_QUORUM.key() + " must name at least one host");
    }
    return connect.toString();
  }
}
