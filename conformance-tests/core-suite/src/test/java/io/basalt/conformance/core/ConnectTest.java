package io.basalt.conformance.core;

import static io.basalt.conformance.core.Tables.b;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.ClientFeature;
import io.basalt.conformance.harness.Feature;
import java.util.List;
import org.apache.hadoop.hbase.ClusterMetrics;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.Table;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The client finds Basalt through its registry, learns the cluster id and the meta location, and reaches data. */
@Feature(ClientFeature.CONNECT)
class ConnectTest {
  @RegisterExtension
  static final CoreCluster CLUSTER = new CoreCluster();

  @Test
  void runsOnTheClientTheModuleChose() {
    String expected = System.getProperty("basalt.conformance.client.jar", "");
    assertFalse(expected.isEmpty(), "the module must name its client jar in basalt.conformance.client.jar");
    String location = Connection.class.getProtectionDomain().getCodeSource().getLocation().getPath();
    assertTrue(location.endsWith("/" + expected), "Connection comes from " + location + ", not " + expected);
  }

  @Test
  void learnsTheClusterIdAndTheServerFromTheRegistry() throws Exception {
    try (Admin admin = CLUSTER.admin()) {
      ClusterMetrics metrics = admin.getClusterMetrics();
      // One live server per node (one process, or each node of a cluster), the master among them.
      assertEquals(CLUSTER.target().rpcAddresses().size(), metrics.getLiveServerMetrics().size());
      assertTrue(metrics.getLiveServerMetrics().containsKey(metrics.getMasterName()));
      assertFalse(metrics.getClusterId().isEmpty());
      // The async connection asks the registry on its own; both must agree with what the master reports.
      assertEquals(metrics.getClusterId(), CLUSTER.async().getAdmin().getClusterMetrics().get().getClusterId());
    }
  }

  @Test
  void locatesHbaseMetaThroughTheRegistry() throws Exception {
    try (RegionLocator meta = CLUSTER.connection().getRegionLocator(TableName.META_TABLE_NAME)) {
      List<HRegionLocation> locations = meta.getAllRegionLocations();
      assertEquals(1, locations.size());
      // Served by the one process, or in a cluster by the active master.
      assertTrue(CLUSTER.target().rpcAddresses().contains(locations.get(0).getServerName().getAddress().toString()),
          locations + " among " + CLUSTER.target().rpcAddresses());
    }
  }

  @Test
  void connectionsOpenWorkAndCloseRepeatedly() throws Exception {
    TableName name = TableName.valueOf("connect_repeatedly");
    try (Admin admin = CLUSTER.admin()) {
      admin.createTable(Tables.descriptor(name, 1, "f"));
    }
    for (int i = 0; i < 3; i++) {
      try (Connection connection = ConnectionFactory.createConnection(CLUSTER.configuration());
          Table table = connection.getTable(name)) {
        table.put(new Put(b("row")).addColumn(b("f"), b("q"), b("v" + i)));
        assertArrayEquals(b("v" + i), table.get(new Get(b("row"))).getValue(b("f"), b("q")));
      }
      try (AsyncConnection connection = ConnectionFactory.createAsyncConnection(CLUSTER.configuration()).get()) {
        assertArrayEquals(b("v" + i),
            connection.getTable(name).get(new Get(b("row"))).get().getValue(b("f"), b("q")));
      }
    }
    try (Admin admin = CLUSTER.admin()) {
      assertTrue(admin.tableExists(name));
    }
  }
}
