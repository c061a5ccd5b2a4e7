package io.basalt.hbase.keyviz;

import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * Latencies counted in half-octave bins of microseconds (1, 1.4, 2, 2.8, 4 ... about 10 s), enough to tell a p99 within
 * a factor of 1.41 from 48 counters: a bucket's 99th percentile is a color on a heatmap, not a measurement to four
 * figures, and a thousand buckets of HBase-style 255-bin histograms would cost a megabyte per table and minute.
 */
final class LatencyBins {
  static final int BINS = 48;

  private final AtomicIntegerArray counts = new AtomicIntegerArray(BINS);

  static int binOf(long micros) {
    if (micros <= 1) {
      return 0;
    }
    int octave = 63 - Long.numberOfLeadingZeros(micros);
    // The half octave: whether the bits below the top one reach sqrt(2) (0.4142 of the octave, as 106/256).
    boolean upper = ((micros << (Long.numberOfLeadingZeros(micros) + 1)) >>> 56) >= 106;
    return Math.min(BINS - 1, 2 * octave + (upper ? 1 : 0));
  }

  /** The upper edge of bin {@code bin}, in microseconds. */
  static long upperMicros(int bin) {
    return Math.round(Math.pow(2, (bin + 1) / 2.0));
  }

  void add(long micros) {
    counts.incrementAndGet(binOf(micros));
  }

  /** The 99th percentile as the upper edge of its bin; 0 when nothing was counted. */
  long p99Micros() {
    long total = 0;
    for (int i = 0; i < BINS; i++) {
      total += counts.get(i);
    }
    if (total == 0) {
      return 0;
    }
    long rank = (long) Math.ceil(total * 0.99);
    long seen = 0;
    for (int i = 0; i < BINS; i++) {
      seen += counts.get(i);
      if (seen >= rank) {
        return upperMicros(i);
      }
    }
    return upperMicros(BINS - 1);
  }
}
