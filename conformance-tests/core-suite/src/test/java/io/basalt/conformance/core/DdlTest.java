package io.basalt.conformance.core;

import static io.basalt.conformance.core.Tables.b;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.ClientFeature;
import io.basalt.conformance.harness.Feature;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Table and namespace DDL through the synchronous {@code Admin}. */
@Feature({ClientFeature.DDL, ClientFeature.ADMIN_API})
class DdlTest {
  @RegisterExtension
  static final CoreCluster CLUSTER = new CoreCluster();

  @Test
  void createsAPreSplitTableAndDescribesIt() throws IOException {
    TableName name = TableName.valueOf("ddl_presplit");
    try (Admin admin = CLUSTER.admin()) {
      admin.createTable(Tables.descriptor(name, 3, "a", "b"), Tables.splitKeys("g", "p"));
      assertTrue(admin.tableExists(name));
      assertTrue(admin.isTableAvailable(name));
      assertTrue(admin.isTableEnabled(name));
      assertTrue(List.of(admin.listTableNames()).contains(name));
      TableDescriptor descriptor = admin.getDescriptor(name);
      assertEquals(2, descriptor.getColumnFamilyCount());
      assertEquals(3, descriptor.getColumnFamily(b("a")).getMaxVersions());
      assertEquals(List.of("", "g", "p"), startKeys(admin.getRegions(name)));
    }
  }

  @Test
  void addsModifiesAndDropsFamiliesOfALiveTable() throws IOException {
    TableName name = TableName.valueOf("ddl_alter");
    try (Admin admin = CLUSTER.admin(); Table table = Tables.create(CLUSTER.connection(), name, new String[] {"a"})) {
      admin.addColumnFamily(name, ColumnFamilyDescriptorBuilder.of("b"));
      table.put(new Put(b("r")).addColumn(b("b"), b("q"), b("in b")));
      assertArrayEquals(b("in b"), table.get(new Get(b("r"))).getValue(b("b"), b("q")));

      admin.modifyColumnFamily(name, ColumnFamilyDescriptorBuilder.newBuilder(b("b")).setMaxVersions(5).build());
      assertEquals(5, admin.getDescriptor(name).getColumnFamily(b("b")).getMaxVersions());

      admin.deleteColumnFamily(name, b("b"));
      TableDescriptor descriptor = admin.getDescriptor(name);
      assertEquals(1, descriptor.getColumnFamilyCount());
      assertNull(descriptor.getColumnFamily(b("b")));
    }
  }

  @Test
  void truncatesKeepingOrDroppingTheSplits() throws IOException {
    TableName name = TableName.valueOf("ddl_truncate");
    try (Admin admin = CLUSTER.admin();
        Table table = Tables.create(CLUSTER.connection(), name, new String[] {"f"}, "m")) {
      table.put(List.of(new Put(b("a")).addColumn(b("f"), b("q"), b("1")),
          new Put(b("z")).addColumn(b("f"), b("q"), b("2"))));
      admin.disableTable(name);
      admin.truncateTable(name, true);
      assertTrue(admin.isTableEnabled(name));
      assertEquals(List.of(), Tables.rows(table, new Scan()));
      assertEquals(List.of("", "m"), startKeys(admin.getRegions(name)));

      table.put(new Put(b("b")).addColumn(b("f"), b("q"), b("3")));
      admin.disableTable(name);
      admin.truncateTable(name, false);
      assertEquals(List.of(), Tables.rows(table, new Scan()));
      assertEquals(1, admin.getRegions(name).size());
    }
  }

  @Test
  void disablesEnablesAndDeletes() throws IOException {
    TableName name = TableName.valueOf("ddl_lifecycle");
    try (Admin admin = CLUSTER.admin(); Table table = Tables.create(CLUSTER.connection(), name, new String[] {"f"})) {
      table.put(new Put(b("r")).addColumn(b("f"), b("q"), b("kept")));
      admin.disableTable(name);
      assertTrue(admin.isTableDisabled(name));
      admin.enableTable(name);
      assertTrue(admin.isTableEnabled(name));
      assertArrayEquals(b("kept"), table.get(new Get(b("r"))).getValue(b("f"), b("q")));
      admin.disableTable(name);
      admin.deleteTable(name);
      assertFalse(admin.tableExists(name));
      assertFalse(List.of(admin.listTableNames()).contains(name));
    }
  }

  @Test
  void createsListsAndDropsNamespaces() throws IOException {
    TableName name = TableName.valueOf("ddl_ns", "t");
    try (Admin admin = CLUSTER.admin()) {
      admin.createNamespace(NamespaceDescriptor.create("ddl_ns").addConfiguration("k", "v").build());
      assertEquals("v", admin.getNamespaceDescriptor("ddl_ns").getConfigurationValue("k"));
      List<String> namespaces = new ArrayList<>();
      for (NamespaceDescriptor namespace : admin.listNamespaceDescriptors()) {
        namespaces.add(namespace.getName());
      }
      assertTrue(namespaces.containsAll(List.of("default", "hbase", "ddl_ns")), namespaces.toString());
      admin.createTable(Tables.descriptor(name, 1, "f"));
      assertEquals(List.of(name), List.of(admin.listTableNamesByNamespace("ddl_ns")));
      admin.disableTable(name);
      admin.deleteTable(name);
      admin.deleteNamespace("ddl_ns");
      for (NamespaceDescriptor namespace : admin.listNamespaceDescriptors()) {
        assertFalse(namespace.getName().equals("ddl_ns"));
      }
    }
  }

  private static List<String> startKeys(List<RegionInfo> regions) {
    List<String> keys = new ArrayList<>();
    for (RegionInfo region : regions) {
      keys.add(Bytes.toString(region.getStartKey()));
    }
    return keys;
  }
}
