package io.basalt.conformance.core;

import static io.basalt.conformance.core.Tables.b;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.ClientFeature;
import io.basalt.conformance.harness.Feature;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.hbase.ClusterMetrics;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Cluster-level calls of the synchronous {@code Admin}: status, flushes, compactions and switches. */
@Feature(ClientFeature.ADMIN_API)
class ClusterAdminTest {
  @RegisterExtension
  static final CoreCluster CLUSTER = new CoreCluster();

  @Test
  void reportsEveryServerAndTheMasterAmongThem() throws IOException {
    try (Admin admin = CLUSTER.admin()) {
      ClusterMetrics metrics = admin.getClusterMetrics();
      ServerName master = metrics.getMasterName();
      // One server per node: one process, or each node of a cluster; the master (which serves hbase:meta) is one.
      int nodes = CLUSTER.target().rpcAddresses().size();
      assertEquals(nodes, metrics.getLiveServerMetrics().size());
      assertTrue(metrics.getLiveServerMetrics().containsKey(master));
      assertEquals(nodes, admin.getRegionServers().size());
      assertEquals(nodes - 1, metrics.getBackupMasterNames().size());
      assertTrue(admin.getRegions(master).stream().anyMatch(region -> region.isMetaRegion()));
    }
  }

  @Test
  void flushesAndCompactsATable() throws Exception {
    TableName name = TableName.valueOf("cluster_admin_flush");
    try (Admin admin = CLUSTER.admin(); Table table = Tables.create(CLUSTER.connection(), name, new String[] {"f"})) {
      table.put(new Put(b("r")).addColumn(b("f"), b("q"), b("v")));
      admin.flush(name);
      admin.majorCompact(name);
      assertArrayEquals(b("v"), table.get(new Get(b("r"))).getValue(b("f"), b("q")));
    }
  }

  @Test
  void switchesTheBalancer() throws IOException {
    try (Admin admin = CLUSTER.admin()) {
      boolean wasOn = admin.balancerSwitch(false, true);
      assertFalse(admin.isBalancerEnabled());
      admin.balancerSwitch(wasOn, true);
      assertEquals(wasOn, admin.isBalancerEnabled());
    }
  }
}
