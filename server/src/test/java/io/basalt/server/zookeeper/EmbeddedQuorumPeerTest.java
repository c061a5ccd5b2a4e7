package io.basalt.server.zookeeper;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.server.config.BasaltConfig;
import io.basalt.server.config.ClusterMembers;
import io.basalt.server.config.ConfigException;
import io.basalt.server.config.Settings;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.management.ObjectName;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.WatchedEvent;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three quorum peers in this JVM on loopback, as three nodes of a cluster would run them: what a client writes
 * through one peer is read through another, a majority keeps taking writes, and a peer restarted with its directory
 * or with a wiped one catches up.
 */
class EmbeddedQuorumPeerTest {
  private static final Duration SERVING = Duration.ofSeconds(60);
  private static final Duration RETRYING = Duration.ofSeconds(60);
  private static final int SESSION_TIMEOUT_MILLIS = 10_000;

  @TempDir
  Path dir;

  private final EmbeddedQuorumPeer[] peers = new EmbeddedQuorumPeer[3];
  private final int[] clientPorts = new int[3];
  private final List<Client> clients = new ArrayList<>();
  private String members;

  @AfterEach
  void closeEverything() throws InterruptedException {
    for (Client client : clients) {
      client.close();
    }
    for (EmbeddedQuorumPeer peer : peers) {
      if (peer != null) {
        peer.close();
      }
    }
  }

  @Test
  void peersStartInAnyOrderAndAMajorityKeepsTheEnsembleWritable() throws Exception {
    members = freeMembers(3);
    start(3);
    assertEquals("ZooKeeper peer 3 is not serving after 300 ms (looking): a majority of the 3 members must be up and "
        + "reach each other on their cluster port + 1 and + 2", assertThrows(TimeoutException.class,
            () -> peers[2].awaitServing(Duration.ofMillis(300)), "one peer of three is no quorum").getMessage());
    start(1);
    start(2);
    awaitAllServing();
    assertEquals(1, Arrays.stream(peers).filter(EmbeddedQuorumPeer::isLeading).count(), "one leader");
    assertEquals(Set.of(), ManagementFactory.getPlatformMBeanServer()
        .queryNames(new ObjectName("org.apache.ZooKeeperService:*"), null), "no peer registers MBeans");

    Client one = connect(1);
    Client three = connect(3);
    one.write("/first", "written through peer 1");
    assertEquals("written through peer 1", three.read("/first"));

    close(2);
    one.write("/while-2-was-down", "through peer 1");
    three.write("/also-while-2-was-down", "through peer 3");
    start(2);
    peers[1].awaitServing(SERVING);
    Client two = connect(2);
    assertEquals("written through peer 1", two.read("/first"));
    assertEquals("through peer 1", two.read("/while-2-was-down"));
    assertEquals("through peer 3", two.read("/also-while-2-was-down"));

    close(2);
    wipe(2);
    three.write("/while-2-was-wiped", "through peer 3");
    start(2);
    peers[1].awaitServing(SERVING);
    assertEquals("written through peer 1", two.read("/first"));
    assertEquals("through peer 3", two.read("/also-while-2-was-down"));
    assertEquals("through peer 3", two.read("/while-2-was-wiped"));
    two.write("/through-the-wiped-peer", "through peer 2");
    assertEquals("through peer 2", one.read("/through-the-wiped-peer"));
  }

  @Test
  void theFollowersElectANewLeaderWithinSeconds() throws Exception {
    members = freeMembers(3);
    start(1);
    start(2);
    start(3);
    awaitAllServing();
    int leader = Arrays.stream(peers).filter(EmbeddedQuorumPeer::isLeading).findFirst().orElseThrow().id();
    Client client = connect(leader % 3 + 1, (leader + 1) % 3 + 1);
    client.write("/before", "before the leader went");

    long closing = System.nanoTime();
    close(leader);
    client.write("/after", "after the leader went");
    long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - closing);
    System.out.println("ZooKeeper failover: the first write after closing leader peer " + leader + " succeeded "
        + millis + " ms later");
    assertTrue(millis < 30_000, "the remaining peers take writes again (" + millis + " ms)");
    assertEquals("before the leader went", client.read("/before"));
    peers[leader % 3].awaitServing(SERVING);
    peers[(leader + 1) % 3].awaitServing(SERVING);
    assertTrue(peers[leader % 3].isLeading() != peers[(leader + 1) % 3].isLeading(), "one new leader");
  }

  @Test
  void aDirectoryOfAnotherNodeIsRefused() throws Exception {
    members = freeMembers(3);
    Path directory = dir.resolve("peer2");
    Files.createDirectories(directory);
    Files.writeString(directory.resolve("myid"), "1\n");
    ConfigException error = assertThrows(ConfigException.class, () -> EmbeddedQuorumPeer.start(cluster(2),
        directory, new InetSocketAddress(InetAddress.getLoopbackAddress(), 0)));
    assertEquals(directory + " holds the ZooKeeper data of node 1, not of node 2: start node 2 with its own data "
        + "directory", error.getMessage());
  }

  @Test
  void aTakenElectionPortIsOneClearLine() throws Exception {
    members = freeMembers(3);
    ClusterMembers.Member local = cluster(1).local();
    try (ServerSocket taken = new ServerSocket(local.zooKeeperElectionPort(), 50,
        InetAddress.getLoopbackAddress())) {
      ConfigException error = assertThrows(ConfigException.class, () -> EmbeddedQuorumPeer.start(cluster(1),
          dir.resolve("peer1"), new InetSocketAddress(InetAddress.getLoopbackAddress(), 0)));
      assertEquals("ZooKeeper election port " + local.zooKeeperElectionPort() + " (cluster port "
          + local.clusterPort() + " + 2) of node 1 is already in use; give node 1 another cluster port in "
          + "--members", error.getMessage());
    }
  }

  /** Starts a peer on a free client port, or a restarted one on its former port, where its clients find it. */
  private void start(int id) throws Exception {
    peers[id - 1] = EmbeddedQuorumPeer.start(cluster(id), dir.resolve("peer" + id),
        new InetSocketAddress(InetAddress.getLoopbackAddress(), clientPorts[id - 1]));
    assertEquals(id, peers[id - 1].id());
    clientPorts[id - 1] = peers[id - 1].clientPort();
  }

  private void close(int id) throws InterruptedException {
    peers[id - 1].close();
    peers[id - 1] = null;
  }

  private void wipe(int id) throws IOException {
    try (Stream<Path> paths = Files.walk(dir.resolve("peer" + id))) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }

  private void awaitAllServing() throws InterruptedException, TimeoutException {
    for (EmbeddedQuorumPeer peer : peers) {
      peer.awaitServing(SERVING);
    }
  }

  private ClusterMembers cluster(int id) throws ConfigException {
    return ClusterMembers.of(BasaltConfig.of(Map.of(Settings.CLUSTER_NODE.key(), Integer.toString(id),
        Settings.CLUSTER_MEMBERS.key(), members)));
  }

  /** A client of the peers with these ids; a peer's client port is what it bound, so each must be running. */
  private Client connect(int... ids) throws Exception {
    String connect = Arrays.stream(ids).mapToObj(id -> "127.0.0.1:" + peers[id - 1].clientPort())
        .collect(Collectors.joining(","));
    Client client = new Client(connect);
    clients.add(client);
    return client;
  }

  /**
   * Members on loopback whose cluster port and the two after it are free, none overlapping another. Ports picked
   * by the system are taken and released, so another process could take one before the peer binds it; the peer's
   * own check then says which.
   */
  private static String freeMembers(int count) throws IOException {
    List<Integer> ports = new ArrayList<>();
    while (ports.size() < count) {
      int port;
      try (ServerSocket socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
        port = socket.getLocalPort();
      }
      if (port <= ClusterMembers.MAX_CLUSTER_PORT && free(port + 1) && free(port + 2)
          && ports.stream().allMatch(other -> Math.abs(other - port) > 2)) {
        ports.add(port);
      }
    }
    return ports.stream().map(port -> "127.0.0.1:" + port).collect(Collectors.joining(","));
  }

  private static boolean free(int port) {
    try (ServerSocket socket = new ServerSocket(port, 50, InetAddress.getLoopbackAddress())) {
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /**
   * A ZooKeeper client that retries through connection losses until a deadline: after a loss it waits for the
   * client's next connection, which its watcher announces.
   */
  private static final class Client implements AutoCloseable {
    private final ZooKeeper zooKeeper;
    private int connections;

    Client(String connect) throws IOException, InterruptedException, TimeoutException {
      zooKeeper = new ZooKeeper(connect, SESSION_TIMEOUT_MILLIS, this::observe);
      awaitConnectionAfter(0, System.nanoTime() + RETRYING.toNanos());
    }

    private synchronized void observe(WatchedEvent event) {
      if (event.getState() == Watcher.Event.KeeperState.SyncConnected) {
        connections++;
        notifyAll();
      }
    }

    private synchronized int connections() {
      return connections;
    }

    private synchronized void awaitConnectionAfter(int seen, long deadline)
        throws InterruptedException, TimeoutException {
      while (connections <= seen) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          throw new TimeoutException("the client did not connect again: " + zooKeeper);
        }
        TimeUnit.NANOSECONDS.timedWait(this, left);
      }
    }

    /** Creates a persistent znode; one whose earlier try went through before the connection broke counts. */
    void write(String path, String value) throws Exception {
      byte[] data = value.getBytes(StandardCharsets.UTF_8);
      long deadline = System.nanoTime() + RETRYING.toNanos();
      while (true) {
        int seen = connections();
        try {
          zooKeeper.create(path, data, ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
          return;
        } catch (KeeperException.NodeExistsException e) {
          assertArrayEquals(data, zooKeeper.getData(path, false, null), "an earlier try of this write");
          return;
        } catch (KeeperException.ConnectionLossException e) {
          awaitConnectionAfter(seen, deadline);
        }
      }
    }

    /** Reads after a sync, so that a follower has applied everything the leader committed before. */
    String read(String path) throws Exception {
      long deadline = System.nanoTime() + RETRYING.toNanos();
      while (true) {
        int seen = connections();
        try {
          CompletableFuture<Integer> synced = new CompletableFuture<>();
          zooKeeper.sync(path, (rc, syncedPath, context) -> synced.complete(rc), null);
          int rc = synced.get(RETRYING.toMillis(), TimeUnit.MILLISECONDS);
          if (rc != KeeperException.Code.OK.intValue()) {
            throw KeeperException.create(KeeperException.Code.get(rc), path);
          }
          return new String(zooKeeper.getData(path, false, null), StandardCharsets.UTF_8);
        } catch (KeeperException.ConnectionLossException e) {
          awaitConnectionAfter(seen, deadline);
        }
      }
    }

    @Override
    public void close() throws InterruptedException {
      zooKeeper.close();
    }
  }
}
