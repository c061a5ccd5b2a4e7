package io.basalt.conformance.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.mapreduce.FinishedJobCounters;
import org.apache.hadoop.hbase.mapreduce.RowCounter;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.CounterGroup;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * HBase 2.6.4's RowCounter, run as {@code hbase rowcounter} runs it, counts the same on Basalt as on real HBase
 * over the same three-region sample: a row range together with a column (a row-range filter and a column
 * selection on every region's scan), a time range, and the delete markers of each kind that a raw scan returns.
 */
class RowCounterTest {
  @RegisterExtension
  static final BasaltAndHBase SERVERS = new BasaltAndHBase();

  private static TableName table;

  @TempDir
  Path work;

  @BeforeAll
  static void writeTheSampleOnBoth() throws IOException {
    table = SERVERS.newTable("rowcounter");
    for (Server server : SERVERS.both()) {
      SampleTable.createAndLoad(server, table);
    }
  }

  @Test
  void countsTheRowsOfARangeThatHaveAColumn() throws Exception {
    String[] args = {table.getNameAsString(), "--range=" + SampleTable.rowKey(10) + "," + SampleTable.rowKey(45),
        "f:b"};
    Map<String, Long> hbase = count(SERVERS.hbase(), args);
    Map<String, Long> basalt = count(SERVERS.basalt(), args);

    assertEquals(hbase, basalt, "RowCounter's counters on HBase (expected) and Basalt (actual)");
    // Both the range and the column must have narrowed the count, or this compares less than it claims to.
    long rows = basalt.get("ROWS");
    long inRange = rowsBetween(SERVERS.hbase(), SampleTable.rowKey(10), SampleTable.rowKey(45));
    assertTrue(rows > 0 && rows < inRange, rows + " rows have f:b among the " + inRange + " in the range");
  }

  @Test
  void countsTheRowsWithCellsOfATimeRange() throws Exception {
    // The second and third writes: rows whose deletes hide them, or whose only cells are older or newer, drop out.
    String[] args = {table.getNameAsString(), "--starttime=" + SampleTable.T[1], "--endtime=" + SampleTable.T[2]};
    Map<String, Long> hbase = count(SERVERS.hbase(), args);
    Map<String, Long> basalt = count(SERVERS.basalt(), args);

    assertEquals(hbase, basalt, "RowCounter's counters on HBase (expected) and Basalt (actual)");
    long rows = basalt.get("ROWS");
    assertTrue(rows > 0 && rows < SampleTable.ROWS, rows + " of the " + SampleTable.ROWS
        + " rows have cells written at " + SampleTable.T[1] + " that no delete hides");
  }

  @Test
  void countsDeleteMarkersOfEveryKind() throws Exception {
    String[] args = {table.getNameAsString(), "--countDeleteMarkers"};
    Map<String, Long> hbase = count(SERVERS.hbase(), args);
    Map<String, Long> basalt = count(SERVERS.basalt(), args);

    assertEquals(hbase, basalt, "RowCounter's counters on HBase (expected) and Basalt (actual)");
    for (String kind : new String[] {"DELETE", "DELETE_COLUMN", "DELETE_FAMILY", "DELETE_FAMILY_VERSION"}) {
      assertTrue(basalt.getOrDefault(kind, 0L) > 0, "the sample holds markers counted as " + kind + ": " + basalt);
    }
  }

  /** Runs RowCounter against {@code server}; returns its own counters (those of its mapper) by name. */
  private Map<String, Long> count(Server server, String... args) throws Exception {
    RowCounter rowCounter = new RowCounter();
    server.run(rowCounter, work.resolve(server.name()), args);
    CounterGroup group = FinishedJobCounters.of(rowCounter)
        .getGroup(RowCounter.class.getName() + "$RowCounterMapper$Counters");
    Map<String, Long> counters = new TreeMap<>();
    for (Counter counter : group) {
      counters.put(counter.getName(), counter.getValue());
    }
    return counters;
  }

  /** Rows from {@code start} (inclusive) to {@code stop} (exclusive), counted by a plain client scan. */
  private static long rowsBetween(Server server, String start, String stop) throws IOException {
    long rows = 0;
    try (Table t = server.connection().getTable(table);
        ResultScanner scanner = t.getScanner(new Scan().withStartRow(Bytes.toBytes(start))
            .withStopRow(Bytes.toBytes(stop)))) {
      while (scanner.next() != null) {
        rows++;
      }
    }
    return rows;
  }
}
