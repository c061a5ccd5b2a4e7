package io.basalt.hbase.keyviz;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The current minute's sampled requests of one table (see {@link KeyVisualizer#sample()}). A sampled request costs a
 * binary search over the key buckets and a few atomic additions, and a short lock to tally its row. New buckets apply
 * from the next minute, so that each minute is counted against one set.
 */
final class TableActivity {
  private final String table;
  private volatile KeyBuckets buckets = KeyBuckets.whole();
  private volatile MinuteCounts current;
  /** When the buckets were last measured, in epoch millis; 0 never. */
  private volatile long bucketedAtMillis;
  /** When a measure was last asked for, in epoch millis. */
  private final AtomicLong measureAskedAtMillis = new AtomicLong(Long.MIN_VALUE / 2);

  TableActivity(String table, long minuteStartMillis) {
    this.table = table;
    this.current = new MinuteCounts(buckets, minuteStartMillis);
  }

  String table() {
    return table;
  }

  /** A sampled request on {@code row}, standing for {@code weight}, that read and wrote so many bytes. */
  void add(byte[] row, long readBytes, long writtenBytes, long nanos, int weight) {
    current.add(row, readBytes, writtenBytes, nanos / 1000, weight);
  }

  /** Whether the current minute has had a sampled request. */
  boolean hasRequests() {
    return current.hasRequests();
  }

  /** Whether to ask for a measure now: none was asked for in the last {@code periodMillis}. */
  boolean claimMeasure(long nowMillis, long periodMillis) {
    long asked = measureAskedAtMillis.get();
    return nowMillis - asked >= periodMillis && measureAskedAtMillis.compareAndSet(asked, nowMillis);
  }

  KeyBuckets buckets() {
    return buckets;
  }

  long bucketedAtMillis() {
    return bucketedAtMillis;
  }

  /** Counts against {@code measured} from the next minute on. */
  void rebucket(KeyBuckets measured, long nowMillis) {
    this.buckets = measured;
    this.bucketedAtMillis = nowMillis;
  }

  /**
   * Counts against the table's first measured buckets at once rather than from the next minute: until then the
   * minute has one bucket, which tells nothing. The requests sampled while the table was being measured (a fraction
   * of a second) are dropped with the one bucket.
   */
  void firstBuckets(KeyBuckets measured, long nowMillis) {
    rebucket(measured, nowMillis);
    MinuteCounts counting = current;
    if (counting.buckets.count() == 1) {
      current = new MinuteCounts(measured, counting.startMillis());
    }
  }

  /** The current minute so far, as a column, leaving it open. */
  ActivityColumn peek() {
    return current.close(table, KeyVisualizer.SAMPLE_PERIOD);
  }

  /**
   * Closes the current minute and starts the next at {@code nextStartMillis}; returns the closed minute's column.
   * A request racing the switch may land in the closed minute after it was read, and is lost: one sampled request
   * in a minute's thousands.
   */
  ActivityColumn roll(long nextStartMillis) {
    MinuteCounts closed = current;
    current = new MinuteCounts(buckets, nextStartMillis);
    return closed.close(table, KeyVisualizer.SAMPLE_PERIOD);
  }
}
