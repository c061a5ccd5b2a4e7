package io.basalt.conformance.differential;

import static io.basalt.conformance.differential.SchemaSteps.F;
import static io.basalt.conformance.differential.SchemaSteps.Q;
import static io.basalt.conformance.differential.SchemaSteps.ROW;
import static io.basalt.conformance.differential.SchemaSteps.create;
import static io.basalt.conformance.differential.SchemaSteps.family;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.KeepDeletedCells;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What reads see after a schema change, compared with real HBase 2.6.4 through the stock 2.6 client. HBase closes
 * each region to reopen it with the new schema, and the close flushes the memstore: what that flush drops (versions
 * beyond the old VERSIONS, cells past the TTL, deleted versions) stays gone even when the change would now keep it.
 * Basalt's alter, disable, snapshot and split flush by the same rules, so reads after them match.
 */
class SchemaChangeOracleTest {
  @RegisterExtension
  static final BasaltAndHBase SERVERS = BasaltAndHBase.shared();

  @Test
  void raisedVersionsShowOnlyWhatTheCloseTimeFlushKept() {
    String outcome = SERVERS.same((connection, admin, table) -> {
      create(admin, table, family().setMaxVersions(1));
      put(connection, table, 1, 2, 3);
      modifyFamily(admin, table, family().setMaxVersions(3));
      return versions(connection, table) + " raw " + raw(connection, table);
    });
    assertEquals("[3] raw [3/Put]", outcome);
  }

  @Test
  void eachFlushKeptTheVersionsItsOwnCellsAllowed() {
    String outcome = SERVERS.same((connection, admin, table) -> {
      create(admin, table, family().setMaxVersions(2));
      put(connection, table, 1, 2, 3);
      admin.flush(table);
      put(connection, table, 4, 5, 6);
      modifyFamily(admin, table, family().setMaxVersions(6));
      return versions(connection, table);
    });
    assertEquals("[6, 5, 3, 2]", outcome);
  }

  @Test
  void loweredThenRaisedVersionsShowWhatTheFirstChangeKept() {
    assertEquals("[5, 4] then [5, 4, 3, 2, 1]", SERVERS.same((connection, admin, table) -> {
      create(admin, table, family().setMaxVersions(5));
      put(connection, table, 1, 2, 3, 4, 5);
      modifyFamily(admin, table, family().setMaxVersions(2));
      String lowered = versions(connection, table);
      modifyFamily(admin, table, family().setMaxVersions(5));
      return lowered + " then " + versions(connection, table);
    }));
  }

  @Test
  void cellsDeletedBeforeKeepDeletedCellsIsTurnedOnStayGone() {
    assertEquals("[] raw [2/DeleteColumn]", SERVERS.same((connection, admin, table) -> {
      create(admin, table, family().setMaxVersions(3));
      put(connection, table, 1);
      try (Table client = connection.getTable(table)) {
        client.delete(new Delete(ROW).addColumns(F, Q, 2));
      }
      modifyFamily(admin, table, family().setMaxVersions(3).setKeepDeletedCells(KeepDeletedCells.TRUE));
      return versions(connection, table, 0, 2) + " raw " + raw(connection, table);
    }));
  }

  @Test
  void cellsPastTheTtlStayGoneWhenTheTtlIsRaised() {
    assertEquals("[new]", SERVERS.same((connection, admin, table) -> {
      create(admin, table, family().setMaxVersions(3).setTimeToLive(3600));
      long now = System.currentTimeMillis();
      putValue(connection, table, now - 7_200_000, "old");
      putValue(connection, table, now - 60_000, "new");
      modifyFamily(admin, table, family().setMaxVersions(3));
      return values(connection, table);
    }));
  }

  @Test
  void minVersionsKeepTheNewestExpiredCellsThroughTheChange() {
    assertEquals("[c]", SERVERS.same((connection, admin, table) -> {
      create(admin, table, family().setMaxVersions(3).setMinVersions(1).setTimeToLive(3600));
      long now = System.currentTimeMillis();
      putValue(connection, table, now - 9_000_000, "a");
      putValue(connection, table, now - 8_000_000, "b");
      putValue(connection, table, now - 7_200_000, "c");
      modifyFamily(admin, table, family().setMaxVersions(3));
      return values(connection, table);
    }));
  }

  @Test
  void disablingFlushesAsTheRegionsClose() {
    assertEquals("[3]", SERVERS.same((connection, admin, table) -> {
      create(admin, table, family().setMaxVersions(1));
      put(connection, table, 1, 2, 3);
      admin.disableTable(table);
      modifyFamily(admin, table, family().setMaxVersions(3));
      admin.enableTable(table);
      return versions(connection, table);
    }));
  }

  @Test
  void aFlushDropsWhatTimeRangeReadsSawBeforeIt() {
    assertEquals("[2] then []", SERVERS.same((connection, admin, table) -> {
      create(admin, table, family().setMaxVersions(1));
      put(connection, table, 1, 2, 3);
      String before = versions(connection, table, 0, 3);
      admin.flush(table);
      return before + " then " + versions(connection, table, 0, 3);
    }));
  }

  @Test
  void aDeletedVersionLeavesWithTheChangeAndItsMarkerStays() {
    assertEquals("[3/Put, 2/Delete, 1/Put]", SERVERS.same((connection, admin, table) -> {
      create(admin, table, family().setMaxVersions(3));
      put(connection, table, 1, 2, 3);
      try (Table client = connection.getTable(table)) {
        client.delete(new Delete(ROW).addColumn(F, Q, 2));
      }
      modifyFamily(admin, table, family().setMaxVersions(4));
      return raw(connection, table);
    }));
  }

  @Test
  void anyChangeFlushesAndCellsWrittenAfterItFollowTheNewRules() {
    assertEquals("[4, 3]", SERVERS.same((connection, admin, table) -> {
      create(admin, table, family().setMaxVersions(1));
      put(connection, table, 1, 2, 3);
      admin.modifyTable(TableDescriptorBuilder.newBuilder(admin.getDescriptor(table)).setValue("k", "v").build());
      put(connection, table, 4);
      modifyFamily(admin, table, family().setMaxVersions(3));
      return versions(connection, table);
    }));
  }

  @Test
  void snapshotsAndSplitsFlush() {
    assertEquals("[3]", SERVERS.same((connection, admin, table) -> {
      create(admin, table, family().setMaxVersions(1));
      put(connection, table, 1, 2, 3);
      admin.snapshot("flushed_" + table.getQualifierAsString(), table);
      modifyFamily(admin, table, family().setMaxVersions(3));
      return versions(connection, table);
    }));
    assertEquals("[3]", SERVERS.same((connection, admin, table) -> {
      create(admin, table, family().setMaxVersions(1));
      put(connection, table, 1, 2, 3);
      try (Table client = connection.getTable(table)) {
        client.put(new Put(Bytes.toBytes("s")).addColumn(F, Q, 1, Bytes.toBytes("x")));
      }
      admin.split(table, Bytes.toBytes("s"));
      awaitRegions(admin, table, 2);
      modifyFamily(admin, table, family().setMaxVersions(3));
      return versions(connection, table);
    }));
  }

  // ---- Helpers

  private static void modifyFamily(Admin admin, TableName table, ColumnFamilyDescriptorBuilder family)
      throws IOException {
    admin.modifyColumnFamily(table, family.build());
  }

  private static void put(Connection connection, TableName table, long... timestamps) throws IOException {
    for (long timestamp : timestamps) {
      putValue(connection, table, timestamp, "v" + timestamp);
    }
  }

  private static void putValue(Connection connection, TableName table, long timestamp, String value)
      throws IOException {
    try (Table client = connection.getTable(table)) {
      client.put(new Put(ROW).addColumn(F, Q, timestamp, Bytes.toBytes(value)));
    }
  }

  /** The row's versions' timestamps, newest first. */
  private static String versions(Connection connection, TableName table) throws IOException {
    return versions(connection, table, 0, Long.MAX_VALUE);
  }

  private static String versions(Connection connection, TableName table, long from, long to) throws IOException {
    List<Long> timestamps = new ArrayList<>();
    try (Table client = connection.getTable(table)) {
      for (Cell cell : client.get(new Get(ROW).readAllVersions().setTimeRange(from, to)).rawCells()) {
        timestamps.add(cell.getTimestamp());
      }
    }
    return timestamps.toString();
  }

  private static String values(Connection connection, TableName table) throws IOException {
    List<String> values = new ArrayList<>();
    try (Table client = connection.getTable(table)) {
      for (Cell cell : client.get(new Get(ROW).readAllVersions()).rawCells()) {
        values.add(Bytes.toString(cell.getValueArray(), cell.getValueOffset(), cell.getValueLength()));
      }
    }
    return values.toString();
  }

  /** Every stored cell and marker of the table, as timestamp/type. */
  private static String raw(Connection connection, TableName table) throws IOException {
    List<String> cells = new ArrayList<>();
    try (Table client = connection.getTable(table);
        ResultScanner scanner = client.getScanner(new Scan().setRaw(true).readAllVersions())) {
      for (Result result : scanner) {
        for (Cell cell : result.rawCells()) {
          cells.add(cell.getTimestamp() + "/" + cell.getType());
        }
      }
    }
    return cells.toString();
  }

  private static void awaitRegions(Admin admin, TableName table, int regions) throws Exception {
    long deadline = System.currentTimeMillis() + 60_000;
    while (admin.getRegions(table).size() < regions) {
      if (System.currentTimeMillis() > deadline) {
        throw new IOException(table + " did not reach " + regions + " regions in 60 s");
      }
      Thread.sleep(100);
    }
  }
}
