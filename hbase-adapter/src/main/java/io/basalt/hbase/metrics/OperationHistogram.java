package io.basalt.hbase.metrics;

import org.apache.hadoop.hbase.metrics.Snapshot;
import org.apache.hadoop.hbase.metrics.impl.HistogramImpl;

/**
 * A distribution HBase publishes as {@code <name>_num_ops} (values recorded since the server started) and the min,
 * max, mean and percentiles of the values of the last interval, with, for times and sizes, how many fell in each of
 * HBase's ranges in that interval ({@code <name>_TimeRangeCount_1-3}, only ranges that saw values).
 *
 * <p>Recording is HBase's own histogram ({@link HistogramImpl}: a {@code LongAdder} count and a 255-bin {@code
 * FastLongHistogram} laid out after the previous interval's values), so figures are estimated as HBase estimates
 * them, and {@link #update} allocates nothing (OperationHistogramTest measures it).
 *
 * <p>HBase closes an interval whenever its JMX cache refreshes (every ten seconds) and on every {@code /prometheus}
 * scrape, so two scrapers each see only what the other left. Here an interval closes when it is read at least
 * {@code intervalMillis} after the previous one closed, and every read in between sees the same closed interval.
 */
public final class OperationHistogram {
  /** The kind of range counts the histogram publishes besides its statistics. */
  public enum Ranges {
    NONE("", new long[0]),
    /** Milliseconds, as HBase's time histograms count them. */
    TIME("_TimeRangeCount_", new long[] {1, 3, 10, 30, 100, 300, 1000, 3000, 10000, 30000, 60000, 120000, 300000,
        600000}),
    /** Bytes, as HBase's size histograms count them. */
    SIZE("_SizeRangeCount_", new long[] {10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000});

    private final String infix;
    private final long[] bounds;

    Ranges(String infix, long[] bounds) {
      this.infix = infix;
      this.bounds = bounds;
    }
  }

  private final HistogramImpl histogram = new HistogramImpl();
  private final Ranges ranges;
  private final long intervalNanos;
  private Snapshot closed;
  private long closedAtNanos;

  public OperationHistogram(Ranges ranges, long intervalMillis) {
    this.ranges = ranges;
    this.intervalNanos = intervalMillis * 1_000_000;
    this.closed = histogram.snapshot();
    this.closedAtNanos = System.nanoTime();
  }

  public void update(long value) {
    histogram.update(value);
  }

  /** Values recorded since the server started. */
  public long count() {
    return histogram.getCount();
  }

  /** Writes {@code <name>_num_ops}, the last interval's statistics and its non-empty ranges. */
  public void writeTo(String name, MetricsOutput out) {
    Snapshot interval = lastInterval();
    out.counter(name + "_num_ops", histogram.getCount());
    out.gauge(name + "_min", interval.getMin());
    out.gauge(name + "_max", interval.getMax());
    out.gauge(name + "_mean", interval.getMean());
    out.gauge(name + "_25th_percentile", interval.get25thPercentile());
    out.gauge(name + "_median", interval.getMedian());
    out.gauge(name + "_75th_percentile", interval.get75thPercentile());
    out.gauge(name + "_90th_percentile", interval.get90thPercentile());
    out.gauge(name + "_95th_percentile", interval.get95thPercentile());
    out.gauge(name + "_98th_percentile", interval.get98thPercentile());
    out.gauge(name + "_99th_percentile", interval.get99thPercentile());
    out.gauge(name + "_99.9th_percentile", interval.get999thPercentile());
    long below = 0;
    long low = 0;
    for (long bound : ranges.bounds) {
      long atOrBelow = interval.getCountAtOrBelow(bound);
      if (atOrBelow > below) {
        out.counter(name + ranges.infix + low + "-" + bound, atOrBelow - below);
      }
      below = atOrBelow;
      low = bound;
    }
    if (ranges.bounds.length > 0 && interval.getCount() > below) {
      out.counter(name + ranges.infix + low + "-inf", interval.getCount() - below);
    }
  }

  private synchronized Snapshot lastInterval() {
    long now = System.nanoTime();
    if (now - closedAtNanos >= intervalNanos) {
      closed = histogram.snapshot();
      closedAtNanos = now;
    }
    return closed;
  }
}
