package io.basalt.conformance;

import static io.basalt.conformance.Futures.await;
import static io.basalt.conformance.TestTables.stamped;
import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Scans through the stock 2.6 {@code AsyncTable}, both {@code scanAll} and {@code getScanner}, across three
 * tablets: reversed, limited, batched, partial, raw, within a time range and with several versions.
 */
class AsyncScanShapesTest {
  @RegisterExtension
  static final ConnectedBasalt BASALT = new ConnectedBasalt();

  private static final byte[] F = toBytes("f");
  private static final byte[] G = toBytes("g");
  private static final List<String> ROWS = List.of("a", "a1", "b", "b1", "b2", "c", "c-wide", "d", "e");
  private static AsyncConnection async;
  private static AsyncTable<?> table;
  /** Rows of the version and raw tests, apart from the fixed rows above. */
  private static AsyncTable<?> history;

  @BeforeAll
  static void load() throws Exception {
    TableName name = TableName.valueOf("async_shapes");
    TestTables.create(BASALT.connection(), name, 3, new String[] {"f", "g"}, "b", "d");
    async = BASALT.asyncConnection();
    table = async.getTable(name);
    TableName historyName = TableName.valueOf("async_shapes_history");
    TestTables.create(BASALT.connection(), historyName, 3, new String[] {"f"}, "v2");
    history = async.getTable(historyName);
    List<Put> puts = new ArrayList<>();
    for (String row : ROWS) {
      if (!row.equals("c-wide")) {
        puts.add(new Put(toBytes(row)).addColumn(F, toBytes("x"), toBytes(row)).addColumn(G, toBytes("y"),
            toBytes(row)));
      }
    }
    Put wide = new Put(toBytes("c-wide"));
    for (int i = 0; i < 25; i++) {
      wide.addColumn(F, toBytes(String.format("q%02d", i)), new byte[100]);
    }
    puts.add(wide);
    await(table.putAll(puts));
  }

  @Test
  void forwardsReversedAndLimited() throws Exception {
    assertEquals(ROWS, rows(await(table.scanAll(new Scan()))));
    List<String> backwards = new ArrayList<>(ROWS);
    Collections.reverse(backwards);
    assertEquals(backwards, rows(await(table.scanAll(new Scan().setReversed(true)))));
    assertEquals(backwards, rows(scanner(new Scan().setReversed(true).setCaching(1))));
    assertEquals(List.of("d", "c-wide", "c", "b2", "b1"), rows(await(table.scanAll(new Scan().setReversed(true)
        .withStartRow(toBytes("d")).withStopRow(toBytes("b"))))));

    assertEquals(List.of("a", "a1", "b"), rows(await(table.scanAll(new Scan().setLimit(3)))));
    // The limit counts rows across tablets, in either direction.
    assertEquals(List.of("a1", "b", "b1", "b2"), rows(scanner(new Scan().withStartRow(toBytes("a1")).setLimit(4)
        .setCaching(1))));
    assertEquals(List.of("e", "d", "c-wide"), rows(await(table.scanAll(new Scan().setReversed(true).setLimit(3)))));
  }

  @Test
  void batchCutsAWideRowIntoPiecesOfThatManyCells() throws Exception {
    Scan wide = new Scan().withStartRow(toBytes("c-wide")).withStopRow(toBytes("c-wide"), true).setBatch(10);
    assertEquals(List.of(10, 10, 5), sizes(await(table.scanAll(wide))));
    assertEquals(List.of(10, 10, 5), sizes(scanner(wide)));
    // Narrow rows are whole within the batch: one family's cell of each row of the first tablet.
    assertEquals(List.of(1, 1), sizes(await(table.scanAll(new Scan().addFamily(F).withStopRow(toBytes("b"))
        .setBatch(10)))));
  }

  @Test
  void partialResultsOnlyWhenAllowed() throws Exception {
    Scan small = new Scan().withStartRow(toBytes("c-wide")).withStopRow(toBytes("c-wide"), true)
        .setMaxResultSize(300);
    List<Result> whole = await(table.scanAll(small));
    assertEquals(List.of(25), sizes(whole));
    assertFalse(whole.get(0).mayHaveMoreCellsInRow());

    for (List<Result> pieces : List.of(await(table.scanAll(small.setAllowPartialResults(true))),
        scanner(small.setAllowPartialResults(true)))) {
      assertTrue(pieces.size() > 1, "a 300-byte limit cuts a 2.5 KB row: " + sizes(pieces));
      assertEquals(25, sizes(pieces).stream().mapToInt(Integer::intValue).sum());
      assertTrue(pieces.get(0).mayHaveMoreCellsInRow());
      assertFalse(pieces.get(pieces.size() - 1).mayHaveMoreCellsInRow());
      pieces.forEach(piece -> assertEquals("c-wide", Bytes.toString(piece.getRow())));
    }
  }

  @Test
  void rawScansShowDeleteMarkersAndDeletedCells() throws Exception {
    byte[] row = toBytes("raw");
    byte[] q = toBytes("q");
    await(history.put(new Put(row).addColumn(F, q, 1, toBytes("one"))));
    await(history.put(new Put(row).addColumn(F, q, 2, toBytes("two"))));
    await(history.delete(new Delete(row).addColumn(F, q, 2)));
    Scan oneRow = new Scan().withStartRow(row).withStopRow(row, true);
    List<String> types = new ArrayList<>();
    for (Result result : await(history.scanAll(new Scan(oneRow).setRaw(true).readAllVersions()))) {
      result.listCells().forEach(c -> types.add(c.getType() + "@" + c.getTimestamp() + "=" + Bytes.toString(
          c.getValueArray(), c.getValueOffset(), c.getValueLength())));
    }
    assertEquals(List.of("Delete@2=", "Put@2=two", "Put@1=one"), types);
    assertEquals(List.of("f:q@1=one"), stampedAll(await(history.scanAll(oneRow))));
  }

  @Test
  void timeRangesAndVersions() throws Exception {
    for (long ts = 1; ts <= 4; ts++) {
      await(history.put(new Put(toBytes("v1")).addColumn(F, toBytes("q"), ts, toBytes("v" + ts))));
    }
    // In the other tablet.
    await(history.put(new Put(toBytes("v2")).addColumn(F, toBytes("q"), 10, toBytes("late"))));
    Scan versions = new Scan().withStartRow(toBytes("v")).withStopRow(toBytes("w"));

    // The family keeps three versions; the newest is the default.
    assertEquals(List.of("f:q@4=v4", "f:q@10=late"), stampedAll(await(history.scanAll(new Scan(versions)))));
    assertEquals(List.of("f:q@4=v4", "f:q@3=v3", "f:q@10=late"),
        stampedAll(await(history.scanAll(new Scan(versions).readVersions(2)))));
    assertEquals(List.of("f:q@4=v4", "f:q@3=v3", "f:q@2=v2", "f:q@10=late"),
        stampedAll(scanner(history, new Scan(versions).readAllVersions())));
    // [2, 4): the newest version in range, or all of them; the row with nothing in range is left out.
    assertEquals(List.of("f:q@3=v3"), stampedAll(await(history.scanAll(new Scan(versions).setTimeRange(2, 4)))));
    assertEquals(List.of("f:q@3=v3", "f:q@2=v2"),
        stampedAll(scanner(history, new Scan(versions).setTimeRange(2, 4).readAllVersions())));
    assertEquals(List.of("f:q@10=late"), stampedAll(await(history.scanAll(new Scan(versions).setTimestamp(10)))));
  }

  private static List<Result> scanner(Scan scan) throws Exception {
    return scanner(table, scan);
  }

  private static List<Result> scanner(AsyncTable<?> from, Scan scan) throws Exception {
    List<Result> results = new ArrayList<>();
    try (ResultScanner scanner = from.getScanner(scan)) {
      for (Result result : scanner) {
        results.add(result);
      }
    }
    return results;
  }

  private static List<String> rows(List<Result> results) {
    List<String> rows = new ArrayList<>();
    results.forEach(result -> rows.add(Bytes.toString(result.getRow())));
    return rows;
  }

  private static List<Integer> sizes(List<Result> results) {
    List<Integer> sizes = new ArrayList<>();
    results.forEach(result -> sizes.add(result.size()));
    return sizes;
  }

  private static List<String> stampedAll(List<Result> results) {
    List<String> cells = new ArrayList<>();
    results.forEach(result -> cells.addAll(stamped(result)));
    return cells;
  }
}
