package io.basalt.conformance.fuzz;

import java.util.List;
import java.util.Queue;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Runs many cases of one kind of bad input, some at a time. Case {@code i} of a kind draws from a random source
 * seeded by the run's seed, the kind and {@code i}, so a failure names everything needed to replay it.
 */
public final class FuzzRunner {
  private static final int MAX_REPORTED = 20;

  private FuzzRunner() {}

  /** What a kind's cases came to. */
  public record Outcome(String kind, int cases, List<String> failures, long millis) {}

  public static Outcome run(String kind, FuzzCase body, FuzzTarget target, int cases, int parallelism, long seed)
      throws InterruptedException {
    Queue<String> failures = new ConcurrentLinkedQueue<>();
    long start = System.nanoTime();
    ExecutorService pool = Executors.newFixedThreadPool(parallelism);
    try {
      for (int i = 0; i < cases; i++) {
        int index = i;
        pool.execute(() -> {
          Random random = new Random(caseSeed(seed, kind, index));
          try {
            body.run(target, random);
          } catch (Throwable e) {
            failures.add(kind + " case " + index + " (seed " + seed + "): " + e);
          }
        });
      }
    } finally {
      pool.shutdown();
    }
    if (!pool.awaitTermination(30, TimeUnit.MINUTES)) {
      pool.shutdownNow();
      failures.add(kind + ": cases still running after 30 minutes");
    }
    List<String> reported = failures.stream().limit(MAX_REPORTED).toList();
    return new Outcome(kind, cases, reported, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
  }

  static long caseSeed(long seed, String kind, int index) {
    return seed * 31 + kind.hashCode() * 1_000_003L + index;
  }
}
