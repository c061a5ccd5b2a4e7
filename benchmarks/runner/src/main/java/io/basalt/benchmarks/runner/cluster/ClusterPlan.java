package io.basalt.benchmarks.runner.cluster;

import io.basalt.benchmarks.runner.pe.PeWorkload;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How big a run of the two-Basalt comparisons is ({@code bin/benchmark --cluster}, {@code --baseline-jar}): a few
 * PerformanceEvaluation workloads that cover the paths replication changes (a write, a read behind the leader's
 * read barrier, a scan, a read-modify-write), alternating the two servers round by round, and for the cluster the
 * failover measurement. {@code quick} checks the pipeline; {@code full} is the published run.
 *
 * @param workloads the PE commands, writes first so that the reads find rows
 * @param rowsPerThread PE operations per client thread, before each workload's own share
 * @param warmupRowsPerThread operations per thread of one unmeasured run of each workload on each server before
 *     its rounds (0: none), so that the rounds do not measure the JIT compilers reaching the workload's code
 * @param rounds measured runs per workload and server; the report gives the median and the range, the noise
 * @param failovers how many times the leader of the most tablets is killed (cluster only)
 * @param clientLimit time limit of any one client process
 */
public record ClusterPlan(String mode, List<PeWorkload> workloads, List<Integer> threads, int rowsPerThread,
    int warmupRowsPerThread, int rounds, int failovers, Duration clientLimit) {

  private static final List<PeWorkload> WORKLOADS = List.of(PeWorkload.SEQUENTIAL_WRITE, PeWorkload.RANDOM_WRITE,
      PeWorkload.RANDOM_READ, PeWorkload.SCAN, PeWorkload.INCREMENT);

  public static ClusterPlan quick() {
    return new ClusterPlan("quick", WORKLOADS, List.of(1), 1_000, 0, 1, 1, Duration.ofMinutes(10));
  }

  /**
   * Sized for a cluster on a shared two-core machine: there a single-row write to the cluster is an fsynced Raft
   * round costing tens of milliseconds, and an increment more (first measured: 28-33 writes and 5-7 increments per
   * second at one client thread, with the machine's load at 10-30), so 1,000 operations per thread is a run of half
   * a minute to three minutes on the cluster, and three rounds of each side give the noise within the hour.
   */
  public static ClusterPlan full() {
    return new ClusterPlan("full", WORKLOADS, List.of(1, 4), 1_000, 200, 3, 6, Duration.ofMinutes(30));
  }

  public static ClusterPlan named(String mode) {
    return switch (mode) {
      case "quick" -> quick();
      case "full" -> full();
      default -> throw new IllegalArgumentException("mode is quick or full, not " + mode);
    };
  }

  public ClusterPlan withRows(int rows) {
    return new ClusterPlan(mode, workloads, threads, rows, warmupRowsPerThread, rounds, failovers, clientLimit);
  }

  public ClusterPlan withWarmupRows(int rows) {
    return new ClusterPlan(mode, workloads, threads, rowsPerThread, rows, rounds, failovers, clientLimit);
  }

  public ClusterPlan withRounds(int count) {
    return new ClusterPlan(mode, workloads, threads, rowsPerThread, warmupRowsPerThread, count, failovers,
        clientLimit);
  }

  public ClusterPlan withFailovers(int count) {
    return new ClusterPlan(mode, workloads, threads, rowsPerThread, warmupRowsPerThread, rounds, count, clientLimit);
  }

  /** The plan as the report states it. */
  public List<String> describe(boolean withFailover) {
    String commands = workloads.stream().map(PeWorkload::command).collect(Collectors.joining(", "));
    String pe = String.format(Locale.ROOT, "PerformanceEvaluation %s: %,d operations per client thread, client "
        + "threads %s, 1,000-byte values, %s, %d round(s) per server, the two servers alternating and taking turns "
        + "to go first; median and range reported", commands, rowsPerThread, threads,
        warmupRowsPerThread == 0 ? "no warm-up run" : String.format(Locale.ROOT, "an unmeasured warm-up run of "
            + "%,d operations per thread before each workload's rounds on each server", warmupRowsPerThread), rounds);
    if (!withFailover) {
      return List.of(pe);
    }
    return List.of(pe, String.format(Locale.ROOT, "Failover: %d SIGKILL(s) of the node leading the most tablets "
        + "of a 6-tablet table, one stock client thread writing to each tablet without pause, default settings",
        failovers));
  }
}
