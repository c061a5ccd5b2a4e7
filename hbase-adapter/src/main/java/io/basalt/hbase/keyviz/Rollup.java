package io.basalt.hbase.keyviz;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Columns of one table summed into one of a longer interval: operations and bytes add up, the p99 is the highest of
 * the parts (see {@link ActivityColumn}), frequent rows add up and large rows keep their largest. Parts counted
 * against other buckets than the first part's are counted into the bucket holding their bucket's first row.
 */
final class Rollup {
  private final String table;
  private final long startMillis;
  private final int minutes;
  private KeyBuckets buckets;
  private long[] operations;
  private long[] readBytes;
  private long[] writeBytes;
  private long[] p99;
  private final Map<String, RowTally.Entry> frequent = new HashMap<>();
  private final Map<String, RowTally.Entry> largest = new HashMap<>();

  Rollup(String table, long startMillis, int minutes) {
    this.table = table;
    this.startMillis = startMillis;
    this.minutes = minutes;
  }

  long startMillis() {
    return startMillis;
  }

  String table() {
    return table;
  }

  void add(ActivityColumn part) {
    if (buckets == null) {
      buckets = part.buckets();
      int count = buckets.count();
      operations = new long[count];
      readBytes = new long[count];
      writeBytes = new long[count];
      p99 = new long[count];
    }
    boolean same = buckets.equals(part.buckets());
    for (int i = 0; i < part.buckets().count(); i++) {
      int into = same ? i : buckets.bucketOf(part.buckets().start(i));
      operations[into] += part.operations()[i];
      readBytes[into] += part.readBytes()[i];
      writeBytes[into] += part.writeBytes()[i];
      p99[into] = Math.max(p99[into], part.p99Micros()[i]);
    }
    for (RowTally.Entry entry : part.hotRows()) {
      frequent.merge(Bytes.toStringBinary(entry.row()), entry,
          (a, b) -> new RowTally.Entry(a.row(), a.value() + b.value()));
    }
    for (RowTally.Entry entry : part.largeRows()) {
      largest.merge(Bytes.toStringBinary(entry.row()), entry, (a, b) -> a.value() >= b.value() ? a : b);
    }
  }

  boolean isEmpty() {
    return buckets == null;
  }

  ActivityColumn column() {
    return new ActivityColumn(table, startMillis, minutes, buckets, operations, readBytes, writeBytes, p99,
        top(frequent), top(largest));
  }

  private static List<RowTally.Entry> top(Map<String, RowTally.Entry> entries) {
    List<RowTally.Entry> sorted = new ArrayList<>(entries.values());
    sorted.sort((a, b) -> Long.compare(b.value(), a.value()));
    return List.copyOf(sorted.subList(0, Math.min(MinuteCounts.TALLIED_ROWS, sorted.size())));
  }
}
