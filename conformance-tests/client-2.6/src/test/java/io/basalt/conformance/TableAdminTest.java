package io.basalt.conformance;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import org.apache.hadoop.hbase.NamespaceNotFoundException;
import org.apache.hadoop.hbase.TableExistsException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.TableNotDisabledException;
import org.apache.hadoop.hbase.TableNotEnabledException;
import org.apache.hadoop.hbase.TableNotFoundException;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Table DDL through a stock hbase-client 2.6 Admin with default settings and the ZooKeeper registry. */
class TableAdminTest {
  @RegisterExtension
  static final ConnectedBasalt BASALT = new ConnectedBasalt();

  @Test
  void createDescribeListDisableAndDelete() throws IOException {
    TableName name = TableName.valueOf("admin_lifecycle");
    TableDescriptor requested = TableDescriptorBuilder.newBuilder(name)
        .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(toBytes("cf1")).setMaxVersions(3).build())
        .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(toBytes("cf2")).setTimeToLive(86400).build())
        .setValue("OWNER", "conformance")
        .build();
    assertFalse(BASALT.admin().tableExists(name));
    BASALT.admin().createTable(requested);

    assertTrue(BASALT.admin().tableExists(name));
    assertTrue(BASALT.admin().isTableEnabled(name));
    assertTrue(BASALT.admin().isTableAvailable(name));
    assertTrue(Arrays.asList(BASALT.admin().listTableNames()).contains(name));
    assertTrue(Arrays.asList(BASALT.admin().listTableNames(Pattern.compile("admin_.*"))).contains(name));
    assertFalse(Arrays.asList(BASALT.admin().listTableNames(Pattern.compile("other.*"))).contains(name));

    TableDescriptor described = BASALT.admin().getDescriptor(name);
    assertEquals(name, described.getTableName());
    assertEquals("conformance", described.getValue("OWNER"));
    ColumnFamilyDescriptor cf1 = described.getColumnFamily(toBytes("cf1"));
    ColumnFamilyDescriptor cf2 = described.getColumnFamily(toBytes("cf2"));
    assertEquals(3, cf1.getMaxVersions());
    assertEquals(86400, cf2.getTimeToLive());
    // As HBase 2.6 records it, the descriptor also names the store file tracker.
    assertEquals("DEFAULT", described.getValue("hbase.store.file-tracker.impl"));
    assertEquals(0, TableDescriptor.COMPARATOR.compare(TableDescriptorBuilder.newBuilder(requested)
        .setValue("hbase.store.file-tracker.impl", "DEFAULT").build(), described));

    BASALT.admin().disableTable(name);
    assertTrue(BASALT.admin().isTableDisabled(name));
    assertFalse(BASALT.admin().isTableEnabled(name));
    BASALT.admin().deleteTable(name);
    assertFalse(BASALT.admin().tableExists(name));
    assertFalse(Arrays.asList(BASALT.admin().listTableNames()).contains(name));
  }

  @Test
  void splitKeysGiveOneRegionPerRange() throws IOException {
    TableName name = TableName.valueOf("admin_presplit");
    byte[][] splits = {toBytes("g"), toBytes("n"), toBytes("t")};
    BASALT.admin().createTable(TableDescriptorBuilder.newBuilder(name)
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of("f")).build(), splits);
    List<RegionInfo> regions = BASALT.admin().getRegions(name);
    assertEquals(4, regions.size());
    byte[][] expectedStarts = {new byte[0], toBytes("g"), toBytes("n"), toBytes("t")};
    byte[][] expectedEnds = {toBytes("g"), toBytes("n"), toBytes("t"), new byte[0]};
    for (int i = 0; i < regions.size(); i++) {
      assertArrayEquals(expectedStarts[i], regions.get(i).getStartKey());
      assertArrayEquals(expectedEnds[i], regions.get(i).getEndKey());
    }
    assertEquals(4, BASALT.connection().getRegionLocator(name).getAllRegionLocations().size());
    dropTable(name);
  }

  @Test
  void tableStatesAreEnforcedWithHBaseExceptions() throws IOException {
    TableName name = TableName.valueOf("admin_states");
    BASALT.admin().createTable(TableDescriptorBuilder.newBuilder(name)
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of("f")).build());
    assertThrows(TableExistsException.class, () -> BASALT.admin().createTable(TableDescriptorBuilder.newBuilder(name)
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of("f")).build()));
    assertThrows(TableNotDisabledException.class, () -> BASALT.admin().deleteTable(name));
    assertThrows(TableNotDisabledException.class, () -> BASALT.admin().enableTable(name));

    try (Table table = BASALT.connection().getTable(name)) {
      table.put(new Put(toBytes("r")).addColumn(toBytes("f"), toBytes("q"), toBytes("v")));
      BASALT.admin().disableTable(name);
      assertThrows(TableNotEnabledException.class, () -> BASALT.admin().disableTable(name));
      assertThrows(TableNotEnabledException.class, () -> table.get(new Get(toBytes("r"))));
      assertThrows(TableNotEnabledException.class,
          () -> table.put(new Put(toBytes("r")).addColumn(toBytes("f"), toBytes("q"), toBytes("written"))));
      BASALT.admin().enableTable(name);
      assertArrayEquals(toBytes("v"), table.get(new Get(toBytes("r"))).getValue(toBytes("f"), toBytes("q")),
          "the put refused while the table was disabled wrote nothing");
    }
    dropTable(name);
  }

  @Test
  void unknownTablesAndNamespacesAreReported() {
    TableName missing = TableName.valueOf("admin_missing");
    assertThrows(TableNotFoundException.class, () -> BASALT.admin().getDescriptor(missing));
    assertThrows(TableNotFoundException.class, () -> BASALT.admin().disableTable(missing));
    assertThrows(NamespaceNotFoundException.class, () -> BASALT.admin().createTable(
        TableDescriptorBuilder.newBuilder(TableName.valueOf("nope", "t"))
            .setColumnFamily(ColumnFamilyDescriptorBuilder.of("f")).build()));
  }

  @Test
  void metaIsListedAsASystemTable() throws IOException {
    assertTrue(Arrays.asList(BASALT.admin().listTableNames((Pattern) null, true)).contains(TableName.META_TABLE_NAME));
    assertFalse(Arrays.asList(BASALT.admin().listTableNames()).contains(TableName.META_TABLE_NAME));
    TableDescriptor meta = BASALT.admin().getDescriptor(TableName.META_TABLE_NAME);
    assertTrue(meta.hasColumnFamily(toBytes("info")));
    assertTrue(BASALT.admin().tableExists(TableName.META_TABLE_NAME));
  }

  private static void dropTable(TableName name) throws IOException {
    BASALT.admin().disableTable(name);
    BASALT.admin().deleteTable(name);
  }
}
