package io.basalt.conformance;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.BasaltServerExtension;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Scans through a stock hbase-client 2.6 over a table split into several tablets. */
class ScanTest {
  @RegisterExtension
  static final BasaltServerExtension BASALT = new BasaltServerExtension();

  private static final byte[] F = toBytes("f");
  private static final byte[] G = toBytes("g");
  private static final TableName NAME = TableName.valueOf("scans");
  private static final int ROWS = 1000;

  private static Connection connection;
  private static Table table;

  @BeforeAll
  static void load() throws IOException {
    connection = Clients.connect(BASALT.process());
    try (Admin admin = connection.getAdmin()) {
      admin.createTable(TableDescriptorBuilder.newBuilder(NAME)
          .setColumnFamily(ColumnFamilyDescriptorBuilder.of(F))
          .setColumnFamily(ColumnFamilyDescriptorBuilder.of(G))
          .build(), new byte[][] {row(250), row(500), row(750)});
    }
    table = connection.getTable(NAME);
    List<Put> puts = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      puts.add(new Put(row(i)).addColumn(F, toBytes("i"), toBytes(i)).addColumn(G, toBytes("s"), toBytes("s" + i)));
    }
    table.put(puts);
  }

  @AfterAll
  static void close() throws IOException {
    table.close();
    connection.close();
  }

  @Test
  void fullScanReturnsEveryRowOnceInOrderAcrossTablets() throws IOException {
    assertEquals(expectedRows(0, ROWS), scanRows(new Scan()));
  }

  @Test
  void rowRangeScanCrossesTabletBoundaries() throws IOException {
    assertEquals(expectedRows(200, 800), scanRows(new Scan().withStartRow(row(200)).withStopRow(row(800))));
    assertEquals(expectedRows(200, 801),
        scanRows(new Scan().withStartRow(row(200)).withStopRow(row(800), true)));
    assertEquals(expectedRows(201, 800),
        scanRows(new Scan().withStartRow(row(200), false).withStopRow(row(800))));
    assertEquals(expectedRows(750, ROWS), scanRows(new Scan().withStartRow(row(750))));
    assertEquals(expectedRows(0, 10), scanRows(new Scan().withStopRow(row(10))));
  }

  @Test
  void smallCachingAndSmallResultSizeTakeManyRoundTrips() throws IOException {
    assertEquals(expectedRows(0, ROWS), scanRows(new Scan().setCaching(7)));
    assertEquals(expectedRows(0, ROWS), scanRows(new Scan().setMaxResultSize(512)));
  }

  @Test
  void limitAndFamilySelection() throws IOException {
    assertEquals(expectedRows(240, 270), scanRows(new Scan().withStartRow(row(240)).setLimit(30)));
    try (ResultScanner scanner = table.getScanner(new Scan().addFamily(G).withStopRow(row(5)))) {
      for (Result result : scanner) {
        assertEquals(1, result.size());
        assertTrue(result.containsColumn(G, toBytes("s")));
      }
    }
    try (ResultScanner scanner = table.getScanner(new Scan().addColumn(F, toBytes("i")))) {
      int n = 0;
      for (Result result : scanner) {
        assertEquals(n++, Bytes.toInt(result.getValue(F, toBytes("i"))));
        assertEquals(1, result.size());
      }
      assertEquals(ROWS, n);
    }
  }

  @Test
  void deletedRowsAreSkipped() throws IOException {
    TableName name = TableName.valueOf("scans_deleted");
    try (Admin admin = connection.getAdmin()) {
      admin.createTable(TableDescriptorBuilder.newBuilder(name).setColumnFamily(ColumnFamilyDescriptorBuilder.of(F))
          .build());
    }
    try (Table t = connection.getTable(name)) {
      for (int i = 0; i < 10; i++) {
        t.put(new Put(row(i)).addColumn(F, toBytes("q"), toBytes(i)));
      }
      for (int i = 0; i < 10; i += 2) {
        t.delete(new Delete(row(i)));
      }
      List<String> rows = new ArrayList<>();
      try (ResultScanner scanner = t.getScanner(new Scan().setCaching(1))) {
        for (Result result : scanner) {
          rows.add(Bytes.toString(result.getRow()));
        }
      }
      assertEquals(List.of("row-00001", "row-00003", "row-00005", "row-00007", "row-00009"), rows);
    }
  }

  @Test
  void earlyCloseReleasesTheScanner() throws IOException {
    for (int attempt = 0; attempt < 20; attempt++) {
      try (ResultScanner scanner = table.getScanner(new Scan().setCaching(2))) {
        Result first = scanner.next();
        assertArrayEquals(row(0), first.getRow());
      }
    }
    assertEquals(expectedRows(0, ROWS), scanRows(new Scan()));
  }

  private static List<String> scanRows(Scan scan) throws IOException {
    List<String> rows = new ArrayList<>();
    try (ResultScanner scanner = table.getScanner(scan)) {
      for (Result result : scanner) {
        rows.add(Bytes.toString(result.getRow()));
      }
    }
    return rows;
  }

  private static List<String> expectedRows(int from, int to) {
    List<String> rows = new ArrayList<>();
    for (int i = from; i < to; i++) {
      rows.add(Bytes.toString(row(i)));
    }
    return rows;
  }

  private static byte[] row(int i) {
    return toBytes(String.format("row-%05d", i));
  }
}
