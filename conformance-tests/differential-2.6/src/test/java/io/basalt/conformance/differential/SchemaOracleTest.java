package io.basalt.conformance.differential;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.BasaltServerExtension;
import io.basalt.conformance.harness.HBaseOracleProcess;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.KeepDeletedCells;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.CoprocessorDescriptorBuilder;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.RetriesExhaustedException;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Schema changes and what reads see after them, DDL aimed at hbase:meta, store file trackers and coprocessors:
 * each sequence runs through the stock 2.6.4 client against Basalt and against real HBase 2.6.4, and what each
 * returns (cells, descriptors, or the exception with its class and the first line of its message) must be the
 * same. Where Basalt deliberately differs, the test says what each does.
 */
class SchemaOracleTest {
  private static final byte[] F = Bytes.toBytes("f");
  private static final byte[] Q = Bytes.toBytes("q");
  private static final byte[] ROW = Bytes.toBytes("r");
  private static final String TRACKER = "hbase.store.file-tracker.impl";
  private static final String MISSING_COPROCESSOR = "com.example.NoSuchObserver";
  private static final AtomicInteger TABLES = new AtomicInteger();

  @RegisterExtension
  static final BasaltServerExtension BASALT = new BasaltServerExtension();

  private static HBaseOracleProcess hbase;
  private static Connection hbaseConnection;
  private static Connection basaltConnection;

  @BeforeAll
  static void startServers() throws Exception {
    hbase = HBaseOracleProcess.launch("SchemaOracleTest");
    basaltConnection = ConnectionFactory.createConnection(
        clientConfiguration(BASALT.process().zookeeperHost(), BASALT.process().zookeeperPort()));
    hbaseConnection = OracleReadiness.connectWhenReady(hbase, clientConfiguration("127.0.0.1", hbase.zookeeperPort()));
  }

  @AfterAll
  static void stopServers() throws IOException {
    try {
      for (Connection connection : new Connection[] {basaltConnection, hbaseConnection}) {
        if (connection != null) {
          connection.close();
        }
      }
    } finally {
      if (hbase != null) {
        hbase.close();
      }
    }
  }

  private static Configuration clientConfiguration(String zookeeperHost, int zookeeperPort) {
    Configuration conf = HBaseConfiguration.create();
    conf.set("hbase.zookeeper.quorum", zookeeperHost);
    conf.setInt("hbase.zookeeper.property.clientPort", zookeeperPort);
    // Some sequences end in errors HBase's client retries; do not spend minutes finding out they persist.
    conf.setInt("hbase.client.retries.number", 3);
    conf.setLong("hbase.client.pause", 50);
    conf.setInt("hbase.client.operation.timeout", 60_000);
    return conf;
  }

  /** A sequence of calls against one server, on a table name no other sequence uses. */
  @FunctionalInterface
  private interface Sequence {
    String run(Connection connection, Admin admin, TableName table) throws Exception;
  }

  /** Runs the sequence on both servers and requires the same outcome; returns it. */
  private static String same(Sequence sequence) {
    TableName table = TableName.valueOf("schema_" + TABLES.incrementAndGet());
    String expected = outcome(hbaseConnection, sequence, table);
    String actual = outcome(basaltConnection, sequence, table);
    assertEquals(expected, actual, "HBase (expected) and Basalt (actual) differ");
    return actual;
  }

  private static String outcome(Connection connection, Sequence sequence, TableName table) {
    try (Admin admin = connection.getAdmin()) {
      return sequence.run(connection, admin, table);
    } catch (Exception e) {
      return failure(e);
    }
  }

  /**
   * An exception and its causes by class and first line: the rest is the server's stack, which always differs. Times
   * in milliseconds (in the names of fail-safe snapshots) are masked.
   */
  private static String failure(Throwable error) {
    StringBuilder text = new StringBuilder("threw");
    for (Throwable t = error; t != null; t = t.getCause()) {
      String message = String.valueOf(t.getMessage());
      int end = message.indexOf('\n');
      text.append(' ').append(t.getClass().getName()).append(": ").append(end < 0 ? message : message.substring(0, end));
    }
    return text.toString().replaceAll("\\d{13}", "<millis>");
  }

  // ---- What reads see after a schema change (HBase flushes each region as it closes it to reopen it)

  @Test
  void raisedVersionsShowOnlyWhatTheCloseTimeFlushKept() {
    String outcome = same((connection, admin, table) -> {
      create(admin, table, family().setMaxVersions(1));
      put(connection, table, 1, 2, 3);
      modifyFamily(admin, table, family().setMaxVersions(3));
      return versions(connection, table) + " raw " + raw(connection, table);
    });
    assertEquals("[3] raw [3/Put]", outcome);
  }

  @Test
  void eachFlushKeptTheVersionsItsOwnCellsAllowed() {
    String outcome = same((connection, admin, table) -> {
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
    assertEquals("[5, 4] then [5, 4, 3, 2, 1]", same((connection, admin, table) -> {
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
    assertEquals("[] raw [2/DeleteColumn]", same((connection, admin, table) -> {
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
    assertEquals("[new]", same((connection, admin, table) -> {
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
    assertEquals("[c]", same((connection, admin, table) -> {
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
    assertEquals("[3]", same((connection, admin, table) -> {
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
    assertEquals("[2] then []", same((connection, admin, table) -> {
      create(admin, table, family().setMaxVersions(1));
      put(connection, table, 1, 2, 3);
      String before = versions(connection, table, 0, 3);
      admin.flush(table);
      return before + " then " + versions(connection, table, 0, 3);
    }));
  }

  @Test
  void aDeletedVersionLeavesWithTheChangeAndItsMarkerStays() {
    assertEquals("[3/Put, 2/Delete, 1/Put]", same((connection, admin, table) -> {
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
    assertEquals("[4, 3]", same((connection, admin, table) -> {
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
    assertEquals("[3]", same((connection, admin, table) -> {
      create(admin, table, family().setMaxVersions(1));
      put(connection, table, 1, 2, 3);
      admin.snapshot("flushed_" + table.getQualifierAsString(), table);
      modifyFamily(admin, table, family().setMaxVersions(3));
      return versions(connection, table);
    }));
    assertEquals("[3]", same((connection, admin, table) -> {
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

  // ---- DDL aimed at hbase:meta

  @Test
  void hbaseMetaCannotBeDisabledEnabledDeletedOrTruncated() {
    TableName meta = TableName.META_TABLE_NAME;
    assertTrue(same((connection, admin, table) -> {
      admin.disableTable(meta);
      return "disabled";
    }).contains("ConstraintException: Cannot disable hbase:meta"));
    assertEquals("threw org.apache.hadoop.hbase.TableNotDisabledException: tableName=hbase:meta, state=ENABLED",
        same((connection, admin, table) -> {
          admin.enableTable(meta);
          return "enabled";
        }));
    assertEquals("threw java.io.IOException: Can't modify catalog tables", same((connection, admin, table) -> {
      admin.deleteTable(meta);
      return "deleted";
    }));
    for (boolean preserveSplits : new boolean[] {false, true}) {
      assertTrue(same((connection, admin, table) -> {
        admin.truncateTable(meta, preserveSplits);
        return "truncated";
      }).contains("TableNotDisabledException: hbase:meta"));
    }
  }

  @Test
  void hbaseMetaKeepsItsFamiliesAndDescriptor() {
    TableName meta = TableName.META_TABLE_NAME;
    assertEquals("threw org.apache.hadoop.hbase.HBaseIOException: Delete of hbase:meta column family table",
        same((connection, admin, table) -> {
          admin.deleteColumnFamily(meta, HConstants.TABLE_FAMILY);
          return "deleted";
        }));
    same((connection, admin, table) -> admin.getDescriptor(meta).toString());
    same((connection, admin, table) -> {
      create(admin, meta, family());
      return "created";
    });
  }

  /**
   * HBase alters hbase:meta's schema when asked, keeping its three families; Basalt builds hbase:meta from its
   * catalog, has no schema of it to alter, and refuses.
   */
  @Test
  void basaltRefusesToAlterHBaseMeta() throws IOException {
    TableName meta = TableName.META_TABLE_NAME;
    try (Admin admin = basaltConnection.getAdmin()) {
      TableDescriptor current = admin.getDescriptor(meta);
      assertThrows(DoNotRetryIOException.class,
          () -> admin.modifyTable(TableDescriptorBuilder.newBuilder(current).setValue("k", "v").build()));
      assertThrows(DoNotRetryIOException.class, () -> admin.addColumnFamily(meta, family().build()));
      assertThrows(DoNotRetryIOException.class, () -> admin.modifyTableStoreFileTracker(meta, "FILE"));
      assertEquals(current, admin.getDescriptor(meta));
    }
  }

  // ---- Store file trackers

  @Test
  void newTablesNameTheirStoreFileTracker() {
    assertTrue(same((connection, admin, table) -> {
      create(admin, table, family());
      return admin.getDescriptor(table).toString();
    }).contains("METADATA => {'" + TRACKER + "' => 'DEFAULT'}"));
    for (String tracker : new String[] {"FILE", "file", "DEFAULT", "",
        "org.apache.hadoop.hbase.regionserver.storefiletracker.FileBasedStoreFileTracker", "MIGRATION", "bogus"}) {
      same((connection, admin, table) -> {
        admin.createTable(TableDescriptorBuilder.newBuilder(table).setColumnFamily(family().build())
            .setValue(TRACKER, tracker).build());
        return settings(admin.getDescriptor(table));
      });
    }
    same((connection, admin, table) -> {
      admin.createTable(TableDescriptorBuilder.newBuilder(table)
          .setColumnFamily(family().setConfiguration(TRACKER, "FILE").build())
          .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(Bytes.toBytes("g")).setValue(TRACKER, "FILE")
              .build())
          .build());
      return settings(admin.getDescriptor(table));
    });
  }

  @Test
  void trackersChangeOnlyThroughMigration() {
    for (String tracker : new String[] {"FILE", "default", "bogus"}) {
      same((connection, admin, table) -> {
        create(admin, table, family());
        admin.modifyTable(TableDescriptorBuilder.newBuilder(admin.getDescriptor(table)).setValue(TRACKER, tracker)
            .build());
        return settings(admin.getDescriptor(table));
      });
    }
    same((connection, admin, table) -> {
      create(admin, table, family());
      admin.addColumnFamily(table, ColumnFamilyDescriptorBuilder.newBuilder(Bytes.toBytes("g"))
          .setConfiguration(TRACKER, "MIGRATION").build());
      return settings(admin.getDescriptor(table));
    });
    assertEquals("table[IS_META=false] f{}", same((connection, admin, table) -> {
      create(admin, table, family());
      admin.modifyTable(TableDescriptorBuilder.newBuilder(table).setColumnFamily(family().build()).build());
      return settings(admin.getDescriptor(table));
    }));
  }

  @Test
  void changeSftRecordsTheTrackerAsHBaseDoes() {
    assertEquals("table[IS_META=false, " + TRACKER + "=DEFAULT] f{" + TRACKER + "=FILE} | table[IS_META=false, "
        + TRACKER + "=FILE] f{" + TRACKER + "=FILE}", same((connection, admin, table) -> {
          create(admin, table, family());
          admin.modifyColumnFamilyStoreFileTracker(table, F, "FILE");
          String family = settings(admin.getDescriptor(table));
          admin.modifyTableStoreFileTracker(table, "FILE");
          return family + " | " + settings(admin.getDescriptor(table));
        }));
    // HBase 2.6 migrates from its server's default tracker, so it cannot leave FILE again.
    same((connection, admin, table) -> {
      create(admin, table, family());
      admin.modifyTableStoreFileTracker(table, "FILE");
      admin.modifyTableStoreFileTracker(table, "file");
      String file = settings(admin.getDescriptor(table));
      admin.modifyTableStoreFileTracker(table, "DEFAULT");
      return file + " | " + settings(admin.getDescriptor(table));
    });
    same((connection, admin, table) -> {
      create(admin, table, family());
      admin.modifyTableStoreFileTracker(table,
          "org.apache.hadoop.hbase.regionserver.storefiletracker.FileBasedStoreFileTracker");
      return settings(admin.getDescriptor(table));
    });
  }

  @Test
  void changeSftRefusesWhatHBaseRefuses() {
    same((connection, admin, table) -> {
      create(admin, table, family());
      admin.modifyTableStoreFileTracker(table, "MIGRATION");
      return "changed";
    });
    same((connection, admin, table) -> {
      create(admin, table, family());
      admin.disableTable(table);
      admin.modifyTableStoreFileTracker(table, "FILE");
      return "changed";
    });
    same((connection, admin, table) -> {
      admin.modifyTableStoreFileTracker(table, "FILE");
      return "changed";
    });
    same((connection, admin, table) -> {
      create(admin, table, family());
      admin.modifyColumnFamilyStoreFileTracker(table, Bytes.toBytes("nope"), "FILE");
      return "changed";
    });
  }

  /**
   * A tracker name HBase cannot resolve fails its master's call with an unchecked exception, which its client
   * retries until it gives up; Basalt refuses it at once.
   */
  @Test
  void anUnknownTrackerIsRefusedAtOnce() throws IOException {
    for (Connection connection : new Connection[] {hbaseConnection, basaltConnection}) {
      TableName table = TableName.valueOf("schema_" + TABLES.incrementAndGet());
      try (Admin admin = connection.getAdmin()) {
        create(admin, table, family());
        IOException refused = assertThrows(IOException.class, () -> admin.modifyTableStoreFileTracker(table, "bogus"));
        assertTrue(failure(refused).contains("ClassNotFoundException: bogus"), failure(refused));
        Class<? extends IOException> expected = connection == hbaseConnection
            ? RetriesExhaustedException.class : DoNotRetryIOException.class;
        assertInstanceOf(expected, refused);
      }
    }
  }

  @Test
  void clonesAndRestoresKeepOrSetTheTracker() {
    for (String tracker : new String[] {"", "FILE", "bogus"}) {
      same((connection, admin, table) -> {
        create(admin, table, family());
        String snapshot = "trackers_" + table.getQualifierAsString();
        admin.snapshot(snapshot, table);
        TableName clone = TableName.valueOf(table.getNameAsString() + "_clone");
        admin.cloneSnapshot(snapshot, clone, false, tracker);
        return settings(admin.getDescriptor(clone));
      });
    }
    same((connection, admin, table) -> {
      create(admin, table, family());
      String snapshot = "restore_" + table.getQualifierAsString();
      admin.snapshot(snapshot, table);
      admin.modifyTableStoreFileTracker(table, "FILE");
      admin.disableTable(table);
      admin.restoreSnapshot(snapshot);
      return settings(admin.getDescriptor(table));
    });
  }

  // ---- Coprocessors

  @Test
  void aCoprocessorIsRefusedWhenCreatingOrAltering() {
    same((connection, admin, table) -> {
      admin.createTable(TableDescriptorBuilder.newBuilder(table).setColumnFamily(family().build())
          .setCoprocessor(MISSING_COPROCESSOR).build());
      return "created";
    });
    same((connection, admin, table) -> {
      admin.createTable(TableDescriptorBuilder.newBuilder(table).setColumnFamily(family().build())
          .setValue("coprocessor$1", "|" + MISSING_COPROCESSOR + "|1001|").build());
      return "created";
    });
    same((connection, admin, table) -> {
      create(admin, table, family());
      admin.modifyTable(TableDescriptorBuilder.newBuilder(admin.getDescriptor(table))
          .setCoprocessor(MISSING_COPROCESSOR).build());
      return "altered";
    });
    same((connection, admin, table) -> {
      admin.createTable(TableDescriptorBuilder.newBuilder(table).setColumnFamily(family().build())
          .setCoprocessor(CoprocessorDescriptorBuilder.newBuilder(MISSING_COPROCESSOR).setPriority(-5).build())
          .build());
      return "created";
    });
    // An attribute HBase cannot parse as a coprocessor is kept as any other value.
    same((connection, admin, table) -> {
      admin.createTable(TableDescriptorBuilder.newBuilder(table).setColumnFamily(family().build())
          .setValue("coprocessor$1", "garbage").build());
      return settings(admin.getDescriptor(table));
    });
  }

  /**
   * HBase takes a coprocessor whose class it can load; Basalt runs none, so it refuses those too, with the message
   * HBase gives for one it cannot load.
   */
  @Test
  void basaltRefusesCoprocessorsHBaseCouldLoad() throws IOException {
    String endpoint = "org.apache.hadoop.hbase.coprocessor.MultiRowMutationEndpoint";
    TableName table = TableName.valueOf("schema_" + TABLES.incrementAndGet());
    try (Admin admin = basaltConnection.getAdmin()) {
      DoNotRetryIOException refused = assertThrows(DoNotRetryIOException.class,
          () -> admin.createTable(TableDescriptorBuilder.newBuilder(table).setColumnFamily(family().build())
              .setCoprocessor(endpoint).build()));
      assertTrue(refused.getMessage().contains("Class " + endpoint + " cannot be loaded"), refused.getMessage());
    }
  }

  // ---- Helpers

  private static ColumnFamilyDescriptorBuilder family() {
    return ColumnFamilyDescriptorBuilder.newBuilder(F);
  }

  private static void create(Admin admin, TableName table, ColumnFamilyDescriptorBuilder family) throws IOException {
    admin.createTable(TableDescriptorBuilder.newBuilder(table).setColumnFamily(family.build()).build());
  }

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

  /** The table's values and each family's configuration and tracker value: where HBase keeps tracker settings. */
  private static String settings(TableDescriptor descriptor) {
    StringBuilder text = new StringBuilder("table").append(descriptor.getValues().entrySet().stream()
        .map(e -> Bytes.toString(e.getKey().get()) + "=" + Bytes.toString(e.getValue().get())).toList());
    for (ColumnFamilyDescriptor family : descriptor.getColumnFamilies()) {
      text.append(' ').append(family.getNameAsString()).append(family.getConfiguration());
      byte[] tracker = family.getValue(Bytes.toBytes(TRACKER));
      if (tracker != null) {
        text.append(" value ").append(Bytes.toString(tracker));
      }
    }
    return text.toString();
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
