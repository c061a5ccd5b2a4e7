package io.basalt.server.zookeeper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.hbase.cluster.RegionLocations;
import io.basalt.hbase.cluster.ServerIdentity;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.hadoop.hbase.ServerName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cluster-wide facts the first node records in the registry, and the others check or adopt; what each node
 * learns there of the others.
 */
class ClusterRegistryTest {
  @TempDir
  Path dir;

  @Test
  void theFirstNodesIdAndMemberListHoldForEveryNode() throws Exception {
    try (EmbeddedZooKeeper zookeeper = EmbeddedZooKeeper.start(dir.resolve("zk"),
        new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))) {
      String connect = "127.0.0.1:" + zookeeper.port();
      try (ClusterRegistry first = ClusterRegistry.connect(connect, 10_000, "/hbase", 10_000);
          ClusterRegistry second = ClusterRegistry.connect(connect, 10_000, "/hbase", 10_000)) {
        String id = first.clusterId();
        assertEquals(id, second.clusterId(), "a later node adopts the first node's cluster id");

        first.checkMembers("h1:7000,h2:7000,h3:7000");
        second.checkMembers("h1:7000,h2:7000,h3:7000");
        IOException reordered = assertThrows(IOException.class,
            () -> second.checkMembers("h2:7000,h1:7000,h3:7000"));
        assertTrue(reordered.getMessage().contains("formed with --members h1:7000,h2:7000,h3:7000"),
            reordered.getMessage());
      }
    }
  }

  /**
   * Nodes joining at the same moment each end up seeing all of them. A node's own first read of the registry used to
   * race the reads its watch starts: finishing last with a list taken before another node joined, it left that node
   * out until the next change, and the regions that node led had no server in hbase:meta. The window is a few
   * ZooKeeper round trips, so an idle machine seldom shows it: with the joining thread held 50 ms before keeping its
   * list, this test failed in its first round.
   */
  @Test
  void nodesJoiningTogetherAllSeeEachOther() throws Exception {
    int nodes = 5;
    try (EmbeddedZooKeeper zookeeper = EmbeddedZooKeeper.start(dir.resolve("zk"),
        new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))) {
      String connect = "127.0.0.1:" + zookeeper.port();
      ExecutorService joiners = Executors.newFixedThreadPool(nodes);
      try {
        for (int round = 0; round < 5; round++) {
          String parent = "/round-" + round;
          List<ClusterRegistry> registries = new ArrayList<>();
          try {
            for (int node = 1; node <= nodes; node++) {
              registries.add(ClusterRegistry.connect(connect, 10_000, parent, 10_000));
            }
            CountDownLatch start = new CountDownLatch(1);
            List<Future<?>> joins = new ArrayList<>();
            for (int node = 1; node <= nodes; node++) {
              ClusterRegistry registry = registries.get(node - 1);
              ServerIdentity self = new ServerIdentity(ServerName.valueOf("node" + node, 16020, round), "id", 0);
              int id = node;
              joins.add(joiners.submit(() -> {
                start.await();
                registry.join(id, self, RegionLocations.singleNode(self));
                return null;
              }));
            }
            start.countDown();
            for (Future<?> join : joins) {
              join.get();
            }
            for (int node = 1; node <= nodes; node++) {
              ClusterRegistry registry = registries.get(node - 1);
              long deadline = System.nanoTime() + 10_000_000_000L;
              while (registry.servers().size() < nodes && System.nanoTime() < deadline) {
                Thread.sleep(10); // polling interval of a condition wait
              }
              assertEquals(nodes, registry.servers().size(),
                  "round " + round + ": node " + node + " sees " + registry.servers());
            }
          } finally {
            for (ClusterRegistry registry : registries) {
              registry.close();
            }
          }
        }
      } finally {
        joiners.shutdownNow();
      }
    }
  }
}
