package io.basalt.conformance;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.ClusterMetrics;
import org.apache.hadoop.hbase.RegionMetrics;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionStatesCount;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Cluster-level Admin calls: status and metrics, the master's switches, flushes and compactions. */
class ClusterAdminTest {
  @RegisterExtension
  static final ConnectedBasalt BASALT = new ConnectedBasalt();

  private static final TableName TABLE = TableName.valueOf("cluster_admin");
  private static final byte[] F = toBytes("f");

  @BeforeAll
  static void createTable() throws IOException {
    BASALT.admin().createTable(TableDescriptorBuilder.newBuilder(TABLE)
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of(F))
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of("g")).build(), new byte[][] {toBytes("m")});
  }

  @Test
  void clusterMetricsDescribeOneServerThatIsAlsoTheMaster() throws IOException {
    ClusterMetrics metrics = BASALT.admin().getClusterMetrics();
    assertEquals("2.6.4", metrics.getHBaseVersion());
    assertEquals(BASALT.connection().getClusterId(), metrics.getClusterId());
    assertEquals(1, metrics.getLiveServerMetrics().size());
    ServerName server = metrics.getLiveServerMetrics().keySet().iterator().next();
    assertEquals(server, metrics.getMasterName());
    assertEquals(List.of(), metrics.getBackupMasterNames());
    assertEquals(List.of(), metrics.getDeadServerNames());
    assertEquals(0, metrics.getRegionStatesInTransition().size());
    // hbase:meta and the table's two regions.
    assertEquals(3, metrics.getRegionCount());
    assertEquals(List.of(server), BASALT.admin().getRegionServers().stream().toList());

    List<RegionMetrics> regions = BASALT.admin().getRegionMetrics(server, TABLE);
    assertEquals(2, regions.size());
    for (RegionMetrics region : regions) {
      assertEquals(2, region.getStoreCount());
    }
    assertFalse(BASALT.admin().isMasterInMaintenanceMode());
    // What the shell's alter waits on: every region of the table open, none in transition.
    RegionStatesCount states = metrics.getTableRegionStatesCount().get(TABLE);
    assertEquals(2, states.getTotalRegions());
    assertEquals(2, states.getOpenRegions());
    assertEquals(0, states.getRegionsInTransition());
  }

  @Test
  void switchesRememberTheirValues() throws IOException {
    assertTrue(BASALT.admin().balance(), "the balancer runs, as on HBase, and finds nothing to move");
    assertTrue(BASALT.admin().balancerSwitch(false, true));
    assertFalse(BASALT.admin().isBalancerEnabled());
    assertFalse(BASALT.admin().balance(), "switched off, the balancer does not run");
    assertFalse(BASALT.admin().balancerSwitch(true, true));

    assertTrue(BASALT.admin().normalizerSwitch(false));
    assertFalse(BASALT.admin().isNormalizerEnabled());
    assertTrue(BASALT.admin().catalogJanitorSwitch(false));
    assertFalse(BASALT.admin().isCatalogJanitorEnabled());
    assertTrue(BASALT.admin().cleanerChoreSwitch(false));
    assertFalse(BASALT.admin().isCleanerChoreEnabled());

    assertTrue(BASALT.admin().splitSwitch(false, true));
    assertFalse(BASALT.admin().isSplitEnabled());
    assertTrue(BASALT.admin().isMergeEnabled());
    assertFalse(BASALT.admin().splitSwitch(true, true));
  }

  @Test
  void flushesAndCompactionsKeepTheData() throws Exception {
    try (Table table = BASALT.connection().getTable(TABLE)) {
      table.put(new Put(toBytes("a")).addColumn(F, toBytes("q"), toBytes("1")));
      table.put(new Put(toBytes("z")).addColumn(F, toBytes("q"), toBytes("2")));
      BASALT.admin().flush(TABLE);
      BASALT.admin().flushRegion(BASALT.admin().getRegions(TABLE).get(0).getRegionName());
      BASALT.admin().compact(TABLE);
      BASALT.admin().majorCompact(TABLE);
      ServerName server = BASALT.admin().getRegionServers().iterator().next();
      Map<ServerName, Boolean> previous = BASALT.admin().compactionSwitch(false, List.of());
      assertEquals(Map.of(server, true), previous);
      BASALT.admin().compactionSwitch(true, List.of());
      assertArrayEquals(toBytes("1"), table.get(new Get(toBytes("a"))).getValue(F, toBytes("q")));
      assertArrayEquals(toBytes("2"), table.get(new Get(toBytes("z"))).getValue(F, toBytes("q")));
    }
  }
}
