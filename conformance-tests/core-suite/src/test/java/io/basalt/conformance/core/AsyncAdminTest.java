package io.basalt.conformance.core;

import static io.basalt.conformance.core.Tables.b;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.ClientFeature;
import io.basalt.conformance.harness.Feature;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.apache.hadoop.hbase.ClusterMetrics;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.AsyncAdmin;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Table, namespace and cluster administration through {@code AsyncAdmin}. */
@Feature(ClientFeature.ASYNC_ADMIN_API)
class AsyncAdminTest {
  @RegisterExtension
  static final CoreCluster CLUSTER = new CoreCluster();

  private static final byte[] F = b("f");

  private static AsyncAdmin admin() throws Exception {
    return CLUSTER.async().getAdmin();
  }

  @Test
  @Feature(ClientFeature.DDL)
  void createsAltersTruncatesAndDropsTables() throws Exception {
    TableName name = TableName.valueOf("async_admin_ddl");
    AsyncAdmin admin = admin();
    admin.createTable(Tables.descriptor(name, 1, "f"), Tables.splitKeys("h", "q")).get();
    assertTrue(admin.tableExists(name).get());
    assertTrue(admin.isTableAvailable(name).get());
    assertEquals(List.of(name), admin.listTableNames(Pattern.compile("async_admin_d.*"), false).get());
    assertEquals(List.of("", "h", "q"), startKeys(admin.getRegions(name).get()));

    admin.addColumnFamily(name, ColumnFamilyDescriptorBuilder.newBuilder(b("g")).setMaxVersions(4).build()).get();
    assertEquals(4, admin.getDescriptor(name).get().getColumnFamily(b("g")).getMaxVersions());

    AsyncTable<?> table = CLUSTER.async().getTable(name);
    table.put(new Put(b("k")).addColumn(F, b("q"), b("1")).addColumn(b("g"), b("q"), b("2"))).get();
    assertEquals(2, table.get(new Get(b("k"))).get().size());

    admin.disableTable(name).get();
    assertTrue(admin.isTableDisabled(name).get());
    admin.truncateTable(name, true).get();
    assertTrue(admin.isTableEnabled(name).get());
    assertTrue(table.scanAll(new Scan()).get().isEmpty());
    assertEquals(3, admin.getRegions(name).get().size());

    admin.disableTable(name).get();
    admin.deleteTable(name).get();
    assertFalse(admin.tableExists(name).get());
  }

  @Test
  @Feature(ClientFeature.SPLIT_AWARE_SCAN)
  void splitsARegionThatClientsThenFollow() throws Exception {
    TableName name = TableName.valueOf("async_admin_split");
    AsyncAdmin admin = admin();
    admin.createTable(Tables.descriptor(name, 1, "f")).get();
    AsyncTable<?> table = CLUSTER.async().getTable(name);
    List<Put> puts = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      puts.add(new Put(b(String.format("r%02d", i))).addColumn(F, b("q"), Bytes.toBytes(i)));
    }
    table.putAll(puts).get();
    admin.split(name, b("r25")).get();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (admin.getRegions(name).get().size() != 2) {
      assertTrue(System.nanoTime() < deadline, "the split did not happen");
      Thread.sleep(50);
    }
    assertEquals(List.of("", "r25"), startKeys(admin.getRegions(name).get()));
    assertEquals(50, table.scanAll(new Scan()).get().size());
    assertArrayEquals(Bytes.toBytes(30), table.get(new Get(b("r30"))).get().getValue(F, b("q")));
  }

  @Test
  void managesNamespaces() throws Exception {
    AsyncAdmin admin = admin();
    admin.createNamespace(NamespaceDescriptor.create("async_ns").build()).get();
    List<String> names = new ArrayList<>();
    for (NamespaceDescriptor namespace : admin.listNamespaceDescriptors().get()) {
      names.add(namespace.getName());
    }
    assertTrue(names.contains("async_ns"), names.toString());
    TableName name = TableName.valueOf("async_ns", "t");
    admin.createTable(Tables.descriptor(name, 1, "f")).get();
    assertEquals(List.of(name), admin.listTableNamesByNamespace("async_ns").get());
    admin.disableTable(name).get();
    admin.deleteTable(name).get();
    admin.deleteNamespace("async_ns").get();
    assertFalse(admin.listNamespaceDescriptors().get().stream().anyMatch(ns -> ns.getName().equals("async_ns")));
  }

  @Test
  void reportsTheClusterAndFlushes() throws Exception {
    AsyncAdmin admin = admin();
    ClusterMetrics metrics = admin.getClusterMetrics().get();
    int nodes = CLUSTER.target().rpcAddresses().size();
    assertEquals(nodes, metrics.getLiveServerMetrics().size());
    assertEquals(nodes, admin.getRegionServers().get().size());
    assertTrue(admin.getRegionServers().get().contains(metrics.getMasterName()));
    TableName name = TableName.valueOf("async_admin_flush");
    admin.createTable(Tables.descriptor(name, 1, "f")).get();
    CLUSTER.async().getTable(name).put(new Put(b("r")).addColumn(F, b("q"), b("v"))).get();
    admin.flush(name).get();
    assertArrayEquals(b("v"), CLUSTER.async().getTable(name).get(new Get(b("r"))).get().getValue(F, b("q")));
    boolean wasOn = admin.balancerSwitch(false, true).get();
    assertFalse(admin.isBalancerEnabled().get());
    admin.balancerSwitch(wasOn, true).get();
    assertEquals(wasOn, admin.isBalancerEnabled().get());
  }

  private static List<String> startKeys(List<RegionInfo> regions) {
    List<String> keys = new ArrayList<>();
    for (RegionInfo region : regions) {
      keys.add(Bytes.toString(region.getStartKey()));
    }
    return keys;
  }
}
