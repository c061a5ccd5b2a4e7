package io.basalt.examples.common;

import java.util.Locale;

/** Wall-clock time since it was started, for the timings the examples print. */
public final class Stopwatch {
  private final long startedNanos = System.nanoTime();

  private Stopwatch() {}

  public static Stopwatch start() {
    return new Stopwatch();
  }

  public long millis() {
    return (System.nanoTime() - startedNanos) / 1_000_000;
  }

  public double seconds() {
    return (System.nanoTime() - startedNanos) / 1e9;
  }

  /** "840 ms" or "12.3 s". */
  @Override
  public String toString() {
    long millis = millis();
    return millis < 10_000 ? millis + " ms" : String.format(Locale.ROOT, "%.1f s", millis / 1000.0);
  }
}
