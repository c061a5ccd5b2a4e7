package io.basalt.hbase.keyviz;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * What an operator looks for in a table's heatmap, found for them over the columns shown: hot ranges (runs of
 * buckets with at least {@link #HOT_FACTOR} times the table's average load per bucket), single hot rows (one row
 * taking at least {@link #HOT_ROW_SHARE} of the table's operations) and the largest rows requested.
 *
 * <p>A run of hot buckets goes on across up to {@link #BRIDGED} buckets of at least the average load when a hot one
 * follows them: such a bucket is inside the hot spot but counted below the mark, because a cut snapped to a stored row
 * left it a few rows wide, or because one request in sixteen is counted and it drew few. Without the bridge one hot
 * spot was listed as two ranges (the m rows of the browser test as m001-m298 and m300-m399 around a two-row bucket).
 */
public final class KeyDiagnostics {
  /** A bucket this many times busier than the table's average bucket is hot. */
  static final double HOT_FACTOR = 3;
  /** A row with this share of its table's operations is a hot row. */
  static final double HOT_ROW_SHARE = 0.01;
  /** Most buckets of at least the average load between two hot ones that join them into one range. */
  static final int BRIDGED = 2;
  private static final int LISTED = 10;

  /** A run of hot buckets: from {@code startRow} to {@code endRow} (exclusive; empty: the table's end). */
  public record HotRange(String table, byte[] startRow, byte[] endRow, long operations, double share) {}

  /** A row and its operations (estimated) or, for a large row, the bytes of its largest request. */
  public record RowFigure(String table, byte[] row, long value, double share) {}

  private KeyDiagnostics() {}

  /** The hot ranges of a table's columns, counted against the buckets of the latest of them, busiest first. */
  public static List<HotRange> hotRanges(String table, List<ActivityColumn> columns) {
    if (columns.isEmpty()) {
      return List.of();
    }
    KeyBuckets buckets = columns.get(columns.size() - 1).buckets();
    long[] operations = new long[buckets.count()];
    long total = 0;
    for (ActivityColumn column : columns) {
      boolean same = buckets.equals(column.buckets());
      for (int i = 0; i < column.buckets().count(); i++) {
        if (same) {
          operations[i] += column.operations()[i];
        } else {
          spread(column.operations()[i], column.buckets(), i, buckets, operations);
        }
        total += column.operations()[i];
      }
    }
    if (total == 0 || buckets.count() < 2) {
      return List.of();
    }
    double average = (double) total / buckets.count();
    double hot = HOT_FACTOR * average;
    List<HotRange> ranges = new ArrayList<>();
    int i = 0;
    while (i < operations.length) {
      if (operations[i] < hot) {
        i++;
        continue;
      }
      int first = i;
      int last = i;
      long sum = operations[i];
      for (int next = i + 1; next < operations.length && next - last <= BRIDGED + 1; next++) {
        if (operations[next] >= hot) {
          for (int j = last + 1; j <= next; j++) {
            sum += operations[j];
          }
          last = next;
        } else if (operations[next] < average) {
          break;
        }
      }
      ranges.add(new HotRange(table, buckets.start(first), buckets.end(last), sum, (double) sum / total));
      i = last + 1;
    }
    ranges.sort((a, b) -> Long.compare(b.operations(), a.operations()));
    return List.copyOf(ranges.subList(0, Math.min(LISTED, ranges.size())));
  }

  /**
   * Adds an older column's bucket to the latest buckets its keys overlap, evenly: they hold about as many stored
   * bytes each. A table's first minute, counted in one bucket before it was measured, so adds nothing hot to the
   * table's first bucket.
   */
  private static void spread(long count, KeyBuckets from, int bucket, KeyBuckets to, long[] operations) {
    int first = to.bucketOf(from.start(bucket));
    byte[] end = from.end(bucket);
    int last = to.count() - 1;
    if (end.length > 0) {
      last = to.bucketOf(end);
      if (last > first && Bytes.equals(to.start(last), end)) {
        last--;
      }
    }
    int width = last - first + 1;
    for (int i = first; i <= last; i++) {
      operations[i] += count / width + (i - first < count % width ? 1 : 0);
    }
  }

  /** Rows taking at least {@link #HOT_ROW_SHARE} of the table's operations over the columns, busiest first. */
  public static List<RowFigure> hotRows(String table, List<ActivityColumn> columns) {
    long total = 0;
    Map<String, RowFigure> rows = new HashMap<>();
    for (ActivityColumn column : columns) {
      total += column.totalOperations();
      for (RowTally.Entry entry : column.hotRows()) {
        rows.merge(Bytes.toStringBinary(entry.row()), new RowFigure(table, entry.row(), entry.value(), 0),
            (a, b) -> new RowFigure(table, a.row(), a.value() + b.value(), 0));
      }
    }
    List<RowFigure> hot = new ArrayList<>();
    for (RowFigure row : rows.values()) {
      double share = total == 0 ? 0 : (double) row.value() / total;
      if (share >= HOT_ROW_SHARE) {
        hot.add(new RowFigure(table, row.row(), row.value(), share));
      }
    }
    hot.sort((a, b) -> Long.compare(b.value(), a.value()));
    return List.copyOf(hot.subList(0, Math.min(LISTED, hot.size())));
  }

  /** The rows with the largest single requests over the columns, largest first. */
  public static List<RowFigure> largeRows(String table, List<ActivityColumn> columns) {
    Map<String, RowFigure> rows = new HashMap<>();
    for (ActivityColumn column : columns) {
      for (RowTally.Entry entry : column.largeRows()) {
        rows.merge(Bytes.toStringBinary(entry.row()), new RowFigure(table, entry.row(), entry.value(), 0),
            (a, b) -> a.value() >= b.value() ? a : b);
      }
    }
    List<RowFigure> large = new ArrayList<>(rows.values());
    large.sort((a, b) -> Long.compare(b.value(), a.value()));
    return List.copyOf(large.subList(0, Math.min(LISTED, large.size())));
  }
}
