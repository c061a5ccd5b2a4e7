package io.basalt.server;

import java.util.concurrent.ForkJoinPool;
import org.slf4j.LoggerFactory;

/**
 * Gives the JVM's common fork-join pool at least two threads, set before anything uses the pool. On a machine of
 * two cores or fewer the JVM sizes that pool at one thread, and then every {@code CompletableFuture} stage run
 * "async" without an executor of its own gets a new thread instead (the JDK's {@code ThreadPerTaskExecutor}). Ratis
 * 3.1.3 runs such stages where a cluster's reads pass: a member answers each group-info question
 * ({@code RaftServerProxy.getGroupInfoAsync}) on one, and every read a leader serves waits for a round of those
 * questions (storage {@code LeaderChecks}). With one thread, each question started a thread on the member asked, and
 * starting them took most of the followers' CPU outside the JIT compilers.
 *
 * <p>Measured on the two-core development machine, quiet, a three-node cluster on loopback, the lean load
 * generator's gets of one region after 40 s of warm-up, 15 s measured, two alternating runs of each (the one-thread
 * pool set with the property below): with 4 connections of 4 gets in flight, 3,265-3,761 gets a second at a median
 * of 3.9-4.4 ms and 438-511 us of the three nodes' CPU a get with one thread, against 5,258-6,806 at 2.0-2.6 ms and
 * 240-323 us with two; one get at a time, 438-494 a second at 1.9-2.1 ms against 1,430-1,593 at 0.57-0.63 ms. A size
 * the operator sets ({@code -Djava.util.concurrent.ForkJoinPool.common.parallelism}) stands.
 */
final class CommonPool {
  static final String PARALLELISM = "java.util.concurrent.ForkJoinPool.common.parallelism";
  private static final int LEAST = 2;

  private CommonPool() {}

  /** Sets the pool's size where the operator has not and the JVM would make it smaller; before any use of it. */
  static void sizeBeforeUse() {
    String size = sizeToSet(System.getProperty(PARALLELISM), Runtime.getRuntime().availableProcessors());
    if (size != null) {
      System.setProperty(PARALLELISM, size);
    }
  }

  /**
   * The size to give the pool, or null to leave it be: an operator's setting stands, and the JVM's own size (one
   * thread fewer than the cores) where that is at least two.
   */
  static String sizeToSet(String configured, int cores) {
    return configured == null && cores - 1 < LEAST ? Integer.toString(LEAST) : null;
  }

  /** Warns if the pool was made before {@link #sizeBeforeUse} could size it: then it has the JVM's size. */
  static void warnIfTooSmall() {
    int parallelism = ForkJoinPool.getCommonPoolParallelism();
    if (parallelism < LEAST && Integer.toString(LEAST).equals(System.getProperty(PARALLELISM))) {
      LoggerFactory.getLogger(CommonPool.class).warn("The JVM's common thread pool has {} thread(s): it was made "
          + "before Basalt could size it, and each task run on it starts a thread of its own; start the JVM with "
          + "-D{}={}", parallelism, PARALLELISM, LEAST);
    }
  }
}
