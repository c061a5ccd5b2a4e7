package io.basalt.server;

import io.basalt.hbase.FrontendSettings;
import io.basalt.hbase.HBaseFrontend;
import io.basalt.hbase.cluster.RegionLocations;
import io.basalt.hbase.cluster.ServerIdentity;
import io.basalt.hbase.master.CatalogTokenKeys;
import io.basalt.hbase.security.TokenKeyStore;
import io.basalt.server.audit.AuditLog;
import io.basalt.server.auth.ServerSecurity;
import io.basalt.server.auth.TokenKeyFile;
import io.basalt.server.config.BackgroundPolicies;
import io.basalt.server.config.BasaltConfig;
import io.basalt.server.config.ClusterMembers;
import io.basalt.server.config.ConfigException;
import io.basalt.server.config.Settings;
import io.basalt.server.config.SlowLogConfig;
import io.basalt.server.info.InfoServer;
import io.basalt.server.info.ReplicationView;
import io.basalt.server.info.StatusDocument;
import io.basalt.server.metrics.JvmMetricsRecord;
import io.basalt.server.metrics.MetricsBeans;
import io.basalt.server.rpc.BindFailedException;
import io.basalt.server.rpc.CallQueueCapacity;
import io.basalt.server.rpc.RpcServer;
import io.basalt.server.rpc.RpcServerSettings;
import io.basalt.server.tls.ServerTls;
import io.basalt.server.ui.RegionRows;
import io.basalt.server.ui.ServerSources;
import io.basalt.server.ui.WebUi;
import io.basalt.server.zookeeper.ClusterRegistry;
import io.basalt.server.zookeeper.EmbeddedQuorumPeer;
import io.basalt.server.zookeeper.EmbeddedZooKeeper;
import io.basalt.server.zookeeper.RegistryPublisher;
import io.basalt.storage.TabletStore;
import io.basalt.storage.errors.StorageException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeoutException;
import org.apache.hadoop.hbase.ServerName;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One Basalt process: the tablet store, the HBase front end, the RPC and info ports and the ZooKeeper registry,
 * started in dependency order and stopped so that calls in flight finish before the store
 * closes.
 */
public final class BasaltServer {
  private static final Logger LOG = LoggerFactory.getLogger(BasaltServer.class);
  private static final long REGISTRY_WAIT_MILLIS = 30_000;
  private static final long QUORUM_REPORT_SECONDS = 10;

  private final CountDownLatch stopped = new CountDownLatch(1);
  private final long graceMillis;
  private TabletStore store;
  private RpcServer rpc;
  private InfoServer info;
  /** The metrics /jmx, /prometheus and JMX show; set first thing in the start. */
  private volatile MetricsBeans metrics;
  private HBaseFrontend frontend;
  private EmbeddedZooKeeper zookeeper;
  private FutureTask<EmbeddedZooKeeper> zookeeperStart;
  private RegistryPublisher publisher;
  /** A cluster member's ZooKeeper peer and registry; null on a single node. */
  private EmbeddedQuorumPeer quorumPeer;
  private ClusterRegistry clusterRegistry;
  private String zookeeperAddress;
  private ServerIdentity identity;
  private boolean stopping;
  /** Why this node stopped itself, or null: one of its replicas could not go on. */
  private volatile String failure;
  /** False once the store could not be flushed or closed at the stop: the process must not claim a clean exit. */
  private volatile boolean storeClosedCleanly = true;

  @FunctionalInterface
  private interface Step {
    void run() throws Exception;
  }

  private BasaltServer(long graceMillis) {
    this.graceMillis = graceMillis;
  }

  /** Starts everything and returns once clients can connect. */
  public static BasaltServer start(BasaltConfig config) throws StartupException, InterruptedException {
    long graceMillis;
    try {
      graceMillis = config.positiveLong(Settings.SHUTDOWN_GRACE);
    } catch (ConfigException e) {
      throw new StartupException(e.getMessage(), e);
    }
    BasaltServer server = new BasaltServer(graceMillis);
    try {
      server.startAll(config);
      return server;
    } catch (ConfigException e) {
      server.stop();
      throw new StartupException(e.getMessage(), e);
    } catch (StartupException | InterruptedException | RuntimeException e) {
      server.stop();
      throw e;
    }
  }

  private void startAll(BasaltConfig config) throws ConfigException, StartupException, InterruptedException {
    long startMillis = System.currentTimeMillis();
    preloadFrontendClasses();
    metrics = new MetricsBeans(); // first, so that JvmMetrics counts the log records of the whole start
    metrics.add(new JvmMetricsRecord());
    config.warnings().forEach(warning -> LOG.warn("Configuration: {}", warning));
    Path dataDir = config.dataDir();
    String bindAddress = config.get(Settings.BIND_ADDRESS);
    String host = ServerAddresses.advertisedHost(config.get(Settings.HOSTNAME));
    ServerSecurity login = ServerSecurity.login(config, host); // a bad keytab stops the start at once
    ClusterMembers cluster = ClusterMembers.of(config);
    cluster.warnings().forEach(warning -> LOG.warn("Configuration: {}", warning));
    String clusterId;
    Clock clock = Clock.offset(Clock.systemUTC(), Duration.ofMillis(config.signedLong(Settings.CLOCK_OFFSET)));
    if (cluster.isCluster()) {
      joinRegistry(config, cluster, dataDir, bindAddress, host);
      try {
        clusterRegistry.checkMembers(String.join(",",
            cluster.members().stream().map(ClusterMembers.Member::address).toList()));
        clusterId = clusterRegistry.clusterId();
        String warning = clusterRegistry.measureClockSkew(cluster.localId(), clock).check(cluster.localId(),
            config.nonNegativeLong(Settings.MAX_CLOCK_SKEW), config.nonNegativeLong(Settings.WARNING_CLOCK_SKEW));
        if (warning != null) {
          LOG.warn("{}", warning);
        }
      } catch (IOException e) {
        throw new StartupException(e.getMessage(), e);
      }
      store = NodeStore.open(dataDir, config, NodeStore.clusterSettings(config, cluster, clusterId, clock));
      store.cluster().onReplicaFailure(this::stopOnReplicaFailure);
    } else {
      if (config.bool(Settings.ZOOKEEPER_EMBEDDED)) {
        // ZooKeeper needs neither the store nor the RPC port, and starting it is mostly a cold JVM loading classes:
        // it starts on a second thread while this one opens the store and binds.
        zookeeperStart = startZooKeeperInBackground(config, dataDir, bindAddress);
      }
      store = NodeStore.open(dataDir, config, null);
      clusterId = NodeStore.clusterId(store);
    }
    TokenKeyStore tokenKeys = cluster.isCluster() ? new CatalogTokenKeys(store) : new TokenKeyFile(dataDir);
    ServerSecurity security = login.withTokens(config, tokenKeys, store.cluster()::leadsCatalog, clock, clusterId)
        .withAudit(AuditLog.open(config, dataDir, clock));

    int rpcPort = config.port(Settings.RPC_PORT);
    rpc = PortBinding.bindOrExplain("RPC", Settings.RPC_PORT.key(), "--rpc-port", rpcPort, () -> RpcServer.bind(
        new RpcServerSettings(ServerAddresses.bind(bindAddress, rpcPort), config.positiveInt(Settings.HANDLER_COUNT),
            CallQueueCapacity.of(config), config.positiveInt(Settings.MAX_REQUEST_SIZE),
            2 * config.positiveLong(Settings.CONNECTION_MAX_IDLE),
            config.positiveInt(Settings.MAX_SCANNERS_PER_CONNECTION),
            config.bool(Settings.SHORT_CALLS_ON_IO_THREADS), ServerTls.forRpc(config), security),
        clusterId));
    LOG.info("RPC server listening on port {}{}", rpc.port(), rpc.security());
    metrics.add(rpc.metrics());

    int infoPort = config.port(Settings.INFO_PORT);
    StatusDocument status = new StatusDocument(startMillis);
    int boundInfoPort = -1;
    if (infoPort >= 0) {
      info = PortBinding.bindOrExplain("info", Settings.INFO_PORT.key(), "--info-port", infoPort,
          () -> InfoServer.bind(ServerAddresses.bind(bindAddress, infoPort), ServerTls.forHttps(config),
              status::toJson, status::replicasJson, metrics));
      boundInfoPort = info.port();
      LOG.info("Info server listening on port {}{}", boundInfoPort, info.security());
    }

    identity = new ServerIdentity(ServerName.valueOf(host, rpc.port(), startMillis), clusterId, boundInfoPort);
    RegionLocations locations = cluster.isCluster()
        ? RegionLocations.cluster(store, identity, cluster.localId(), clusterRegistry)
        : RegionLocations.singleNode(identity);
    try {
      frontend = new HBaseFrontend(store, locations, new FrontendSettings(
          config.positiveLong(Settings.SCANNER_LEASE), config.positiveLong(Settings.SCAN_MAX_RESULT_SIZE),
          config.nonNegativeLong(Settings.MAX_CELL_SIZE), BackgroundPolicies.compaction(config),
          BackgroundPolicies.splitsAndMerges(config),
          config.positiveLong(Settings.SNAPSHOT_CLEANUP_PERIOD), clock, SlowLogConfig.fromConfig(config),
          config.bool(Settings.KEY_VISUALIZER)),
          security.forServices());
    } catch (IOException e) {
      throw new StartupException("cannot load the table catalog: " + e.getMessage(), e);
    }
    rpc.serve(frontend.dispatcher());
    if (cluster.isCluster()) {
      try {
        clusterRegistry.join(cluster.localId(), identity, locations);
        HBaseFrontend reporting = frontend;
        clusterRegistry.publishReports(() -> reporting.memberReport(StatusDocument.VERSION));
      } catch (IOException e) {
        throw new StartupException(e.getMessage(), e);
      }
    } else {
      startRegistry(config, bindAddress, host);
    }
    status.attach(identity, zookeeperAddress, frontend.tables(), rpc::callPlacement,
        digests -> replicationView(store, digests));
    if (info != null) {
      // Only a recipe: the pages and their classes are made on the first request for one, not in the start.
      HBaseFrontend pages = frontend;
      ServerIdentity self = identity;
      String registry = zookeeperAddress;
      info.servePages(() -> new WebUi(new ServerSources(pages, locations, self, registry, startMillis, config,
          metrics, table -> RegionRows.measure(pages, locations, table))));
    }
    frontend.metrics().zookeeperQuorum(zookeeperAddress);
    metrics.addSource(frontend.metrics()::records);
    LOG.info("Basalt {} serving {} tables as {} (cluster id {}) in {} ms", StatusDocument.VERSION,
        frontend.tables().all().size(), identity.serverName(), clusterId,
        System.currentTimeMillis() - startMillis);
    metrics.publish(); // JMX only now, on a thread of its own: it would cost the start tens of milliseconds
  }

  /** The store's report of its replicas, in the info port's terms (the info package does not see storage). */
  private static Optional<ReplicationView> replicationView(TabletStore store, boolean digests) {
    return store.cluster().replicationStatus(digests).map(status -> new ReplicationView(status.catalogInstalls(),
        status.tabletInstalls(), status.replicas().stream().map(replica -> new ReplicationView.Replica(
            replica.group(), replica.replicates(), replica.role(), replica.appliedIndex(), replica.digest())).toList(),
        status.failure()));
  }

  /**
   * In a cold JVM the HBase front end's start is mostly loading HBase's protocol and client classes, which needs
   * nothing else: a second thread does it while this one opens the store and binds. Should it fail, the front end
   * loads the classes itself.
   */
  private static void preloadFrontendClasses() {
    Thread thread = new Thread(() -> {
      try {
        HBaseFrontend.preloadClasses();
      } catch (RuntimeException | LinkageError e) {
        LOG.debug("Preloading the front end's classes failed; they load when first used", e);
      }
    }, "basalt-preload");
    thread.setDaemon(true);
    thread.start();
  }

  private static FutureTask<EmbeddedZooKeeper> startZooKeeperInBackground(BasaltConfig config, Path dataDir,
      String bindAddress) throws ConfigException {
    int port = config.port(Settings.ZOOKEEPER_PORT);
    InetSocketAddress tlsAddress = ServerAddresses.zooKeeperTls(config, bindAddress);
    FutureTask<EmbeddedZooKeeper> start = new FutureTask<>(() -> PortBinding.bindOrExplain("ZooKeeper",
        Settings.ZOOKEEPER_PORT.key(), "--zookeeper-port", port, () -> {
          try {
            return EmbeddedZooKeeper.start(dataDir.resolve("zookeeper"), ServerAddresses.bind(bindAddress, port),
                tlsAddress, config);
          } catch (IOException e) {
            throw new BindFailedException(ServerAddresses.bind(bindAddress, port), e);
          }
        }));
    Thread thread = new Thread(start, "basalt-zookeeper-start");
    thread.setDaemon(true);
    thread.start();
    return start;
  }

  private EmbeddedZooKeeper awaitZooKeeper() throws ConfigException, StartupException, InterruptedException {
    try {
      return zookeeperStart.get();
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof StartupException startup) {
        throw startup;
      }
      if (cause instanceof ConfigException config) {
        throw config;
      }
      throw new StartupException("cannot start the embedded ZooKeeper: " + cause, cause);
    }
  }

  private void startRegistry(BasaltConfig config, String bindAddress, String host)
      throws ConfigException, StartupException, InterruptedException {
    String connectString;
    int sessionTimeout = config.positiveInt(Settings.ZOOKEEPER_SESSION_TIMEOUT);
    if (zookeeperStart != null) {
      zookeeper = awaitZooKeeper();
      connectString = ServerAddresses.localDialAddress(bindAddress) + ":" + zookeeper.port();
      zookeeperAddress = host + ":" + zookeeper.port();
    } else {
      connectString = ExternalQuorum.connectString(config);
      zookeeperAddress = connectString;
    }
    try {
      publisher = RegistryPublisher.publish(connectString, sessionTimeout, config.get(Settings.ZNODE_PARENT),
          identity);
    } catch (IOException e) {
      throw new StartupException(e.getMessage(), e);
    }
  }

  /**
   * A cluster member's registry: this node's ZooKeeper peer (unless the cluster uses an external ensemble), a wait
   * until the ensemble has a quorum (the other nodes may start later), then a session.
   */
  private void joinRegistry(BasaltConfig config, ClusterMembers cluster, Path dataDir, String bindAddress,
      String host) throws ConfigException, StartupException, InterruptedException {
    String connectString;
    if (config.bool(Settings.ZOOKEEPER_EMBEDDED)) {
      int port = config.port(Settings.ZOOKEEPER_PORT);
      InetSocketAddress tlsAddress = ServerAddresses.zooKeeperTls(config, bindAddress);
      quorumPeer = PortBinding.bindOrExplain("ZooKeeper", Settings.ZOOKEEPER_PORT.key(), "--zookeeper-port", port, () -> {
        try {
          return EmbeddedQuorumPeer.start(cluster, dataDir.resolve("zookeeper"),
              ServerAddresses.bind(bindAddress, port), tlsAddress, config);
        } catch (IOException e) {
          throw new BindFailedException(ServerAddresses.bind(bindAddress, port), e);
        }
      });
      connectString = ServerAddresses.localDialAddress(bindAddress) + ":" + quorumPeer.clientPort();
      zookeeperAddress = host + ":" + quorumPeer.clientPort();
      awaitQuorum(cluster);
    } else {
      connectString = ExternalQuorum.connectString(config);
      zookeeperAddress = connectString;
    }
    try {
      clusterRegistry = ClusterRegistry.connect(connectString, config.positiveInt(Settings.ZOOKEEPER_SESSION_TIMEOUT),
          config.get(Settings.ZNODE_PARENT), REGISTRY_WAIT_MILLIS);
    } catch (IOException e) {
      throw new StartupException(e.getMessage(), e);
    }
  }

  /** Waits for this node's ZooKeeper peer to join a quorum, saying so now and then: the others may start later. */
  private void awaitQuorum(ClusterMembers cluster) throws InterruptedException {
    while (true) {
      try {
        quorumPeer.awaitServing(Duration.ofSeconds(QUORUM_REPORT_SECONDS));
        return;
      } catch (TimeoutException e) {
        LOG.info("Node {} waits for a majority of the {} ZooKeeper peers: start the other nodes", cluster.localId(),
            cluster.members().size());
      }
    }
  }

  /** {@code Basalt ready: zookeeper=HOST:PORT rpc=HOST:PORT}, the line printed once clients can connect. */
  public String readyLine() {
    return "Basalt ready: zookeeper=" + zookeeperAddress + " rpc=" + identity.hostAndPort();
  }

  /**
   * Where clients find the registry, as a ZooKeeper connect string: the embedded server's {@code host:port}, or the
   * external quorum.
   */
  public String zookeeperAddress() {
    return zookeeperAddress;
  }

  public ServerIdentity identity() {
    return identity;
  }

  /** The HBase front end, for tests in this package that set up many tables faster than a client can. */
  HBaseFrontend frontend() {
    return frontend;
  }

  /**
   * The server's metrics records: what {@code /jmx}, {@code /prometheus} and the JVM's JMX show, the JVM's own
   * JvmMetrics among them. {@link MetricsBeans#add} adds more at any time.
   */
  public MetricsBeans metrics() {
    return metrics;
  }

  /**
   * Stops in the order that keeps clients safe: withdraw from ZooKeeper (the ephemeral master znode goes), stop
   * accepting calls and let those in flight finish, close scanners, then the info port, the embedded ZooKeeper and
   * finally the store. Safe to call more than once, from any thread, and on a half-started server.
   */
  public void stop() {
    synchronized (this) {
      if (stopping) {
        return;
      }
      stopping = true;
    }
    LOG.info("Stopping Basalt");
    quietly("ZooKeeper registration", () -> {
      if (publisher != null) {
        publisher.close();
      }
      if (clusterRegistry != null) {
        clusterRegistry.close();
      }
    });
    quietly("RPC server", () -> {
      if (rpc != null) {
        rpc.stop(graceMillis);
      }
    });
    quietly("HBase front end", () -> {
      if (frontend != null) {
        frontend.close();
      }
    });
    quietly("info server", () -> {
      if (info != null) {
        info.close();
      }
    });
    quietly("metrics beans", () -> {
      if (metrics != null) {
        metrics.close();
      }
    });
    quietly("embedded ZooKeeper", () -> {
      if (zookeeper == null && zookeeperStart != null) {
        // Startup failed elsewhere while ZooKeeper was still starting: wait for it so it can be closed.
        try {
          zookeeper = zookeeperStart.get();
        } catch (ExecutionException e) {
          return; // it never started, so there is nothing to close
        }
      }
      if (zookeeper != null) {
        zookeeper.close();
      }
    });
    if (store != null) {
      try {
        store.shutdown();
      } catch (StorageException | RuntimeException e) {
        storeClosedCleanly = false;
        LOG.error("Stopping did not leave the store clean: {}", e.getMessage());
      }
    }
    quietly("ZooKeeper peer", () -> {
      if (quorumPeer != null) {
        quorumPeer.close();
      }
    });
    stopped.countDown();
    LOG.info(storeClosedCleanly ? "Basalt stopped" : "Basalt stopped, but its store was not closed cleanly");
  }

  /**
   * A replica of this node could not apply a committed entry or write its log, and Ratis closed it here (see
   * RaftNode#onReplicaFailure); Ratis never reopens it. The node stops as a whole, as HBase aborts a region server
   * whose WAL cannot be written, rather than go on serving with a group dead on it: every group shares the node's one
   * store and disk, so what failed one (a full disk) fails the others next, and a node that stops is what the other
   * nodes and the clients already handle (its groups elect leaders elsewhere within seconds; the clients relocate).
   * Started again once the cause is gone, the node catches up from the others' logs or by install. Runs on a Raft
   * thread, so the stop runs on a thread of its own.
   */
  private void stopOnReplicaFailure(String what) {
    failure = what;
    LOG.error("This node stops because {}. The other nodes go on serving while a majority of them is up. Remove "
        + "the cause (free disk space, say) and start this node again: it catches up from the others.", what);
    new Thread(this::stop, "basalt-replica-failure").start();
  }

  /** Why this node stopped itself (a replica of it could not go on), or null if it did not. */
  public String failure() {
    return failure;
  }

  /**
   * After {@link #stop}: whether the store was flushed, its log synced and RocksDB closed without an error, so
   * that everything acknowledged is in its files. The process exit status says so.
   */
  public boolean stoppedCleanly() {
    return storeClosedCleanly;
  }

  private static void quietly(String what, Step step) {
    try {
      step.run();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (Exception e) {
      LOG.warn("Error while stopping the {}: {}", what, e.toString());
    }
  }

  public void awaitStopped() throws InterruptedException {
    stopped.await();
  }
}
