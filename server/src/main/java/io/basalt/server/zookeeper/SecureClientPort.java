package io.basalt.server.zookeeper;

import io.basalt.server.config.BasaltConfig;
import io.basalt.server.config.Settings;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.net.InetSocketAddress;
import java.util.Map;
import org.apache.zookeeper.server.ServerCnxnFactory;
import org.apache.zookeeper.server.auth.X509AuthenticationProvider;

/**
 * ZooKeeper's TLS client port ({@code secureClientPort}) for the embedded ZooKeeper, with the RPC port's key store,
 * trust store, client authentication mode, protocols and cipher suites, so one set of certificates secures both
 * ports a client uses.
 *
 * <p>ZooKeeper's server reads its TLS settings only from {@code zookeeper.ssl.*} system properties (its
 * QuorumPeerConfig turns a zoo.cfg's {@code ssl.*} lines into them), so that is where they go; they concern only
 * ZooKeeper servers and clients that turn TLS on. Its TLS port must be its Netty connection factory, whose
 * constructor is package private and which ZooKeeper itself makes by reflection.
 */
final class SecureClientPort {
  private static final String NETTY_FACTORY = "org.apache.zookeeper.server.NettyServerCnxnFactory";
  /** ZooKeeper's property for each of the RPC port's TLS settings it has an equivalent of. */
  private static final Map<String, String> ZOOKEEPER_NAMES = Map.ofEntries(
      Map.entry(Settings.TLS_KEYSTORE.key(), "zookeeper.ssl.keyStore.location"),
      Map.entry(Settings.TLS_KEYSTORE_PASSWORD.key(), "zookeeper.ssl.keyStore.password"),
      Map.entry(Settings.TLS_KEYSTORE_TYPE.key(), "zookeeper.ssl.keyStore.type"),
      Map.entry(Settings.TLS_TRUSTSTORE.key(), "zookeeper.ssl.trustStore.location"),
      Map.entry(Settings.TLS_TRUSTSTORE_PASSWORD.key(), "zookeeper.ssl.trustStore.password"),
      Map.entry(Settings.TLS_TRUSTSTORE_TYPE.key(), "zookeeper.ssl.trustStore.type"),
      Map.entry(Settings.TLS_CLIENT_AUTH.key(), "zookeeper.ssl.clientAuth"),
      Map.entry(Settings.TLS_VERIFY_CLIENT_HOSTNAME.key(), "zookeeper.ssl.hostnameVerification"),
      Map.entry(Settings.TLS_PROTOCOL.key(), "zookeeper.ssl.protocol"),
      Map.entry(Settings.TLS_ENABLED_PROTOCOLS.key(), "zookeeper.ssl.enabledProtocols"),
      Map.entry(Settings.TLS_CIPHER_SUITES.key(), "zookeeper.ssl.ciphersuites"),
      Map.entry(Settings.TLS_CRL.key(), "zookeeper.ssl.crl"),
      Map.entry(Settings.TLS_OCSP.key(), "zookeeper.ssl.ocsp"));

  private SecureClientPort() {}

  /**
   * Gives ZooKeeper's TLS the RPC port's settings; call before {@link #configure}. ZooKeeper checks a client's
   * certificate with its x509 authentication provider, which it loads only when named.
   */
  static void useRpcTlsSettings(BasaltConfig config) {
    System.setProperty("zookeeper.authProvider.x509", X509AuthenticationProvider.class.getName());
    ZOOKEEPER_NAMES.forEach((basalt, zookeeper) -> {
      String value = config.get(basalt);
      if (value != null && !value.isEmpty()) {
        System.setProperty(zookeeper, value);
      }
    });
  }

  /** A TLS connection factory bound to {@code address}, to be started on the same server as the plain one. */
  static ServerCnxnFactory configure(InetSocketAddress address, int maxConnectionsPerHost) throws IOException {
    ServerCnxnFactory factory;
    try {
      var constructor = Class.forName(NETTY_FACTORY).asSubclass(ServerCnxnFactory.class).getDeclaredConstructor();
      constructor.setAccessible(true);
      factory = constructor.newInstance();
    } catch (ReflectiveOperationException e) {
      Throwable cause = e instanceof InvocationTargetException ? e.getCause() : e;
      throw new IOException("cannot make ZooKeeper's Netty connection factory for its TLS port: " + cause, cause);
    }
    factory.configure(address, maxConnectionsPerHost, -1, true);
    return factory;
  }
}
