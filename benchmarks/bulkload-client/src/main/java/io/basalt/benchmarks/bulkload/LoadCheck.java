package io.basalt.benchmarks.bulkload;

import java.io.IOException;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.filter.FilterList;
import org.apache.hadoop.hbase.filter.FirstKeyOnlyFilter;
import org.apache.hadoop.hbase.filter.KeyOnlyFilter;

/**
 * Whether a load left the table it should: its rows counted by a scan that returns each row's first key and no
 * value (what HBase's RowCounter scans with, without its MapReduce job), and a sample of rows read whole and
 * compared with the cells the data makes (every region's first and last row, and {@code samples} rows drawn at
 * random).
 */
final class LoadCheck {
  private LoadCheck() {}

  /** Prints {@code [bulkload] checked rows=N sampled=K wrong=W millis=T}; W lists nothing when all matched. */
  static void check(Connection connection, TableName name, BenchmarkRows data, int samples) throws IOException {
    long started = System.nanoTime();
    long rows = 0;
    int sampled = 0;
    StringBuilder wrong = new StringBuilder();
    try (Table table = connection.getTable(name)) {
      Scan scan = new Scan().setFilter(new FilterList(new FirstKeyOnlyFilter(), new KeyOnlyFilter()))
          .setCaching(10_000).setCacheBlocks(false);
      try (ResultScanner scanner = table.getScanner(scan)) {
        for (Result row = scanner.next(); row != null; row = scanner.next()) {
          rows++;
        }
      }
      SplittableRandom random = new SplittableRandom(42);
      for (int region = 0; region < data.regions(); region++) {
        long end = region + 1 == data.regions() ? data.rows() : data.firstRowOf(region + 1);
        sampled += sample(table, data, data.firstRowOf(region), wrong) + sample(table, data, end - 1, wrong);
      }
      for (int i = 0; i < samples; i++) {
        sampled += sample(table, data, random.nextLong(data.rows()), wrong);
      }
    }
    System.out.printf("[bulkload] checked rows=%d sampled=%d wrong=%s millis=%d%n", rows, sampled,
        wrong.length() == 0 ? "none" : wrong.toString(), (System.nanoTime() - started) / 1_000_000);
  }

  /** Reads row {@code index} and adds it to {@code wrong} unless it holds exactly its one cell; returns 1. */
  private static int sample(Table table, BenchmarkRows data, long index, StringBuilder wrong) throws IOException {
    Result result = table.get(new Get(data.row(index)));
    Cell[] cells = result.rawCells();
    boolean right = cells != null && cells.length == 1
        && CellUtil.matchingColumn(cells[0], BenchmarkRows.FAMILY, BenchmarkRows.QUALIFIER)
        && cells[0].getTimestamp() == BenchmarkRows.TIMESTAMP
        && Arrays.equals(CellUtil.cloneValue(cells[0]), data.value(index));
    if (!right) {
      wrong.append(wrong.length() == 0 ? "" : ",").append(index);
    }
    return 1;
  }
}
