package io.basalt.hbase.keyviz;

import java.util.List;

/**
 * One table's activity over one interval (a minute, ten minutes or an hour), by key bucket: operations, bytes read and
 * written, and the 99th percentile latency in microseconds; and the rows seen most, and the largest, in that interval.
 * Counts are estimates from sampled requests (see {@link TableActivity}). A column of a longer interval gives, as its
 * p99, the highest p99 of the minutes it sums: percentiles do not add up, and the slowest minute is what a heatmap
 * should not hide.
 */
public record ActivityColumn(String table, long startMillis, int minutes, KeyBuckets buckets, long[] operations,
    long[] readBytes, long[] writeBytes, long[] p99Micros, List<RowTally.Entry> hotRows,
    List<RowTally.Entry> largeRows) {

  /** Operations of all buckets. */
  public long totalOperations() {
    long total = 0;
    for (long count : operations) {
      total += count;
    }
    return total;
  }

  public long endMillis() {
    return startMillis + minutes * 60_000L;
  }
}
