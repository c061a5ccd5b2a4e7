package io.basalt.hbase.stats;

/**
 * The rate at which a count grows, over a sliding window: a sampler records the count's total now and then (once a
 * second), and the rate is the growth between the oldest and the newest sample kept, per second of time between
 * them. Missed or late samples only widen the interval they span. Synchronized: it is touched by the sampler and by
 * metrics requests, never on the request path.
 */
public final class RequestRate {
  private final long[] times;
  private final long[] totals;
  private int newest = -1;
  private int size;

  /** @param samples how many samples the window keeps (at least 2); it spans {@code samples - 1} intervals */
  public RequestRate(int samples) {
    if (samples < 2) {
      throw new IllegalArgumentException("a rate needs at least two samples, not " + samples);
    }
    this.times = new long[samples];
    this.totals = new long[samples];
  }

  /**
   * Records the count's {@code total} at {@code nowMillis}, replacing the oldest sample once the window is full.
   *
   * @return how much the count grew since the previous sample (the whole total on the first)
   */
  public synchronized long record(long nowMillis, long total) {
    long previous = size == 0 ? 0 : totals[newest];
    newest = (newest + 1) % times.length;
    times[newest] = nowMillis;
    totals[newest] = total;
    size = Math.min(size + 1, times.length);
    return total - previous;
  }

  /** How much time the samples kept span, in milliseconds: how long the rate has been measured over. */
  public synchronized long spanMillis() {
    if (size < 2) {
      return 0;
    }
    return times[newest] - times[Math.floorMod(newest - size + 1, times.length)];
  }

  /** Growth per second across the window; 0 until two samples some time apart have been recorded. */
  public synchronized double perSecond() {
    if (size < 2) {
      return 0;
    }
    int oldest = Math.floorMod(newest - size + 1, times.length);
    long millis = times[newest] - times[oldest];
    return millis <= 0 ? 0 : (totals[newest] - totals[oldest]) * 1000.0 / millis;
  }
}
