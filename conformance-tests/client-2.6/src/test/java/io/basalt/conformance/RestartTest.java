package io.basalt.conformance;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.BasaltProcess;
import io.basalt.conformance.harness.BasaltServerExtension;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Durability;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Data, schema, tablets and table state survive a restart on the same data directory. */
class RestartTest {
  private static final byte[] F = toBytes("f");
  private static final byte[] G = toBytes("g");

  private Path dataDir;

  @BeforeEach
  void createDataDir() throws IOException {
    dataDir = Files.createTempDirectory("basalt-restart-");
  }

  @AfterEach
  void removeDataDir() throws IOException {
    BasaltServerExtension.deleteRecursively(dataDir);
  }

  @Test
  void everythingWrittenIsReadBackAfterACleanRestart() throws IOException {
    TableName split = TableName.valueOf("restart_split");
    TableName disabled = TableName.valueOf("restart_disabled");
    String clusterId;
    List<RegionInfo> regionsBefore;
    try (BasaltProcess basalt = BasaltProcess.start(dataDir, "RestartTest-first");
        Connection connection = Clients.connect(basalt);
        Admin admin = connection.getAdmin()) {
      clusterId = connection.getClusterId();
      admin.createTable(TableDescriptorBuilder.newBuilder(split)
          .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(F).setMaxVersions(3).build())
          .setColumnFamily(ColumnFamilyDescriptorBuilder.of(G)).build(), new byte[][] {toBytes("row-0500")});
      admin.createTable(TableDescriptorBuilder.newBuilder(disabled)
          .setColumnFamily(ColumnFamilyDescriptorBuilder.of(F)).build());
      try (Table table = connection.getTable(split)) {
        List<Put> puts = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
          puts.add(new Put(toBytes(String.format("row-%04d", i)))
              .addColumn(F, toBytes("q"), 1, toBytes("old" + i))
              .addColumn(F, toBytes("q"), 2, toBytes("new" + i))
              .addColumn(G, toBytes("x"), toBytes(i)));
        }
        table.put(puts);
        table.delete(new Delete(toBytes("row-0007")));
        table.put(new Put(toBytes("unlogged")).addColumn(F, toBytes("q"), toBytes("kept"))
            .setDurability(Durability.SKIP_WAL));
      }
      admin.disableTable(disabled);
      admin.createNamespace(NamespaceDescriptor.create("kept").addConfiguration("k", "v").build());
      admin.addColumnFamily(disabled, ColumnFamilyDescriptorBuilder.newBuilder(G).setTimeToLive(3600).build());
      admin.balancerSwitch(false, true);
      admin.splitSwitch(false, true);
      admin.catalogJanitorSwitch(false);
      admin.snapshotCleanupSwitch(false, true);
      regionsBefore = admin.getRegions(split);
      assertEquals(0, basalt.stop(), "a clean stop exits 0");
    }

    try (BasaltProcess basalt = BasaltProcess.start(dataDir, "RestartTest-second");
        Connection connection = Clients.connect(basalt);
        Admin admin = connection.getAdmin()) {
      assertEquals(clusterId, connection.getClusterId());
      assertTrue(admin.tableExists(split));
      assertTrue(admin.isTableDisabled(disabled));
      assertEquals(3, admin.getDescriptor(split).getColumnFamily(F).getMaxVersions());
      assertEquals("v", admin.getNamespaceDescriptor("kept").getConfigurationValue("k"));
      assertEquals(3600, admin.getDescriptor(disabled).getColumnFamily(G).getTimeToLive());
      assertFalse(admin.isBalancerEnabled(), "the balancer switch is kept, as HBase keeps it in ZooKeeper");
      assertFalse(admin.isSplitEnabled());
      assertTrue(admin.isMergeEnabled());
      assertTrue(admin.isCatalogJanitorEnabled(), "the catalog janitor starts on with each master, as on HBase");
      assertFalse(admin.isSnapshotCleanupEnabled(), "the snapshot cleanup switch is kept, as HBase keeps it");
      List<RegionInfo> regionsAfter = admin.getRegions(split);
      assertEquals(regionsBefore.size(), regionsAfter.size());
      for (int i = 0; i < regionsBefore.size(); i++) {
        assertArrayEquals(regionsBefore.get(i).getRegionName(), regionsAfter.get(i).getRegionName());
      }
      try (Table table = connection.getTable(split)) {
        int rows = 0;
        try (ResultScanner scanner = table.getScanner(new Scan().readAllVersions())) {
          for (Result result : scanner) {
            String row = Bytes.toString(result.getRow());
            if (row.equals("unlogged")) {
              assertArrayEquals(toBytes("kept"), result.getValue(F, toBytes("q")));
              rows++;
              continue;
            }
            int i = Integer.parseInt(row.substring(4));
            assertEquals(2, result.getColumnCells(F, toBytes("q")).size(), row);
            assertArrayEquals(toBytes("new" + i), result.getValue(F, toBytes("q")), row);
            assertEquals(i, Bytes.toInt(result.getValue(G, toBytes("x"))), row);
            rows++;
          }
        }
        assertEquals(1000, rows, "999 rows and the one written without the log, kept by the clean stop");
        assertTrue(table.get(new Get(toBytes("row-0007"))).isEmpty());
      }
      admin.enableTable(disabled);
      assertTrue(admin.isTableEnabled(disabled));
      assertEquals(0, basalt.stop());
    }
  }

  @Test
  void acknowledgedWritesSurviveAKill() throws IOException, InterruptedException {
    TableName name = TableName.valueOf("restart_killed");
    try (BasaltProcess basalt = BasaltProcess.start(dataDir, "RestartTest-killed");
        Connection connection = Clients.connect(basalt)) {
      try (Admin admin = connection.getAdmin()) {
        admin.createTable(TableDescriptorBuilder.newBuilder(name).setColumnFamily(ColumnFamilyDescriptorBuilder.of(F))
            .build());
      }
      try (Table table = connection.getTable(name)) {
        for (int i = 0; i < 100; i++) {
          table.put(new Put(toBytes("k" + i)).addColumn(F, toBytes("q"), toBytes(i)));
        }
      }
      basalt.kill();
      assertFalse(basalt.isAlive());
    }
    try (BasaltProcess basalt = BasaltProcess.start(dataDir, "RestartTest-after-kill");
        Connection connection = Clients.connect(basalt);
        Table table = connection.getTable(name)) {
      for (int i = 0; i < 100; i++) {
        Result result = table.get(new Get(toBytes("k" + i)));
        assertEquals(i, Bytes.toInt(result.getValue(F, toBytes("q"))), Arrays.toString(result.getRow()));
      }
    }
  }
}
