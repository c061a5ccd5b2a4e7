package io.basalt.server;

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

  static InetSocketAddress bind(String address, int port) {
    return new InetSocketAddress(address, port);
  }

  /** An address a local client can dial to reach a port bound on {@code bindAddress}. */
  static String localDialAddress(String bindAddress) {
    return bindAddress.equals("0.0.0.0") || bindAddress.equals("::") ? "127.0.0.1" : bindAddress;
  }
}
