package io.basalt.server.zookeeper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The cluster-wide facts the first node records in the registry, and the others check or adopt. */
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
}
