package io.basalt.conformance;

import static io.basalt.conformance.TestTables.rows;
import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.BasaltServerExtension;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Reversed scans, row prefixes, batches of cells, partial rows and raw scans, across several tablets. */
class ScanShapesTest {
  @RegisterExtension
  static final BasaltServerExtension BASALT = new BasaltServerExtension();

  private static final byte[] F = toBytes("f");
  private static final byte[] G = toBytes("g");
  private static Connection connection;
  private static Table table;

  @BeforeAll
  static void load() throws IOException {
    connection = Clients.connect(BASALT.process());
    TableName name = TableName.valueOf("shapes");
    TestTables.create(connection, name, 3, new String[] {"f", "g"}, "b", "d");
    table = connection.getTable(name);
    List<Put> puts = new ArrayList<>();
    for (String row : List.of("a", "a1", "b", "b1", "b2", "c", "d", "e")) {
      puts.add(new Put(toBytes(row)).addColumn(F, toBytes("x"), toBytes(row)).addColumn(G, toBytes("y"),
          toBytes(row)));
    }
    Put wide = new Put(toBytes("c-wide"));
    for (int i = 0; i < 25; i++) {
      wide.addColumn(F, toBytes(String.format("q%02d", i)), new byte[100]);
    }
    puts.add(wide);
    table.put(puts);
  }

  @AfterAll
  static void close() throws IOException {
    table.close();
    connection.close();
  }

  @Test
  void reversedScansWalkTabletsBackwards() throws IOException {
    List<String> all = new ArrayList<>(List.of("a", "a1", "b", "b1", "b2", "c", "c-wide", "d", "e"));
    Collections.reverse(all);
    assertEquals(all, rows(table, new Scan().setReversed(true)));
    assertEquals(List.of("d", "c-wide", "c", "b2", "b1"), rows(table, new Scan().setReversed(true)
        .withStartRow(toBytes("d")).withStopRow(toBytes("b"))));
    assertEquals(List.of("c-wide", "c", "b2", "b1", "b"), rows(table, new Scan().setReversed(true)
        .withStartRow(toBytes("d"), false).withStopRow(toBytes("b"), true)));
    // The 2.6 client turns a prefix into start "b" and stop "c", which a reversed scan reads as an empty range;
    // HBase returns nothing here too.
    assertEquals(List.of(), rows(table, new Scan().setReversed(true).setRowPrefixFilter(toBytes("b"))));
    assertEquals(List.of("e", "d"), rows(table, new Scan().setReversed(true).setLimit(2)));
    assertEquals(all, rows(table, new Scan().setReversed(true).setCaching(1)));
  }

  @Test
  void rowPrefixForwards() throws IOException {
    assertEquals(List.of("b", "b1", "b2"), rows(table, new Scan().setRowPrefixFilter(toBytes("b"))));
    assertEquals(List.of("c", "c-wide"), rows(table, new Scan().setRowPrefixFilter(toBytes("c"))));
  }

  @Test
  void batchSplitsWideRowsIntoPiecesOfAtMostThatManyCells() throws IOException {
    List<Integer> sizes = new ArrayList<>();
    try (ResultScanner scanner = table.getScanner(new Scan().withStartRow(toBytes("c-wide"))
        .withStopRow(toBytes("c-wide"), true).setBatch(10))) {
      for (Result result : scanner) {
        sizes.add(result.size());
        assertEquals("c-wide", Bytes.toString(result.getRow()));
      }
    }
    assertEquals(List.of(10, 10, 5), sizes);
  }

  @Test
  void partialResultsAreReassembledUnlessTheClientAsksForThem() throws IOException {
    Scan small = new Scan().withStartRow(toBytes("c-wide")).withStopRow(toBytes("c-wide"), true)
        .setMaxResultSize(300);
    try (ResultScanner scanner = table.getScanner(small)) {
      Result whole = scanner.next();
      assertEquals(25, whole.size());
      assertFalse(whole.mayHaveMoreCellsInRow());
    }
    int cells = 0;
    int pieces = 0;
    try (ResultScanner scanner = table.getScanner(small.setAllowPartialResults(true))) {
      for (Result piece : scanner) {
        pieces++;
        cells += piece.size();
      }
    }
    assertEquals(25, cells);
    assertTrue(pieces > 1, "a 300-byte limit cuts a 2.5 KB row into pieces");
  }

  @Test
  void timeRangesAndVersions() throws IOException {
    TableName name = TableName.valueOf("shapes_versions");
    TestTables.create(connection, name, 3, new String[] {"f"}, "v2");
    try (Table versions = connection.getTable(name)) {
      for (long ts = 1; ts <= 4; ts++) {
        versions.put(new Put(toBytes("v1")).addColumn(F, toBytes("q"), ts, toBytes("v" + ts)));
      }
      versions.put(new Put(toBytes("v2")).addColumn(F, toBytes("q"), 10, toBytes("late")));

      // The family keeps three of the four versions; a scan returns the newest unless asked for more.
      assertEquals(List.of("f:q@4=v4", "f:q@10=late"), stamped(versions, new Scan()));
      assertEquals(List.of("f:q@4=v4", "f:q@3=v3", "f:q@10=late"), stamped(versions, new Scan().readVersions(2)));
      assertEquals(List.of("f:q@4=v4", "f:q@3=v3", "f:q@2=v2", "f:q@10=late"),
          stamped(versions, new Scan().readAllVersions()));
      // [2, 4): the newest version in the range, or all of them; v2 has nothing in range and is left out.
      assertEquals(List.of("f:q@3=v3"), stamped(versions, new Scan().setTimeRange(2, 4)));
      assertEquals(List.of("f:q@3=v3", "f:q@2=v2"), stamped(versions, new Scan().setTimeRange(2, 4)
          .readAllVersions()));
      assertEquals(List.of("f:q@10=late"), stamped(versions, new Scan().setTimestamp(10)));
    }
  }

  private static List<String> stamped(Table from, Scan scan) throws IOException {
    List<String> cells = new ArrayList<>();
    try (ResultScanner scanner = from.getScanner(scan)) {
      for (Result result : scanner) {
        cells.addAll(TestTables.stamped(result));
      }
    }
    return cells;
  }

  @Test
  void rawScanShowsDeleteMarkers() throws IOException {
    TableName name = TableName.valueOf("shapes_raw");
    TestTables.create(connection, name, 5, new String[] {"f"});
    try (Table raw = connection.getTable(name)) {
      raw.put(new Put(toBytes("r")).addColumn(F, toBytes("q"), 1, toBytes("one")));
      raw.put(new Put(toBytes("r")).addColumn(F, toBytes("q"), 2, toBytes("two")));
      raw.delete(new Delete(toBytes("r")).addColumn(F, toBytes("q"), 2));
      List<String> types = new ArrayList<>();
      try (ResultScanner scanner = raw.getScanner(new Scan().setRaw(true).readAllVersions())) {
        for (Result result : scanner) {
          result.listCells().forEach(c -> types.add(c.getType() + "@" + c.getTimestamp()));
        }
      }
      assertEquals(List.of("Delete@2", "Put@2", "Put@1"), types);
      assertEquals(List.of("r/f:q=one"), TestTables.cells(raw, new Scan()));
    }
  }
}
