package io.basalt.conformance;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.BasaltServerExtension;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.ClusterMetrics;
import org.apache.hadoop.hbase.RegionMetrics;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionStatesCount;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Cluster-level Admin calls: status and metrics, the master's switches, flushes and compactions. */
class ClusterAdminTest {
  @RegisterExtension
  static final BasaltServerExtension BASALT = new BasaltServerExtension();

  private static final TableName TABLE = TableName.valueOf("cluster_admin");
  private static final byte[] F = toBytes("f");
  private static Connection connection;
  private static Admin admin;

  @BeforeAll
  static void connect() throws IOException {
    connection = Clients.connect(BASALT.process());
    admin = connection.getAdmin();
    admin.createTable(TableDescriptorBuilder.newBuilder(TABLE).setColumnFamily(ColumnFamilyDescriptorBuilder.of(F))
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of("g")).build(), new byte[][] {toBytes("m")});
  }

  @AfterAll
  static void close() throws IOException {
    admin.close();
    connection.close();
  }

  @Test
  void clusterMetricsDescribeOneServerThatIsAlsoTheMaster() throws IOException {
    ClusterMetrics metrics = admin.getClusterMetrics();
    assertEquals("2.6.4", metrics.getHBaseVersion());
    assertEquals(connection.getClusterId(), metrics.getClusterId());
    assertEquals(1, metrics.getLiveServerMetrics().size());
    ServerName server = metrics.getLiveServerMetrics().keySet().iterator().next();
    assertEquals(server, metrics.getMasterName());
    assertEquals(List.of(), metrics.getBackupMasterNames());
    assertEquals(List.of(), metrics.getDeadServerNames());
    assertEquals(0, metrics.getRegionStatesInTransition().size());
    // hbase:meta and the table's two regions.
    assertEquals(3, metrics.getRegionCount());
    assertEquals(List.of(server), admin.getRegionServers().stream().toList());

    List<RegionMetrics> regions = admin.getRegionMetrics(server, TABLE);
    assertEquals(2, regions.size());
    for (RegionMetrics region : regions) {
      assertEquals(2, region.getStoreCount());
    }
    assertFalse(admin.isMasterInMaintenanceMode());
    // What the shell's alter waits on: every region of the table open, none in transition.
    RegionStatesCount states = metrics.getTableRegionStatesCount().get(TABLE);
    assertEquals(2, states.getTotalRegions());
    assertEquals(2, states.getOpenRegions());
    assertEquals(0, states.getRegionsInTransition());
  }

  @Test
  void switchesRememberTheirValues() throws IOException {
    assertTrue(admin.balancerSwitch(false, true));
    assertFalse(admin.isBalancerEnabled());
    assertFalse(admin.balance(), "one server has nothing to balance");
    assertFalse(admin.balancerSwitch(true, true));

    assertTrue(admin.normalizerSwitch(false));
    assertFalse(admin.isNormalizerEnabled());
    assertTrue(admin.catalogJanitorSwitch(false));
    assertFalse(admin.isCatalogJanitorEnabled());
    assertTrue(admin.cleanerChoreSwitch(false));
    assertFalse(admin.isCleanerChoreEnabled());

    assertTrue(admin.splitSwitch(false, true));
    assertFalse(admin.isSplitEnabled());
    assertTrue(admin.isMergeEnabled());
    assertFalse(admin.splitSwitch(true, true));
  }

  @Test
  void flushesAndCompactionsKeepTheData() throws Exception {
    try (Table table = connection.getTable(TABLE)) {
      table.put(new Put(toBytes("a")).addColumn(F, toBytes("q"), toBytes("1")));
      table.put(new Put(toBytes("z")).addColumn(F, toBytes("q"), toBytes("2")));
      admin.flush(TABLE);
      admin.flushRegion(admin.getRegions(TABLE).get(0).getRegionName());
      admin.compact(TABLE);
      admin.majorCompact(TABLE);
      ServerName server = admin.getRegionServers().iterator().next();
      Map<ServerName, Boolean> previous = admin.compactionSwitch(false, List.of());
      assertEquals(Map.of(server, true), previous);
      admin.compactionSwitch(true, List.of());
      assertArrayEquals(toBytes("1"), table.get(new Get(toBytes("a"))).getValue(F, toBytes("q")));
      assertArrayEquals(toBytes("2"), table.get(new Get(toBytes("z"))).getValue(F, toBytes("q")));
    }
  }
}
