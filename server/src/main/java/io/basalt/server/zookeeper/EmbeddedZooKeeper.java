package io.basalt.server.zookeeper;

import io.basalt.server.config.BasaltConfig;
import java.io.File;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.apache.zookeeper.server.ServerCnxnFactory;
import org.apache.zookeeper.server.ZooKeeperServer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real Apache ZooKeeper server inside the Basalt process, so HBase clients find Basalt the way they find an HBase
 * cluster. It holds nothing but what Basalt publishes at start, so its directory is wiped on every start: stale
 * ephemeral znodes of a killed predecessor can never linger.
 */
public final class EmbeddedZooKeeper implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(EmbeddedZooKeeper.class);
  private static final int TICK_MILLIS = 500;
  private static final int MAX_CONNECTIONS_PER_HOST = 1000;

  private final ZooKeeperServer server;
  private final ServerCnxnFactory connections;
  private final ServerCnxnFactory tlsConnections;

  private EmbeddedZooKeeper(ZooKeeperServer server, ServerCnxnFactory connections,
      ServerCnxnFactory tlsConnections) {
    this.server = server;
    this.connections = connections;
    this.tlsConnections = tlsConnections;
  }

  /** Starts a server with its files under {@code directory}, listening on {@code address}. */
  public static EmbeddedZooKeeper start(Path directory, InetSocketAddress address)
      throws IOException, InterruptedException {
    return start(directory, address, null, null);
  }

  /**
   * Starts a server as {@link #start(Path, InetSocketAddress)} does, also listening with TLS on {@code tlsAddress}
   * (ZooKeeper's secureClientPort) unless it is null, with the RPC port's TLS settings in {@code config}.
   */
  public static EmbeddedZooKeeper start(Path directory, InetSocketAddress address, InetSocketAddress tlsAddress,
      BasaltConfig config) throws IOException, InterruptedException {
    deleteRecursively(directory);
    Files.createDirectories(directory);
    ZooKeeperServer server = new ServerWithoutMonitoring(directory.resolve("snapshots").toFile(),
        directory.resolve("log").toFile(), TICK_MILLIS);
    ServerCnxnFactory connections = new ConnectionsWithoutMBeans();
    ServerCnxnFactory tlsConnections = null;
    try {
      connections.configure(address, MAX_CONNECTIONS_PER_HOST);
      if (tlsAddress != null) {
        SecureClientPort.useRpcTlsSettings(config);
        tlsConnections = SecureClientPort.configure(tlsAddress, MAX_CONNECTIONS_PER_HOST);
        server.setSecureServerCnxnFactory(tlsConnections);
      }
      connections.startup(server);
      if (tlsConnections != null) {
        tlsConnections.startup(server, false);
      }
    } catch (IOException | InterruptedException | RuntimeException e) {
      connections.shutdown();
      if (tlsConnections != null) {
        tlsConnections.shutdown();
      }
      server.shutdown();
      throw e;
    }
    if (tlsConnections == null) {
      LOG.info("Embedded ZooKeeper listening on port {}", connections.getLocalPort());
    } else {
      LOG.info("Embedded ZooKeeper listening on port {}, and with TLS on port {}", connections.getLocalPort(),
          tlsConnections.getLocalPort());
    }
    return new EmbeddedZooKeeper(server, connections, tlsConnections);
  }

  public int port() {
    return connections.getLocalPort();
  }

  /** The TLS client port, or -1 if there is none. */
  public int tlsPort() {
    return tlsConnections == null ? -1 : tlsConnections.getLocalPort();
  }

  @Override
  public void close() {
    connections.shutdown();
    if (tlsConnections != null) {
      tlsConnections.shutdown();
    }
    server.shutdown();
  }

  /*
   * ZooKeeper registers its server and each connection as JMX MBeans, and the first registration builds the JVM's
   * platform MBean server: some 5 % of the CPU Basalt spends to its ready line. Its metric gauges bring up the JVM's
   * operating system MXBean for file descriptor counts that only ZooKeeper's own monitoring commands would show,
   * and Basalt enables none of them. An embedded server that holds only Basalt's own registry has nothing an
   * operator would watch there, so it registers neither.
   */

  private static final class ServerWithoutMonitoring extends ZooKeeperServer {
    ServerWithoutMonitoring(File snapshots, File log, int tickMillis) throws IOException {
      super(snapshots, log, tickMillis);
    }

    @Override
    protected void registerJMX() {}

    @Override
    protected void unregisterJMX() {}

    @Override
    protected void registerMetrics() {}

    @Override
    protected void unregisterMetrics() {}
  }

  private static void deleteRecursively(Path directory) throws IOException {
    if (!Files.exists(directory)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(directory)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }
}
