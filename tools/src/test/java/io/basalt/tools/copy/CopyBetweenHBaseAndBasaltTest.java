package io.basalt.tools.copy;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.BasaltProcess;
import io.basalt.conformance.harness.BasaltServerExtension;
import io.basalt.conformance.harness.HBaseOracleProcess;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Real HBase 2.6.4 to Basalt and back with {@code basalt copy}: a pre-split table with versions, a TTL, delete
 * markers of every type (with puts hidden behind them) and a row wider than one scan response. After each copy
 * both sides must hold the same cells, raw and as reads see them, and the tool's own comparison must agree.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CopyBetweenHBaseAndBasaltTest {
  private static final TableName ORDERS = TableName.valueOf("app", "orders");
  private static final TableName ORDERS_BACK = TableName.valueOf("app", "orders_back");
  private static final byte[] D = toBytes("d");
  private static final byte[] T = toBytes("t");
  private static final byte[] Q = toBytes("q");
  private static final byte[][] SPLITS = {toBytes("g"), toBytes("p")};
  private static final long READY_TIMEOUT_MILLIS = 180_000;
  /** Near now, so the TTL family's cells are alive. */
  private static final long BASE = System.currentTimeMillis() - 3_600_000;

  private static HBaseOracleProcess hbaseProcess;
  private static Path basaltData;
  private static BasaltProcess basaltProcess;
  private static Connection hbase;
  private static Connection basalt;

  @BeforeAll
  static void startBothAndLoadHBase() throws Exception {
    hbaseProcess = HBaseOracleProcess.launch("CopyBetweenHBaseAndBasaltTest");
    basaltData = Files.createTempDirectory("basalt-copy-");
    basaltProcess = BasaltProcess.start(basaltData, "CopyBetweenHBaseAndBasaltTest");
    basalt = ConnectionFactory.createConnection(
        client(basaltProcess.zookeeperHost(), basaltProcess.zookeeperPort()));
    hbase = ConnectionFactory.createConnection(client("127.0.0.1", hbaseProcess.zookeeperPort()));
    createSourceTableWhenHBaseIsReady();
    try (Table table = hbase.getTable(ORDERS)) {
      load(table);
    }
  }

  @AfterAll
  static void stopBoth() throws IOException {
    for (AutoCloseable closeable : new AutoCloseable[] {hbase, basalt, basaltProcess, hbaseProcess}) {
      try {
        if (closeable != null) {
          closeable.close();
        }
      } catch (Exception e) {
        throw new IOException("cleanup failed", e);
      }
    }
    if (basaltData != null) {
      BasaltServerExtension.deleteRecursively(basaltData);
    }
  }

  @Test
  @Order(1)
  void copiesRealHBaseIntoBasaltCellForCell() throws Exception {
    Run copy = copy("--from", hbaseCluster(), "--to", basaltCluster(), "--tables", ORDERS.getNameAsString());
    assertEquals(0, copy.exit(), copy.output());
    assertTrue(copy.output().contains("EQUAL app:orders and app:orders"), copy.output());
    assertTrue(copy.output().contains("region boundaries match (3 regions"), copy.output());

    assertEquals(rawCells(hbase, ORDERS), rawCells(basalt, ORDERS));
    assertEquals(visibleCells(hbase, ORDERS), visibleCells(basalt, ORDERS));
    assertEquals(List.of("", "g", "p"), startKeys(basalt, ORDERS));
    try (Admin admin = basalt.getAdmin()) {
      TableDescriptor copied = admin.getDescriptor(ORDERS);
      assertEquals(3, copied.getColumnFamily(D).getMaxVersions());
      assertEquals(10 * 86_400, copied.getColumnFamily(T).getTimeToLive());
    }
    expectedReads(basalt, ORDERS);
  }

  @Test
  @Order(2)
  void copyingAgainIntoTheSameTableChangesNothing() throws Exception {
    List<String> before = rawCells(basalt, ORDERS);
    Run again = copy("--from", hbaseCluster(), "--to", basaltCluster(), "--tables", ORDERS.getNameAsString());
    assertEquals(0, again.exit(), again.output());
    assertTrue(again.output().contains("(existing table)"), again.output());
    assertEquals(before, rawCells(basalt, ORDERS));
  }

  @Test
  @Order(3)
  void copiesBasaltBackIntoRealHBase() throws Exception {
    Run back = copy("--from", basaltCluster(), "--to", hbaseCluster(), "--tables", ORDERS.getNameAsString(),
        "--rename", ORDERS.getNameAsString() + "=" + ORDERS_BACK.getNameAsString());
    assertEquals(0, back.exit(), back.output());
    assertTrue(back.output().contains("EQUAL app:orders and app:orders_back"), back.output());
    assertEquals(rawCells(hbase, ORDERS), rawCells(hbase, ORDERS_BACK));
    assertEquals(visibleCells(hbase, ORDERS), visibleCells(hbase, ORDERS_BACK));
    assertEquals(List.of("", "g", "p"), startKeys(hbase, ORDERS_BACK));
    expectedReads(hbase, ORDERS_BACK);
  }

  @Test
  @Order(4)
  void verificationReportsACorruptedCell() throws Exception {
    try (Table table = basalt.getTable(ORDERS)) {
      table.put(new Put(toBytes("b001")).addColumn(D, Q, BASE + 1, toBytes("corrupted")));
    }
    Run verify = copy("--from", hbaseCluster(), "--to", basaltCluster(), "--tables", ORDERS.getNameAsString(),
        "--verify-only");
    assertEquals(1, verify.exit(), verify.output());
    assertTrue(verify.output().contains("DIFFERENT app:orders and app:orders"), verify.output());
    assertTrue(verify.output().contains("0 only on the source, 0 only on the target, 1 with another value"),
        verify.output());
    assertTrue(verify.output().contains("value differs: b001/d:q/" + (BASE + 1) + "/Put value v1-1"),
        verify.output());
  }

  @Test
  @Order(5)
  void aMissingSourceTableIsAClearError() {
    Run missing = copy("--from", hbaseCluster(), "--to", basaltCluster(), "--tables", "app:no_such_table");
    assertEquals(1, missing.exit(), missing.output());
    assertTrue(missing.output().contains("the source has no table app:no_such_table"), missing.output());
  }

  /** The reads an application would make, with the answers HBase's delete semantics give. */
  private static void expectedReads(Connection connection, TableName name) throws IOException {
    try (Table table = connection.getTable(name)) {
      assertNull(table.get(new Get(toBytes("h-deleted-column")).addColumn(D, Q)).getValue(D, Q),
          "a DeleteColumn marker hides the older puts, also one written after it");
      assertArrayEquals(toBytes("six"), table.get(new Get(toBytes("m-deleted-version")).addColumn(D, Q))
          .getValue(D, Q));
      Result family = table.get(new Get(toBytes("q-deleted-family")));
      assertNull(family.getValue(D, Q));
      assertArrayEquals(toBytes("kept"), family.getValue(T, Q));
      Result familyVersion = table.get(new Get(toBytes("s-deleted-family-version")).readAllVersions());
      assertEquals(List.of(BASE + 8, BASE + 6), familyVersion.getColumnCells(D, Q).stream()
          .map(Cell::getTimestamp).toList());
      assertTrue(table.get(new Get(toBytes("w-deleted-row"))).isEmpty());
      assertEquals(2_500, table.get(new Get(toBytes("z-wide"))).size());
      assertEquals(3, table.get(new Get(toBytes("b001")).readAllVersions()).getColumnCells(D, Q).size());
    }
  }

  private static void load(Table table) throws IOException {
    List<Put> puts = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      byte[] row = toBytes(String.format("%c%03d", 'a' + i % 26, i));
      Put put = new Put(row);
      for (int version = 1; version <= 1 + i % 4; version++) {
        put.addColumn(D, Q, BASE + version, toBytes("v" + i % 26 + "-" + version));
      }
      put.addColumn(T, Q, BASE, toBytes("t" + i));
      puts.add(put);
    }
    puts.add(new Put(toBytes("b001")).addColumn(D, Q, BASE + 1, toBytes("v1-1"))
        .addColumn(D, Q, BASE + 2, toBytes("v1-2")).addColumn(D, Q, BASE + 3, toBytes("v1-3")));
    table.put(puts);

    byte[] column = toBytes("h-deleted-column");
    table.put(new Put(column).addColumn(D, Q, BASE + 1, toBytes("one")).addColumn(D, Q, BASE + 2, toBytes("two")));
    table.delete(new Delete(column).addColumns(D, Q, BASE + 2));
    table.put(new Put(column).addColumn(D, Q, BASE + 1, toBytes("older, written after the marker")));

    byte[] version = toBytes("m-deleted-version");
    table.put(new Put(version).addColumn(D, Q, BASE + 5, toBytes("five")).addColumn(D, Q, BASE + 6,
        toBytes("six")));
    table.delete(new Delete(version).addColumn(D, Q, BASE + 5));

    byte[] family = toBytes("q-deleted-family");
    table.put(new Put(family).addColumn(D, Q, BASE + 1, toBytes("gone")).addColumn(T, Q, BASE + 1,
        toBytes("kept")));
    table.delete(new Delete(family).addFamily(D, BASE + 10));

    byte[] familyVersion = toBytes("s-deleted-family-version");
    table.put(new Put(familyVersion).addColumn(D, Q, BASE + 6, toBytes("6")).addColumn(D, Q, BASE + 7,
        toBytes("7")).addColumn(D, Q, BASE + 8, toBytes("8")));
    table.delete(new Delete(familyVersion).addFamilyVersion(D, BASE + 7));

    byte[] row = toBytes("w-deleted-row");
    table.put(new Put(row).addColumn(D, Q, BASE + 1, toBytes("x")).addColumn(T, Q, BASE + 1, toBytes("y")));
    table.delete(new Delete(row, BASE + 20));

    // Wider than one 4 MiB scan response: the copy must reassemble nothing and lose nothing.
    Put wide = new Put(toBytes("z-wide"));
    byte[] value = new byte[2_000];
    Arrays.fill(value, (byte) 'w');
    for (int i = 0; i < 2_500; i++) {
      wide.addColumn(D, toBytes(String.format("c%04d", i)), BASE, value);
    }
    table.put(wide);
  }

  private static void createSourceTableWhenHBaseIsReady() throws Exception {
    TableDescriptor descriptor = TableDescriptorBuilder.newBuilder(ORDERS)
        .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(D).setMaxVersions(3).build())
        .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(T).setTimeToLive(10 * 86_400).build())
        .build();
    long deadline = System.currentTimeMillis() + READY_TIMEOUT_MILLIS;
    while (true) {
      try (Admin admin = hbase.getAdmin()) {
        admin.createNamespace(NamespaceDescriptor.create("app").build());
        admin.createTable(descriptor, SPLITS);
        return;
      } catch (IOException e) {
        if (!hbaseProcess.isAlive() || System.currentTimeMillis() > deadline) {
          throw new IOException("HBase did not become ready; see " + hbaseProcess.log(), e);
        }
        Thread.sleep(1_000);
      }
    }
  }

  /** Every stored cell (all versions, delete markers included), in order, as text. */
  private static List<String> rawCells(Connection connection, TableName name) throws IOException {
    return cells(connection, name, new Scan().setRaw(true).readAllVersions());
  }

  /** Every cell a reader sees. */
  private static List<String> visibleCells(Connection connection, TableName name) throws IOException {
    return cells(connection, name, new Scan().readAllVersions());
  }

  private static List<String> cells(Connection connection, TableName name, Scan scan) throws IOException {
    List<Cell> cells = new ArrayList<>();
    try (Table table = connection.getTable(name); ResultScanner scanner = table.getScanner(scan)) {
      for (Result result : scanner) {
        cells.addAll(Arrays.asList(result.rawCells()));
      }
    }
    List<Cell> sorted = new ArrayList<>(cells);
    sorted.sort(CellComparator.getInstance());
    assertEquals(sorted, cells, "a scan returned cells out of HBase's order");
    return cells.stream().map(cell -> cell + " " + Bytes.toStringBinary(CellUtil.cloneValue(cell))).toList();
  }

  private static List<String> startKeys(Connection connection, TableName name) throws IOException {
    try (RegionLocator locator = connection.getRegionLocator(name)) {
      return Arrays.stream(locator.getStartKeys()).map(Bytes::toString).sorted().toList();
    }
  }

  private static Configuration client(String zookeeperHost, int zookeeperPort) {
    Configuration conf = HBaseConfiguration.create();
    conf.set("hbase.zookeeper.quorum", zookeeperHost);
    conf.setInt("hbase.zookeeper.property.clientPort", zookeeperPort);
    return conf;
  }

  private static String hbaseCluster() {
    return "127.0.0.1:" + hbaseProcess.zookeeperPort();
  }

  private static String basaltCluster() {
    return basaltProcess.zookeeperHost() + ":" + basaltProcess.zookeeperPort();
  }

  private static Run copy(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit = CopyCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Run(exit, out.toString(StandardCharsets.UTF_8) + err.toString(StandardCharsets.UTF_8));
  }

  private record Run(int exit, String output) {}
}
