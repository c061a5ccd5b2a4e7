package io.basalt.conformance.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.BasaltServerExtension;
import io.basalt.conformance.harness.OwnCluster;
import java.io.IOException;
import java.util.Map;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A node whose data directory was wiped while it was down rejoins by installing its tablets from the leaders, the
 * leaders having forgotten the entries it missed: three node processes whose groups snapshot every 50 entries into
 * 4 KB log files (so their logs are purged as they go), a table of three tablets and two families. Its replicas then
 * hold exactly the others' rows (the info port's digests, compared at equal applied indexes), and with another node
 * killed it is part of the majority that keeps the table writable and every acknowledged row readable. A snapshot
 * taken before the wipe is known to the rejoined node without its rows: a table cloned from it after the rejoin is
 * installed there from the others, and serves the snapshot's rows with that node in the majority.
 */
class WipedNodeRejoinTest {
  private static final byte[][] FAMILIES = {Bytes.toBytes("a"), Bytes.toBytes("b")};
  private static final byte[] QUALIFIER = Bytes.toBytes("q");
  private static final byte[][] SPLITS = {Bytes.toBytes("row00200"), Bytes.toBytes("row00400")};
  private static final int TABLETS = SPLITS.length + 1;
  private static final long CATCH_UP_MILLIS = 180_000;
  private static final RowsInEveryFamily ROWS = new RowsInEveryFamily(FAMILIES, QUALIFIER, 0);

  @RegisterExtension
  final OwnCluster nodes = OwnCluster.perTest("wiped")
      .with("basalt.cluster.raft.snapshot.threshold", "50")
      .with("basalt.cluster.raft.log.segment.bytes", "4096");

  @Test
  void aWipedNodeRejoinsByInstallAndServesInTheMajority() throws Exception {
    TableName name = TableName.valueOf("wiped");
    try (Connection connection = ConnectionFactory.createConnection(ClusterClients.configuration(nodes.cluster()));
        Admin admin = connection.getAdmin()) {
      TableDescriptorBuilder descriptor = TableDescriptorBuilder.newBuilder(name);
      for (byte[] family : FAMILIES) {
        descriptor.setColumnFamily(ColumnFamilyDescriptorBuilder.of(family));
      }
      admin.createTable(descriptor.build(), SPLITS);
      try (Table table = connection.getTable(name); RegionLocator locator = connection.getRegionLocator(name)) {
        ROWS.write(table, 0, 150);
        admin.snapshot("before-wipe", name);
        int wiped = nodeServing(locator.getRegionLocation(Bytes.toBytes("row00000"), true));

        nodes.cluster().kill(wiped);
        BasaltServerExtension.deleteRecursively(nodes.cluster().dataDir(wiped));
        // 250 writes per tablet: five snapshots' worth, over dozens of 4 KB log files, so the leaders purge the
        // entries the wiped node would need to catch up from the log.
        ROWS.write(table, 150, 600);
        ROWS.assertPresent(table, 0, 600);

        nodes.cluster().restart(wiped);
        Map<String, ReplicaDigests.Replica> caughtUp =
            ReplicaDigests.awaitSame(nodes.cluster(), TABLETS, CATCH_UP_MILLIS);
        assertEquals(TABLETS, caughtUp.size(), "one replica per tablet: " + caughtUp);
        long installs = ReplicaDigests.tabletInstalls(nodes.cluster(), wiped);
        assertTrue(installs >= TABLETS, "node " + wiped + " installed each of its " + TABLETS + " tablets from a "
            + "leader, not from the log; it installed " + installs + ": "
            + nodes.cluster().node(wiped).info("/replicas"));
        assertTrue(nodes.cluster().node(wiped).logLines().stream()
            .anyMatch(line -> line.contains("installed the state")),
            "node " + wiped + " logs its installs");

        TableName clone = TableName.valueOf("wiped_clone");
        admin.cloneSnapshot("before-wipe", clone);
        ReplicaDigests.awaitSame(nodes.cluster(), 2 * TABLETS, CATCH_UP_MILLIS);
        assertTrue(ReplicaDigests.tabletInstalls(nodes.cluster(), wiped) >= installs + TABLETS,
            "node " + wiped + " installed each tablet of the clone: " + nodes.cluster().node(wiped).info("/replicas"));

        int killed = wiped % nodes.cluster().size() + 1;
        nodes.cluster().kill(killed);
        ROWS.write(table, 600, 700);
        ROWS.assertPresent(table, 0, 700);
        try (Table cloned = connection.getTable(clone)) {
          ROWS.assertPresent(cloned, 0, 150);
          assertEquals(150, count(cloned), "the clone holds the snapshot's rows only");
        }
      }
    }
  }

  private static int count(Table table) throws IOException {
    int rows = 0;
    try (ResultScanner scanner = table.getScanner(new Scan())) {
      while (scanner.next() != null) {
        rows++;
      }
    }
    return rows;
  }

  /** The node whose RPC port serves {@code location}. */
  private int nodeServing(HRegionLocation location) {
    return nodes.cluster().nodeWithRpcPort(location.getServerName().getPort());
  }
}
