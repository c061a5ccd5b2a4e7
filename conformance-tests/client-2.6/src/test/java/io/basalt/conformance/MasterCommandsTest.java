package io.basalt.conformance;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.TableNotEnabledException;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.BalanceRequest;
import org.apache.hadoop.hbase.client.BalanceResponse;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Hbck;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.SnapshotDescription;
import org.apache.hadoop.hbase.client.SnapshotType;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.exceptions.MergeRegionException;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The master's commands of the 2.6 shell that a single node serves as HBase 2.6.4 serves them on one server:
 * listing tables by state, balancing, flushing hbase:meta, truncating and force-merging regions, clearing dead
 * servers, the HBCK service, and the switch and background cleanup of expired snapshots. Through the Admin and Hbck
 * calls the shell makes; {@code MasterCommandsDifferentialTest} compares the answers with real HBase.
 */
class MasterCommandsTest {
  /** Expired snapshots are looked for every 200 ms instead of HBase's 30 minutes, so a test can wait for one. */
  @RegisterExtension
  static final ConnectedBasalt BASALT =
      new ConnectedBasalt(Map.of("hbase.master.cleaner.snapshot.interval", "200"));

  private static final byte[] F = toBytes("f");
  private static final byte[] Q = toBytes("q");

  @Test
  void listsUserTablesByState() throws IOException {
    TableName on = create("by_state_on");
    TableName off = create("by_state_off");
    admin().disableTable(off);
    List<TableName> enabled = admin().listTableNamesByState(true);
    List<TableName> disabled = admin().listTableNamesByState(false);
    assertTrue(enabled.contains(on) && !enabled.contains(off), enabled.toString());
    assertTrue(disabled.contains(off) && !disabled.contains(on), disabled.toString());
    assertFalse(enabled.contains(TableName.META_TABLE_NAME), "system tables are not listed");
    List<TableName> described = new ArrayList<>();
    for (TableDescriptor descriptor : admin().listTableDescriptorsByState(false)) {
      described.add(descriptor.getTableName());
    }
    assertEquals(disabled, described);
    assertTrue(admin().listTableDescriptorsByState(false).get(disabled.indexOf(off)).hasColumnFamily(F));
  }

  @Test
  void theBalancerRunsAndFindsNothingToMoveOnOneServer() throws IOException {
    assertTrue(admin().isBalancerEnabled());
    assertTrue(admin().balance(), "HBase reports a run even when every region stays where it is");
    BalanceResponse forced = admin().balance(BalanceRequest.newBuilder().setIgnoreRegionsInTransition(true).build());
    assertTrue(forced.isBalancerRan());
    assertEquals(0, forced.getMovesCalculated());
    assertEquals(0, forced.getMovesExecuted());
    admin().balancerSwitch(false, true);
    try {
      assertFalse(admin().balance(), "switched off, the balancer does not run");
      assertTrue(admin().balance(BalanceRequest.newBuilder().setDryRun(true).build()).isBalancerRan(),
          "a dry run runs with the switch off too");
    } finally {
      admin().balancerSwitch(true, true);
    }
  }

  @Test
  void flushingHBaseMetaSucceeds() throws IOException {
    admin().flush(TableName.META_TABLE_NAME);
    // The client itself refuses hbase:meta's region name for flushRegion, with HBase as with Basalt.
    assertThrows(IllegalArgumentException.class,
        () -> admin().flushRegion(admin().getRegions(TableName.META_TABLE_NAME).get(0).getRegionName()));
    assertEquals(1, admin().getRegions(TableName.META_TABLE_NAME).size());
  }

  @Test
  void truncatingARegionEmptiesItsRowsAndKeepsItsName() throws Exception {
    TableName name = create("truncate_region", toBytes("b"), toBytes("c"));
    try (Table table = BASALT.connection().getTable(name)) {
      for (String row : List.of("a1", "b", "b1", "b2", "c", "c1")) {
        table.put(new Put(toBytes(row)).addColumn(F, Q, 1, toBytes("old")).addColumn(F, Q, 2, toBytes(row)));
      }
      table.delete(new Delete(toBytes("b2")).addColumns(F, Q, 1));
      List<RegionInfo> before = admin().getRegions(name);
      admin().truncateRegion(before.get(1).getRegionName());

      List<RegionInfo> after = admin().getRegions(name);
      assertEquals(before.size(), after.size());
      for (int i = 0; i < before.size(); i++) {
        assertArrayEquals(before.get(i).getRegionName(), after.get(i).getRegionName(), "HBase keeps the region");
      }
      assertEquals(List.of("a1", "c", "c1"), rows(table, new Scan()));
      assertEquals(List.of(), rows(table, new Scan().setRaw(true).readAllVersions()
          .withStartRow(toBytes("b")).withStopRow(toBytes("c"))), "versions and delete markers went too");
      // The region serves again at once; an older timestamp is no longer hidden by the deleted marker.
      table.put(new Put(toBytes("b2")).addColumn(F, Q, 1, toBytes("again")));
      assertArrayEquals(toBytes("again"), table.get(new Get(toBytes("b2"))).getValue(F, Q));
    }
    admin().disableTable(name);
    RegionInfo region = admin().getRegions(name).get(0);
    assertThrows(TableNotEnabledException.class, () -> admin().truncateRegion(region.getRegionName()));
  }

  @Test
  void aForcedMergeOfRegionsApartTakesInTheRegionsBetween() throws Exception {
    TableName name = create("forced_merge", toBytes("b"), toBytes("c"), toBytes("d"));
    try (Table table = BASALT.connection().getTable(name)) {
      for (String row : List.of("a1", "b1", "c1", "d1")) {
        table.put(new Put(toBytes(row)).addColumn(F, Q, toBytes(row)));
      }
      List<RegionInfo> regions = admin().getRegions(name);
      byte[][] apart = {regions.get(0).getEncodedNameAsBytes(), regions.get(2).getEncodedNameAsBytes()};
      MergeRegionException refused = assertThrows(MergeRegionException.class,
          () -> admin().mergeRegionsAsync(apart, false).get(60, TimeUnit.SECONDS));
      assertTrue(refused.getMessage().contains("Unable to merge non-adjacent or non-overlapping regions"),
          refused.getMessage());

      admin().mergeRegionsAsync(apart, true).get(60, TimeUnit.SECONDS);
      List<RegionInfo> merged = admin().getRegions(name);
      assertEquals(2, merged.size());
      assertArrayEquals(new byte[0], merged.get(0).getStartKey());
      assertArrayEquals(toBytes("d"), merged.get(0).getEndKey());
      for (int i = 0; i < 3; i++) {
        assertTrue(merged.get(0).getRegionId() > regions.get(i).getRegionId(), "the merged region is newest");
      }
      assertEquals(List.of("a1", "b1", "c1", "d1"), rows(table, new Scan()));
      assertArrayEquals(toBytes("b1"), table.get(new Get(toBytes("b1"))).getValue(F, Q));
    }
  }

  @Test
  void noServerIsDeadSoNoneCanBeCleared() throws IOException {
    ServerName unknown = ServerName.valueOf("gone.example.com", 16020, 1234);
    assertEquals(List.of(), admin().listDeadServers());
    assertEquals(List.of(unknown), admin().clearDeadServers(List.of(unknown)));
    assertEquals(List.of(), admin().clearDeadServers(List.of()));
  }

  @Test
  void hbckAnswersWhatAppliesAndRefusesTheRest() throws IOException {
    try (Hbck hbck = BASALT.connection().getHbck()) {
      assertTrue(hbck.runHbckChore());
      hbck.fixMeta();
      assertEquals(List.of(), hbck.scheduleSCPsForUnknownServers());
      // Every procedure finished inside its call, and HBase bypasses neither a finished nor an unknown one.
      assertEquals(List.of(false, false), hbck.bypassProcedure(List.of(1L, 987654321L), 1000, false, false));
      String region = admin().getRegions(create("hbck_refused")).get(0).getEncodedName();
      IOException refused = assertThrows(IOException.class, () -> hbck.assigns(List.of(region)));
      assertTrue(causes(refused).contains("HbckService.Assigns is not supported"), causes(refused));
    }
  }

  @Test
  void expiredSnapshotsAreDeletedWhileCleanupIsOn() throws Exception {
    TableName name = create("snapshot_cleanup");
    assertTrue(admin().isSnapshotCleanupEnabled(), "on by default, as on HBase");
    assertTrue(admin().snapshotCleanupSwitch(false, true));
    assertFalse(admin().isSnapshotCleanupEnabled());
    long anHourAgo = System.currentTimeMillis() - 3_600_000;
    admin().snapshot(new SnapshotDescription("cleanup_expired", name, SnapshotType.FLUSH, null, anHourAgo, -1,
        Map.of("TTL", 60L)));
    admin().snapshot("cleanup_forever", name);
    admin().snapshot("cleanup_later", name, Map.of("TTL", 3600L));
    assertTrue(snapshotNames().contains("cleanup_expired"), "cleanup is off");

    assertFalse(admin().snapshotCleanupSwitch(true, false));
    long deadline = System.currentTimeMillis() + 30_000;
    while (snapshotNames().contains("cleanup_expired")) {
      assertTrue(System.currentTimeMillis() < deadline, "the expired snapshot was not deleted within 30 s");
      Thread.sleep(50);
    }
    assertTrue(snapshotNames().containsAll(List.of("cleanup_forever", "cleanup_later")), snapshotNames().toString());
  }

  private static List<String> snapshotNames() throws IOException {
    return admin().listSnapshots().stream().map(SnapshotDescription::getName).toList();
  }

  private static String causes(Throwable error) {
    StringBuilder text = new StringBuilder();
    for (Throwable cause = error; cause != null; cause = cause.getCause()) {
      text.append(cause).append('\n');
    }
    return text.toString();
  }

  private static List<String> rows(Table table, Scan scan) throws IOException {
    List<String> rows = new ArrayList<>();
    try (ResultScanner scanner = table.getScanner(scan)) {
      for (Result result : scanner) {
        rows.add(Bytes.toString(result.getRow()));
      }
    }
    return rows;
  }

  private static TableName create(String table, byte[]... splits) throws IOException {
    TableName name = TableName.valueOf(table);
    TableDescriptor descriptor =
        TableDescriptorBuilder.newBuilder(name).setColumnFamily(ColumnFamilyDescriptorBuilder.of(F)).build();
    if (splits.length == 0) {
      admin().createTable(descriptor);
    } else {
      admin().createTable(descriptor, splits);
    }
    return name;
  }

  private static Admin admin() {
    return BASALT.admin();
  }
}
