package io.basalt.hbase.keyviz;

import java.util.List;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The sampled requests of one table in the current minute, by key bucket. Each sampled request stands for {@code
 * weight} requests, so the counts are scaled when the minute closes. Latency bins are made for a bucket when its first
 * request comes: a table whose load sits in a few buckets pays for those only.
 */
final class MinuteCounts {
  /** Rows reported as the minute's most frequent and largest. */
  static final int TALLIED_ROWS = 16;
  /**
   * Rows tallied to find the most frequent: the Space-Saving tally overestimates a row by at most the sampled
   * requests over this, so a row taking a sixty-fourth of a table's load is found for sure.
   */
  static final int FREQUENT_CANDIDATES = 64;

  final KeyBuckets buckets;
  private final long startMillis;
  private final AtomicLongArray operations;
  private final AtomicLongArray readBytes;
  private final AtomicLongArray writeBytes;
  private final AtomicReferenceArray<LatencyBins> latencies;
  private volatile boolean requested;
  private final RowTally frequent = RowTally.frequent(FREQUENT_CANDIDATES);
  private final RowTally largest = RowTally.largest(TALLIED_ROWS);

  MinuteCounts(KeyBuckets buckets, long startMillis) {
    this.buckets = buckets;
    this.startMillis = startMillis;
    this.operations = new AtomicLongArray(buckets.count());
    this.readBytes = new AtomicLongArray(buckets.count());
    this.writeBytes = new AtomicLongArray(buckets.count());
    this.latencies = new AtomicReferenceArray<>(buckets.count());
  }

  long startMillis() {
    return startMillis;
  }

  boolean hasRequests() {
    return requested;
  }

  /** One sampled request on {@code row}: it read and wrote so many bytes and took {@code micros}. */
  void add(byte[] row, long read, long written, long micros, int weight) {
    int bucket = buckets.bucketOf(row);
    operations.addAndGet(bucket, 1);
    if (!requested) {
      requested = true;
    }
    if (read > 0) {
      readBytes.addAndGet(bucket, read);
    }
    if (written > 0) {
      writeBytes.addAndGet(bucket, written);
    }
    LatencyBins bins = latencies.get(bucket);
    if (bins == null) {
      latencies.compareAndSet(bucket, null, new LatencyBins());
      bins = latencies.get(bucket);
    }
    bins.add(micros);
    frequent.add(row, weight);
    if (read + written > 0) {
      largest.add(row, read + written);
    }
  }

  /** The minute as a column, counts scaled by {@code weight}. */
  ActivityColumn close(String table, int weight) {
    int count = buckets.count();
    long[] ops = new long[count];
    long[] read = new long[count];
    long[] written = new long[count];
    long[] p99 = new long[count];
    for (int i = 0; i < count; i++) {
      ops[i] = operations.get(i) * weight;
      read[i] = readBytes.get(i) * weight;
      written[i] = writeBytes.get(i) * weight;
      LatencyBins bins = latencies.get(i);
      p99[i] = bins == null ? 0 : bins.p99Micros();
    }
    List<RowTally.Entry> hot = frequent.top();
    return new ActivityColumn(table, startMillis, 1, buckets, ops, read, written, p99,
        List.copyOf(hot.subList(0, Math.min(TALLIED_ROWS, hot.size()))), largest.top());
  }
}
