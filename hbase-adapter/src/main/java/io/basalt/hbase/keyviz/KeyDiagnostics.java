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
 */
public final class KeyDiagnostics {
  /** A bucket this many times busier than the table's average bucket is hot. */
  static final double HOT_FACTOR = 3;
  /** A row with this share of its table's operations is a hot row. */
  static final double HOT_ROW_SHARE = 0.01;
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
        operations[same ? i : buckets.bucketOf(column.buckets().start(i))] += column.operations()[i];
        total += column.operations()[i];
      }
    }
    if (total == 0 || buckets.count() < 2) {
      return List.of();
    }
    double hot = HOT_FACTOR * total / buckets.count();
    List<HotRange> ranges = new ArrayList<>();
    for (int i = 0; i < operations.length; i++) {
      if (operations[i] < hot) {
        continue;
      }
      int first = i;
      long sum = 0;
      while (i < operations.length && operations[i] >= hot) {
        sum += operations[i++];
      }
      ranges.add(new HotRange(table, buckets.start(first), buckets.end(i - 1), sum, (double) sum / total));
    }
    ranges.sort((a, b) -> Long.compare(b.operations(), a.operations()));
    return List.copyOf(ranges.subList(0, Math.min(LISTED, ranges.size())));
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
