package io.basalt.benchmarks.load.drive;

import java.time.Duration;

/**
 * When a run sends and when it measures, in {@link System#nanoTime()}: calls begin from {@code start} until
 * {@code end}; those begun from {@code measureFrom} on (after the warm-up) are the ones counted.
 */
public record RunWindow(long start, long measureFrom, long end) {
  public static RunWindow startingNow(Duration warmup, Duration measured) {
    long now = System.nanoTime();
    return new RunWindow(now, now + warmup.toNanos(), now + warmup.toNanos() + measured.toNanos());
  }

  boolean measured(long callStart) {
    return callStart >= measureFrom && callStart < end;
  }

  public double measuredSeconds() {
    return (end - measureFrom) / 1e9;
  }
}
