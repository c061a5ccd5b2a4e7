package io.basalt.server;

import io.basalt.server.config.BasaltConfig;
import io.basalt.server.config.ConfigException;
import io.basalt.server.config.Settings;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;

/** Where Basalt listens and what host name it tells clients to dial. */
final class ServerAddresses {
  private ServerAddresses() {}

  /** The configured host name, else this machine's name if it resolves, else {@code localhost}. */
  static String advertisedHost(String configured) {
    if (configured != null && !configured.isBlank()) {
      return configured.trim();
    }
    try {
      String name = InetAddress.getLocalHost().getCanonicalHostName();
      InetAddress.getByName(name);
      return name;
    } catch (UnknownHostException e) {
      return "localhost";
    }
  }

  /** Where the embedded ZooKeeper's TLS client port listens, or null when it has none. */
  static InetSocketAddress zooKeeperTls(BasaltConfig config, String bindAddress) throws ConfigException {
    int tlsPort = config.port(Settings.ZOOKEEPER_TLS_PORT);
    if (tlsPort < 0) {
      return null;
    }
    if (config.get(Settings.TLS_KEYSTORE).isBlank()) {
      throw new ConfigException(Settings.ZOOKEEPER_TLS_PORT.key() + " needs a key store: set "
          + Settings.TLS_KEYSTORE.key());
    }
    return bind(bindAddress, tlsPort);
  }

  static InetSocketAddress bind(String address, int port) {
    return new InetSocketAddress(address, port);
  }

  /** An address a local client can dial to reach a port bound on {@code bindAddress}. */
  static String localDialAddress(String bindAddress) {
    return bindAddress.equals("0.0.0.0") || bindAddress.equals("::") ? "127.0.0.1" : bindAddress;
  }
}
