package io.basalt.server.zookeeper;

import io.basalt.server.config.BasaltConfig;
import io.basalt.server.config.ClusterMembers;
import io.basalt.server.config.ConfigException;
import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.TimeoutException;
import org.apache.zookeeper.server.DatadirCleanupManager;
import org.apache.zookeeper.server.ServerCnxnFactory;
import org.apache.zookeeper.server.ZKDatabase;
import org.apache.zookeeper.server.ZooKeeperServer;
import org.apache.zookeeper.server.persistence.FileTxnSnapLog;
import org.apache.zookeeper.server.quorum.QuorumPeer;
import org.apache.zookeeper.server.quorum.QuorumPeer.ServerState;
import org.apache.zookeeper.server.quorum.QuorumPeerConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * This node's peer of the ZooKeeper ensemble the cluster's nodes form, so that stock clients find the cluster through
 * {@code hbase.zookeeper.quorum} naming every node, and the registry survives the loss of a minority of nodes. Peer
 * N is {@code server.N=HOST:P+1:P+2} for member N's cluster port P; its client port is the node's own ZooKeeper
 * port; its files live in the directory given (DIR/zookeeper), with {@code myid} the node id.
 *
 * <p>{@link #start} returns once the peer is looking for its ensemble: peers may start in any order and minutes
 * apart, so it does not wait for a quorum. {@link #awaitServing} waits until the peer leads or follows and serves
 * clients.
 *
 * <p>Unlike {@link EmbeddedZooKeeper} the directory is kept across starts: it holds this peer's copy of the
 * ensemble's state. A peer whose directory was lost or wiped still rejoins safely: an empty directory means a last
 * transaction id and epoch of zero, so it cannot win an election against a peer holding data, and it serves clients
 * only after syncing with the leader (a full snapshot, or the transactions it lacks). What it cannot do is stand in
 * for lost data: a committed write is on a majority, and if the wiped peer forms a majority with a peer that missed
 * the write while the others are down, the write is gone, as for any ZAB or Raft member that loses its disk. So
 * wipe or replace one node at a time, with the others up. What Basalt keeps here is derived from what the nodes
 * hold (cluster id, master, meta location), written again at each start, and ephemeral znodes go with their
 * owner's session.
 *
 * <p>It is built the way ZooKeeper's own {@code QuorumPeerMain} builds a peer from {@link QuorumPeerConfig}.
 * ZooKeeper's {@code ZooKeeperServerEmbedded} runs that same code but cannot bind a free client port, registers
 * JMX beans and swaps the process-wide exit handler. Like the single node's server this peer registers no JMX
 * beans (see {@link ZooKeeperBeans}) and no MBean per client connection; unlike there it saves no measurable start
 * time, since ZooKeeper's bean registry builds the platform MBean server as soon as the peer loads it (three peers
 * in three JVMs on loopback took 1.43 s of CPU each to serving without beans and 1.41 s with them, five runs each,
 * within the noise). The metric gauges of the follower's server cannot be left out from outside ZooKeeper's
 * package; they are only read by ZooKeeper's monitoring commands, which Basalt does not enable. As in a standalone
 * ZooKeeper, a peer that cannot bind its election port, or receives a transaction out of order from its leader,
 * ends the process: the node is then down like a killed one, and rejoins when started again.
 */
public final class EmbeddedQuorumPeer implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(EmbeddedQuorumPeer.class);

  /*
   * Timing. A peer that loses its leader's connection (the leader's process died and the kernel closed its sockets)
   * starts an election at once; one whose leader went silent (a hung process, a dead machine, a partition) waits for
   * syncLimit ticks without a word from it. The election settles within ZooKeeper's 200 ms finalize wait once a
   * majority answers, and the new leader gives a majority initLimit ticks to sync. Chosen: a tick of 500 ms (as the
   * single node's server), syncLimit 4 (2 s of silence) and initLimit 10 (5 s to sync a registry of a few kilobytes).
   * Measured with three peers in three JVMs on loopback, from the signal to the leader to the first successful write
   * through a client of the other two: SIGKILL 0.46-0.98 s (three runs), SIGSTOP 3.1 s (three runs); with
   * ZooKeeper's and HBase's defaults (tickTime 2000, syncLimit 5) SIGKILL took 0.7-1.6 s and SIGSTOP 11.6-12.0 s.
   * Most of the SIGKILL time is on the client's side: it waits a random time up to 1 s before reconnecting, and 1 s
   * after trying every host it lists. A tick of 250 ms gave SIGSTOP 1.7 s but would call an election on any 1 s
   * pause of the leader's JVM. Session timeouts follow the tick as in the single node, 1 s to 10 s: a dead node's
   * ephemeral znodes go within 10 s.
   */
  static final int TICK_MILLIS = 500;
  static final int INIT_LIMIT_TICKS = 10;
  static final int SYNC_LIMIT_TICKS = 4;

  private static final int MAX_CONNECTIONS_PER_HOST = 1000;
  /** ZooKeeper never deletes old snapshots and logs itself; this keeps the newest three, checked hourly. */
  private static final int SNAPSHOTS_KEPT = 3;
  private static final int PURGE_INTERVAL_HOURS = 1;
  /** How often {@link #awaitServing} looks at the peer's state, which ZooKeeper announces to no listener. */
  private static final long STATE_CHECK_MILLIS = 20;
  private static final long CLOSE_WAIT_MILLIS = 30_000;

  private final int id;
  private final int members;
  private final QuorumPeer peer;
  private final ServerCnxnFactory connections;
  private final DatadirCleanupManager purge;

  private EmbeddedQuorumPeer(int id, int members, QuorumPeer peer, ServerCnxnFactory connections,
      DatadirCleanupManager purge) {
    this.id = id;
    this.members = members;
    this.peer = peer;
    this.connections = connections;
    this.purge = purge;
  }

  /**
   * Starts this node's peer as {@link #start(ClusterMembers, Path, InetSocketAddress, InetSocketAddress,
   * BasaltConfig)} does, without a TLS client port.
   */
  public static EmbeddedQuorumPeer start(ClusterMembers cluster, Path directory, InetSocketAddress clientAddress)
      throws ConfigException, IOException {
    return start(cluster, directory, clientAddress, null, null);
  }

  /**
   * Starts this node's peer with its files under {@code directory} and its client port on {@code clientAddress} (port
   * 0 picks a free one, see {@link #clientPort}), and a TLS client port on {@code tlsAddress} unless it is null, with
   * the RPC port's TLS settings in {@code config}. The quorum and election ports listen on the wildcard address when
   * the client port does, else on the address this node's member host resolves to.
   *
   * @throws ConfigException if the directory belongs to another node id, or a port derived from this node's cluster
   *     port is taken
   * @throws IOException if the directory or the client port cannot be opened
   */
  public static EmbeddedQuorumPeer start(ClusterMembers cluster, Path directory, InetSocketAddress clientAddress,
      InetSocketAddress tlsAddress, BasaltConfig basaltConfig) throws ConfigException, IOException {
    if (!cluster.isCluster()) {
      throw new IllegalArgumentException("a single node runs EmbeddedZooKeeper, not a quorum peer");
    }
    ClusterMembers.Member local = cluster.local();
    Files.createDirectories(directory);
    writeOrCheckMyId(directory, local.id());
    boolean listenOnAllAddresses = clientAddress.getAddress() == null
        || clientAddress.getAddress().isAnyLocalAddress();
    QuorumPeerConfig config = parse(properties(cluster, directory, listenOnAllAddresses));
    checkFree(local, "quorum", local.zooKeeperQuorumPort(), 1, listenOnAllAddresses);
    checkFree(local, "election", local.zooKeeperElectionPort(), 2, listenOnAllAddresses);
    ZooKeeperBeans.turnOff();
    ServerCnxnFactory connections = new ConnectionsWithoutMBeans();
    connections.configure(clientAddress, MAX_CONNECTIONS_PER_HOST);
    ServerCnxnFactory tlsConnections = null;
    QuorumPeer peer = null;
    try {
      if (tlsAddress != null) {
        SecureClientPort.useRpcTlsSettings(basaltConfig);
        tlsConnections = SecureClientPort.configure(tlsAddress, MAX_CONNECTIONS_PER_HOST);
      }
      peer = configure(config, connections);
      // Started and stopped with the peer, as ZooKeeper's QuorumPeerMain has it.
      peer.setSecureCnxnFactory(tlsConnections);
      peer.start();
    } catch (IOException | RuntimeException e) {
      if (peer != null) {
        peer.shutdown();
      }
      connections.shutdown();
      if (tlsConnections != null) {
        tlsConnections.shutdown();
      }
      throw e;
    }
    DatadirCleanupManager purge = new DatadirCleanupManager(config.getDataDir(), config.getDataLogDir(),
        SNAPSHOTS_KEPT, PURGE_INTERVAL_HOURS);
    purge.start();
    LOG.info("ZooKeeper peer {} of {} started, client port {}{}", local.id(), cluster.members().size(),
        connections.getLocalPort(), tlsConnections == null ? "" : ", TLS client port " + tlsConnections.getLocalPort());
    return new EmbeddedQuorumPeer(local.id(), cluster.members().size(), peer, connections, purge);
  }

  /** This peer's id, the node id. */
  public int id() {
    return id;
  }

  /** The client port actually bound. */
  public int clientPort() {
    return connections.getLocalPort();
  }

  /** Whether this peer leads or follows a quorum and its server answers clients now. */
  public boolean isServing() {
    ServerState state = peer.getPeerState();
    if (state != ServerState.LEADING && state != ServerState.FOLLOWING) {
      return false;
    }
    ZooKeeperServer server = peer.getActiveServer();
    return server != null && server.isRunning();
  }

  /** Whether this peer is the ensemble's leader and serving. */
  public boolean isLeading() {
    return peer.getPeerState() == ServerState.LEADING && isServing();
  }

  /**
   * Waits until this peer serves clients: a majority of the members are up, reach each other and have elected a
   * leader, and this peer has synced with it.
   *
   * @throws TimeoutException if it does not within {@code timeout}
   * @throws IllegalStateException if the peer was closed
   */
  public void awaitServing(Duration timeout) throws InterruptedException, TimeoutException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!isServing()) {
      if (!peer.isRunning()) {
        throw new IllegalStateException("ZooKeeper peer " + id + " has stopped");
      }
      if (System.nanoTime() - deadline >= 0) {
        throw new TimeoutException("ZooKeeper peer " + id + " is not serving after " + timeout.toMillis()
            + " ms (" + peer.getPeerState().name().toLowerCase(Locale.ROOT) + "): a majority of the " + members
            + " members must be up and reach each other on their cluster port + 1 and + 2");
      }
      Thread.sleep(STATE_CHECK_MILLIS);
    }
  }

  /**
   * Stops the peer and waits for its threads, so that its ports are free when this returns. One thread may outlive
   * it: ZooKeeper 3.8 does not stop a follower's server that is still syncing with a new leader (ZOOKEEPER-4712,
   * fixed in 3.9.3), so a peer closed in that moment leaves that server's disk-writing thread waiting; seen twice in
   * about fifteen runs that closed three peers at the same moment. A node's process ends with
   * {@code Runtime.halt}, which that thread does not hold up.
   */
  @Override
  public void close() throws InterruptedException {
    purge.shutdown();
    peer.shutdown();
    peer.join(CLOSE_WAIT_MILLIS);
    if (peer.isAlive()) {
      LOG.warn("ZooKeeper peer {} has not stopped within {} ms; its ports may stay open until it does", id,
          CLOSE_WAIT_MILLIS);
    }
    connections.join();
  }

  private static Properties properties(ClusterMembers cluster, Path directory, boolean listenOnAllAddresses) {
    Properties properties = new Properties();
    properties.setProperty("dataDir", directory.toAbsolutePath().toString());
    properties.setProperty("tickTime", Integer.toString(TICK_MILLIS));
    properties.setProperty("initLimit", Integer.toString(INIT_LIMIT_TICKS));
    properties.setProperty("syncLimit", Integer.toString(SYNC_LIMIT_TICKS));
    properties.setProperty("quorumListenOnAllIPs", Boolean.toString(listenOnAllAddresses));
    // ZooKeeper's HTTP admin server needs Jetty, which Basalt does not ship; asking for it only logs a stack trace
    // at every start. (ZooKeeper turns this key into the system property zookeeper.admin.enableServer.)
    properties.setProperty("admin.enableServer", "false");
    for (ClusterMembers.Member member : cluster.members()) {
      properties.setProperty("server." + member.id(), member.bracketedHost() + ":" + member.zooKeeperQuorumPort()
          + ":" + member.zooKeeperElectionPort());
    }
    return properties;
  }

  private static QuorumPeerConfig parse(Properties properties) throws IOException {
    QuorumPeerConfig config = new QuorumPeerConfig();
    try {
      config.parseProperties(properties);
    } catch (QuorumPeerConfig.ConfigException | IllegalArgumentException e) {
      throw new IOException("ZooKeeper rejected the peer configuration " + properties + ": " + e.getMessage(), e);
    }
    return config;
  }

  /** The same steps as ZooKeeper's own QuorumPeerMain, short of its metrics provider and its JMX log beans. */
  private static QuorumPeer configure(QuorumPeerConfig config, ServerCnxnFactory connections) throws IOException {
    QuorumPeer peer = new QuorumPeer();
    peer.setTxnFactory(new FileTxnSnapLog(config.getDataLogDir(), config.getDataDir()));
    peer.enableLocalSessions(config.areLocalSessionsEnabled());
    peer.enableLocalSessionsUpgrading(config.isLocalSessionsUpgradingEnabled());
    peer.setElectionType(config.getElectionAlg());
    peer.setMyid(config.getServerId());
    peer.setTickTime(config.getTickTime());
    peer.setMinSessionTimeout(config.getMinSessionTimeout());
    peer.setMaxSessionTimeout(config.getMaxSessionTimeout());
    peer.setInitLimit(config.getInitLimit());
    peer.setSyncLimit(config.getSyncLimit());
    peer.setConnectToLearnerMasterLimit(config.getConnectToLearnerMasterLimit());
    peer.setZKDatabase(new ZKDatabase(peer.getTxnFactory()));
    peer.setQuorumVerifier(config.getQuorumVerifier(), false);
    peer.initConfigInZKDatabase();
    peer.setCnxnFactory(connections);
    peer.setLearnerType(config.getPeerType());
    peer.setSyncEnabled(config.getSyncEnabled());
    peer.setQuorumListenOnAllIPs(config.getQuorumListenOnAllIPs());
    peer.setMultiAddressEnabled(config.isMultiAddressEnabled());
    peer.setMultiAddressReachabilityCheckEnabled(config.isMultiAddressReachabilityCheckEnabled());
    peer.setMultiAddressReachabilityCheckTimeoutMs(config.getMultiAddressReachabilityCheckTimeoutMs());
    peer.initialize();
    return peer;
  }

  /**
   * Records the node id as ZooKeeper's {@code myid} on first start, and refuses a directory another node id wrote:
   * a peer under the wrong id would take over another peer's votes and transactions.
   */
  private static void writeOrCheckMyId(Path directory, int id) throws ConfigException, IOException {
    Path myId = directory.resolve("myid");
    if (Files.exists(myId)) {
      String recorded = Files.readString(myId, StandardCharsets.US_ASCII).trim();
      if (!recorded.equals(Integer.toString(id))) {
        throw new ConfigException(directory + " holds the ZooKeeper data of node " + recorded + ", not of node "
            + id + ": start node " + id + " with its own data directory");
      }
      return;
    }
    Path written = directory.resolve("myid.tmp");
    Files.writeString(written, id + "\n", StandardCharsets.US_ASCII);
    Files.move(written, myId, StandardCopyOption.ATOMIC_MOVE);
  }

  /**
   * ZooKeeper binds the election port on a thread of its own and, failing three times, exits the process; the
   * leader binds the quorum port only once elected. Trying both first turns a port someone else holds into one
   * clear line at start.
   */
  private static void checkFree(ClusterMembers.Member local, String what, int port, int offset,
      boolean listenOnAllAddresses) throws ConfigException, IOException {
    InetAddress address = listenOnAllAddresses ? null : InetAddress.getByName(local.host());
    try (ServerSocket socket = new ServerSocket()) {
      socket.setReuseAddress(true);
      socket.bind(new InetSocketAddress(address, port));
    } catch (BindException e) {
      throw new ConfigException("ZooKeeper " + what + " port " + port + " (cluster port " + local.clusterPort()
          + " + " + offset + ") of node " + local.id() + " is already in use; give node " + local.id()
          + " another cluster port in --members");
    }
  }
}
