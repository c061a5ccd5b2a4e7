package io.basalt.server.zookeeper;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javax.management.ObjectName;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.server.ServerMetrics;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmbeddedZooKeeperTest {
  @TempDir
  Path dir;

  @Test
  void servesClientsWithoutRegisteringMBeansOrGauges() throws Exception {
    try (EmbeddedZooKeeper zookeeper = EmbeddedZooKeeper.start(dir.resolve("zk"),
        new InetSocketAddress("127.0.0.1", 0))) {
      CountDownLatch connected = new CountDownLatch(1);
      ZooKeeper client = new ZooKeeper("127.0.0.1:" + zookeeper.port(), 10_000, event -> {
        if (event.getState() == Watcher.Event.KeeperState.SyncConnected) {
          connected.countDown();
        }
      });
      try {
        assertTrue(connected.await(30, TimeUnit.SECONDS), "the client connects");
        byte[] data = "basalt".getBytes(StandardCharsets.UTF_8);
        client.create("/probe", data, ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.EPHEMERAL);
        assertArrayEquals(data, client.getData("/probe", false, null));
      } finally {
        client.close();
      }
      Set<ObjectName> beans = ManagementFactory.getPlatformMBeanServer()
          .queryNames(new ObjectName("org.apache.ZooKeeperService:*"), null);
      assertEquals(Set.of(), beans, "neither the server nor its connections are MBeans");
      Set<String> metrics = new HashSet<>();
      ServerMetrics.getMetrics().getMetricsProvider().dump((name, value) -> metrics.add(name));
      assertTrue(metrics.contains("bytes_received_count"), "the server's counters are there: " + metrics);
      assertFalse(metrics.contains("znode_count") || metrics.contains("open_file_descriptor_count"),
          "but none of its gauges: " + metrics);
    }
  }
}
