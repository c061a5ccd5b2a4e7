package io.basalt.conformance.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.BasaltServerExtension;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

/**
 * {@code basalt start --local-cluster 3}: one command starts three nodes on loopback and prints each one's ready
 * line; a stock client given the three ZooKeeper addresses works against them; SIGTERM stops all three cleanly.
 */
class LocalClusterTest {
  private static final Pattern READY = Pattern.compile("^Basalt ready: zookeeper=(\\S+) rpc=(\\S+)$");

  @Test
  void oneCommandStartsThreeNodesAndStopsThem() throws Exception {
    Path root = Files.createTempDirectory("basalt-local-cluster-");
    // Beside the other servers' logs in the build directory, not left in the system's temporary directory.
    Path log = Files.createDirectories(Path.of("target", "basalt-logs")).resolve("local-cluster.log");
    Process cluster = new ProcessBuilder(javaExecutable(), "-Xmx512m", "-jar", System.getProperty("basalt.server.jar"),
        "start", "--local-cluster", "3", "--data-dir", root.toString(), "--zookeeper-port", "0", "--rpc-port", "0",
        "--info-port", "0")
        .redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()))
        .start();
    try {
      List<String> zookeepers = CompletableFuture.supplyAsync(() -> readyLines(cluster)).get(120, TimeUnit.SECONDS);
      assertEquals(3, zookeepers.size());
      StringJoiner quorum = new StringJoiner(",");
      zookeepers.forEach(quorum::add);
      Configuration conf = HBaseConfiguration.create();
      conf.set("hbase.zookeeper.quorum", quorum.toString());
      TableName name = TableName.valueOf("local");
      byte[] family = Bytes.toBytes("f");
      try (Connection connection = ConnectionFactory.createConnection(conf); Admin admin = connection.getAdmin()) {
        admin.createTable(TableDescriptorBuilder.newBuilder(name)
            .setColumnFamily(ColumnFamilyDescriptorBuilder.of(family)).build());
        try (Table table = connection.getTable(name)) {
          table.put(new Put(Bytes.toBytes("r")).addColumn(family, family, Bytes.toBytes("v")));
          assertArrayEquals(Bytes.toBytes("v"), table.get(new Get(Bytes.toBytes("r"))).getValue(family, family));
        }
        assertEquals(3, admin.getClusterMetrics().getLiveServerMetrics().size());
      }
      List<ProcessHandle> nodes = cluster.children().toList();
      assertEquals(3, nodes.size(), "three node processes");
      cluster.destroy();
      assertTrue(cluster.waitFor(120, TimeUnit.SECONDS), "the local cluster stops on SIGTERM");
      assertEquals(0, cluster.exitValue(), "a clean stop of every node");
      for (ProcessHandle node : nodes) {
        assertTrue(node.onExit().get(30, TimeUnit.SECONDS) != null && !node.isAlive(), "node " + node.pid()
            + " stopped");
      }
    } finally {
      cluster.descendants().forEach(ProcessHandle::destroyForcibly);
      cluster.destroyForcibly();
      keepNodeLogs(root, log.getParent());
      BasaltServerExtension.deleteRecursively(root);
    }
  }

  /** Copies each node's log beside the command's before the data directory goes: what a failure is read from. */
  private static void keepNodeLogs(Path root, Path logs) throws IOException {
    for (int node = 1; node <= 3; node++) {
      Path nodeLog = root.resolve("node-" + node + ".log");
      if (Files.exists(nodeLog)) {
        Files.copy(nodeLog, logs.resolve("local-cluster-node-" + node + ".log"), StandardCopyOption.REPLACE_EXISTING);
      }
    }
  }

  /** The ZooKeeper address of each node's ready line, read until three have come. */
  private static List<String> readyLines(Process cluster) {
    List<String> zookeepers = new ArrayList<>();
    BufferedReader out = new BufferedReader(new InputStreamReader(cluster.getInputStream(), StandardCharsets.UTF_8));
    try {
      while (zookeepers.size() < 3) {
        String line = out.readLine();
        if (line == null) {
          throw new IllegalStateException("the local cluster ended before three nodes were ready");
        }
        Matcher ready = READY.matcher(line);
        if (!ready.matches()) {
          throw new IllegalStateException("unexpected line on standard output: " + line);
        }
        zookeepers.add(ready.group(1));
      }
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    return zookeepers;
  }

  private static String javaExecutable() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }
}
