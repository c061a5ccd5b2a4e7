package io.basalt.conformance.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.OwnCluster;
import java.io.IOException;
import org.apache.hadoop.hbase.ClusterMetrics;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Three Basalt nodes, each its own process, and a stock client that knows only their ZooKeeper addresses: tables
 * and rows reach every node, the node leading a table's region is killed with SIGKILL and the client goes on
 * through the new leader with its default retries, losing nothing it was told was written; the killed node comes
 * back and catches up.
 */
class ClusterFailoverTest {
  private static final byte[][] FAMILIES = {Bytes.toBytes("a"), Bytes.toBytes("b"), Bytes.toBytes("c")};
  private static final byte[] QUALIFIER = Bytes.toBytes("q");
  private static final byte[] COUNTER = Bytes.toBytes("counter");
  private static final RowsInEveryFamily ROWS = new RowsInEveryFamily(FAMILIES, QUALIFIER, 0);

  @RegisterExtension
  static final OwnCluster NODES = OwnCluster.perClass("failover");

  @Test
  void theClusterShowsOneActiveMasterAndTwoBackups() throws Exception {
    try (Connection connection = ConnectionFactory.createConnection(ClusterClients.configuration(NODES.cluster()));
        Admin admin = connection.getAdmin()) {
      ClusterMetrics metrics = admin.getClusterMetrics();
      assertNotNull(metrics.getMasterName(), "an active master");
      assertEquals(2, metrics.getBackupMasterNames().size(), metrics.getBackupMasterNames().toString());
      assertEquals(3, metrics.getLiveServerMetrics().size(), metrics.getLiveServerMetrics().keySet().toString());
    }
  }

  @Test
  void killingTheLeaderLosesNoAcknowledgedWrite() throws Exception {
    TableName name = TableName.valueOf("failover");
    try (Connection connection = ConnectionFactory.createConnection(ClusterClients.configuration(NODES.cluster()));
        Admin admin = connection.getAdmin()) {
      TableDescriptorBuilder table = TableDescriptorBuilder.newBuilder(name);
      for (byte[] family : FAMILIES) {
        table.setColumnFamily(ColumnFamilyDescriptorBuilder.of(family));
      }
      admin.createTable(table.build());
      try (Table data = connection.getTable(name); RegionLocator locator = connection.getRegionLocator(name)) {
        writeRows(data, 0, 100);
        int leader = nodeServing(locator.getRegionLocation(Bytes.toBytes("row"), true));

        NODES.cluster().kill(leader);
        long killed = System.nanoTime();
        writeRows(data, 100, 101);
        long failoverMillis = (System.nanoTime() - killed) / 1_000_000;
        System.out.println("Failover: the first write after killing node " + leader + " took " + failoverMillis
            + " ms");
        writeRows(data, 101, 200);
        ROWS.assertPresent(data, 0, 200);
        assertEquals(200, Bytes.toLong(data.get(new Get(COUNTER)).getValue(FAMILIES[0], QUALIFIER)));

        NODES.cluster().restart(leader);
        writeRows(data, 200, 300);
        ROWS.assertPresent(data, 0, 300);
      }
    }
  }

  /** Puts rows [from, to) with a cell in every family, and increments the counter once per row. */
  private static void writeRows(Table table, int from, int to) throws IOException {
    for (int i = from; i < to; i++) {
      ROWS.write(table, i, i + 1);
      table.increment(new Increment(COUNTER).addColumn(FAMILIES[0], QUALIFIER, 1));
    }
  }

  /** The node whose RPC port serves {@code location}. */
  private static int nodeServing(HRegionLocation location) {
    return NODES.cluster().nodeWithRpcPort(location.getServerName().getPort());
  }
}
