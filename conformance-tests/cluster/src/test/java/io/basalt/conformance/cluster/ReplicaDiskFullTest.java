package io.basalt.conformance.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.BasaltServerExtension;
import io.basalt.conformance.harness.OwnCluster;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * One node's store on a small volume that fills while a stock client writes: that node stops by itself, saying once
 * why, with exit status 4 (its replica could not apply an entry or write its log, and a replica never skips one);
 * every write the client made was acknowledged through the other two, and every row reads back; started again with
 * room, the node catches up and its replicas hold exactly the others' rows (digests at equal applied indexes).
 *
 * <p>The volume is a tmpfs mounted over the node's store directory in a private mount namespace, as the single
 * node's {@code DiskFullTest} (client-2.6) mounts one, with a ballast file taking most of it. The tmpfs dies with the
 * process, so the node starts again on an empty store and rejoins as a wiped node does. Where a tmpfs cannot be
 * mounted the test is skipped, saying why, or fails with {@code -Dbasalt.diskfull.required=true}.
 */
class ReplicaDiskFullTest {
  private static final byte[][] FAMILIES = {Bytes.toBytes("a"), Bytes.toBytes("b")};
  private static final byte[] QUALIFIER = Bytes.toBytes("q");
  private static final byte[][] SPLITS = {Bytes.toBytes("row00100"), Bytes.toBytes("row00200")};
  private static final int TABLETS = SPLITS.length + 1;
  private static final int VALUE_BYTES = 32 * 1024;
  /** 64 MB with 40 MB of ballast: 24 MB for the Raft logs and store of a node writing 64 KB rows. */
  private static final long VOLUME_BYTES = 64L << 20;
  private static final int BALLAST_MEGABYTES = 40;
  /** Rows after which the node must have stopped: 96 MB, four times the room left on its volume. */
  private static final int MAX_ROWS = 1500;
  private static final int FULL_NODE = 3;
  private static final long CATCH_UP_MILLIS = 180_000;
  private static final RowsInEveryFamily ROWS = new RowsInEveryFamily(FAMILIES, QUALIFIER, VALUE_BYTES);

  @RegisterExtension
  final OwnCluster nodes = OwnCluster.perTest("replica-full")
      .with("basalt.cluster.raft.snapshot.threshold", "50")
      .with("basalt.cluster.raft.log.segment.bytes", "1048576");

  @Test
  void aNodeWhoseDiskFillsStopsAndTheOthersServeUntilItCatchesUp() throws Exception {
    String unavailable = unavailableReason();
    if (unavailable != null) {
      String message = "ReplicaDiskFullTest NOT RUN: " + unavailable + "; a full disk on one replica is unproven "
          + "on this machine";
      System.err.println("*** " + message);
      assertFalse(Boolean.getBoolean("basalt.diskfull.required"), message);
      Assumptions.abort(message);
    }
    TableName name = TableName.valueOf("replica_full");
    try (Connection connection = ConnectionFactory.createConnection(ClusterClients.configuration(nodes.cluster()));
        Admin admin = connection.getAdmin()) {
      TableDescriptorBuilder descriptor = TableDescriptorBuilder.newBuilder(name);
      for (byte[] family : FAMILIES) {
        descriptor.setColumnFamily(ColumnFamilyDescriptorBuilder.of(family));
      }
      admin.createTable(descriptor.build(), SPLITS);
      try (Table table = connection.getTable(name)) {
        ROWS.write(table, 0, 20);
        Path store = nodes.cluster().dataDir(FULL_NODE).resolve("store");
        nodes.cluster().kill(FULL_NODE);
        BasaltServerExtension.deleteRecursively(store);
        Files.createDirectories(store);
        nodes.cluster().restartThrough(FULL_NODE, smallVolume(store));

        int written = 20;
        while (nodes.cluster().node(FULL_NODE).isAlive() && written < MAX_ROWS) {
          ROWS.write(table, written, written + 1);
          written++;
        }
        int status = nodes.cluster().node(FULL_NODE).awaitExit(TimeUnit.SECONDS.toMillis(60));
        System.out.println("ReplicaDiskFullTest: node " + FULL_NODE + " stopped after " + written
            + " rows with status " + status);
        assertEquals(4, status, "node " + FULL_NODE + " stopped by itself, for a failed replica");
        List<String> stops = nodes.cluster().node(FULL_NODE).logLines().stream()
            .filter(line -> line.contains("This node stops because")).toList();
        assertEquals(1, stops.size(), "said once: " + stops);
        assertTrue(stops.get(0).contains("No space left on device") || stops.get(0).contains("log could not be "
            + "written"), stops.get(0));

        ROWS.write(table, written, written + 30);
        written += 30;
        ROWS.assertPresent(table, 0, written);

        nodes.cluster().restart(FULL_NODE);
        ReplicaDigests.awaitSame(nodes.cluster(), TABLETS, CATCH_UP_MILLIS);
        ROWS.write(table, written, written + 10);
        ROWS.assertPresent(table, 0, written + 10);
      }
    }
  }

  /**
   * A launcher mounting a tmpfs of {@link #VOLUME_BYTES} over {@code mountPoint} in a private mount namespace, filling
   * {@link #BALLAST_MEGABYTES} of it, then running the node (what client-2.6's SmallVolume does for a single node;
   * test classes of another module cannot be shared).
   */
  private static List<String> smallVolume(Path mountPoint) {
    return List.of("unshare", "--user", "--map-root-user", "--mount", "sh", "-c",
        "mount -t tmpfs -o size=" + VOLUME_BYTES + " tmpfs \"$0\" && dd if=/dev/zero of=\"$0/ballast\" bs=1048576 "
            + "count=" + BALLAST_MEGABYTES + " 2>/dev/null && exec \"$@\"", mountPoint.toAbsolutePath().toString());
  }

  /** Whether this machine lets a process mount a tmpfs in namespaces of its own; the reason if not. */
  private static String unavailableReason() throws IOException, InterruptedException {
    Path probe = Files.createTempDirectory("basalt-volume-probe-");
    try {
      Process process = new ProcessBuilder("unshare", "--user", "--map-root-user", "--mount", "sh", "-c",
          "mount -t tmpfs -o size=1m tmpfs \"$0\"", probe.toString()).redirectErrorStream(true).start();
      String output = new String(process.getInputStream().readAllBytes());
      if (!process.waitFor(30, TimeUnit.SECONDS) || process.exitValue() != 0) {
        return "cannot mount a tmpfs in a user and mount namespace here: " + output.trim();
      }
      return null;
    } catch (IOException e) {
      return "cannot run unshare: " + e.getMessage();
    } finally {
      Files.deleteIfExists(probe);
    }
  }
}
