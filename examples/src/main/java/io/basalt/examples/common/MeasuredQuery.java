package io.basalt.examples.common;

import java.io.IOException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;

/**
 * A query's answer, how long it took and how many rows the server had to read for it.
 *
 * <p>The time is the fastest of {@link #RUNS} runs: the first run also pays for finding the regions and warming
 * caches, which says nothing about the row key. The rows read come from the table's region metrics around the first
 * run, and include rows a filter read and threw away.
 */
public record MeasuredQuery<T>(T answer, long millis, long rowsRead) {
  public static final int RUNS = 3;

  /** The query itself, run against the table it is measured on. */
  @FunctionalInterface
  public interface Query<T> {
    T run() throws IOException;
  }

  public static <T> MeasuredQuery<T> measure(Admin admin, TableName table, Query<T> query) throws IOException {
    RegionRequests before = RegionRequests.of(admin, table);
    Stopwatch first = Stopwatch.start();
    T answer = query.run();
    long fastest = first.millis();
    long rowsRead = RegionRequests.of(admin, table).minus(before).totalReads();
    for (int run = 1; run < RUNS; run++) {
      Stopwatch again = Stopwatch.start();
      query.run();
      fastest = Math.min(fastest, again.millis());
    }
    return new MeasuredQuery<>(answer, fastest, rowsRead);
  }
}
