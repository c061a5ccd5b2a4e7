package io.basalt.benchmarks.runner;

import io.basalt.benchmarks.runner.jmh.JmhRunner;
import io.basalt.benchmarks.runner.ycsb.YcsbRunner;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * How big a run is. {@code quick} checks the pipeline end to end in a few minutes and measures nothing worth
 * reading; {@code full} is the run whose table is published. Each size can be overridden on the command line.
 *
 * @param peRowsPerThread operations per PE client thread (PE's --rows), before each workload's own share
 * @param peWarmupRowsPerThread operations per client thread of the unmeasured PE run that precedes each workload's
 *     measured rounds on each server (0: none), so that both servers are measured with that workload's code
 *     already compiled rather than while their JIT compilers compete with it for the same cores
 * @param peWarmupRunsAtMost how many times that warm-up run is made at most on a server whose JIT compilers took
 *     {@link #SETTLED_COMPILER_SHARE} or more of its CPU in the last one
 * @param rounds how many times each PE workload runs against each server; the report takes the median
 * @param launches how many times each server is launched and timed to its first put; the report takes the median
 *     and the last launch serves the client suites
 * @param clientLimit time limit of any one client process
 */
public record BenchmarkPlan(String mode, int peRowsPerThread, int peWarmupRowsPerThread, int peWarmupRunsAtMost,
    List<Integer> peThreads, int rounds, int launches, YcsbRunner.Size ycsb, JmhRunner.Size jmh,
    List<Integer> jmhThreads, Duration clientLimit) {
  /**
   * Below this share of a server's CPU in a warm-up run, its JIT compilers are taken to have settled: a first
   * measured round had otherwise carried up to half its server CPU in compilation, a second still some.
   */
  public static final double SETTLED_COMPILER_SHARE = 0.10;

  public static BenchmarkPlan quick() {
    return new BenchmarkPlan("quick", 2_000, 200, 1, List.of(1, 4), 1, 1, new YcsbRunner.Size(5_000, 5_000, 4),
        new JmhRunner.Size(1, 2, Duration.ofSeconds(2), 10_000), List.of(1, 4), Duration.ofMinutes(10));
  }

  public static BenchmarkPlan full() {
    return new BenchmarkPlan("full", 50_000, 10_000, 4, List.of(1, 4), 2, 3,
        new YcsbRunner.Size(100_000, 100_000, 4), new JmhRunner.Size(2, 3, Duration.ofSeconds(5), 200_000),
        List.of(1, 4), Duration.ofMinutes(30));
  }

  public static BenchmarkPlan named(String mode) {
    return switch (mode) {
      case "quick" -> quick();
      case "full" -> full();
      default -> throw new IllegalArgumentException("mode is quick or full, not " + mode);
    };
  }

  public BenchmarkPlan withPeRows(int rows) {
    return new BenchmarkPlan(mode, rows, peWarmupRowsPerThread, peWarmupRunsAtMost, peThreads, rounds, launches,
        ycsb, jmh, jmhThreads, clientLimit);
  }

  public BenchmarkPlan withRounds(int count) {
    return new BenchmarkPlan(mode, peRowsPerThread, peWarmupRowsPerThread, peWarmupRunsAtMost, peThreads, count,
        launches, ycsb, jmh, jmhThreads, clientLimit);
  }

  public BenchmarkPlan withLaunches(int count) {
    return new BenchmarkPlan(mode, peRowsPerThread, peWarmupRowsPerThread, peWarmupRunsAtMost, peThreads, rounds,
        count, ycsb, jmh, jmhThreads, clientLimit);
  }

  public BenchmarkPlan withPeWarmupRows(int rows) {
    return new BenchmarkPlan(mode, peRowsPerThread, rows, peWarmupRunsAtMost, peThreads, rounds, launches, ycsb,
        jmh, jmhThreads, clientLimit);
  }

  public BenchmarkPlan withPeWarmupRunsAtMost(int runs) {
    return new BenchmarkPlan(mode, peRowsPerThread, peWarmupRowsPerThread, runs, peThreads, rounds, launches, ycsb,
        jmh, jmhThreads, clientLimit);
  }

  public BenchmarkPlan withYcsbCounts(int records, int operations) {
    return new BenchmarkPlan(mode, peRowsPerThread, peWarmupRowsPerThread, peWarmupRunsAtMost, peThreads, rounds,
        launches, new YcsbRunner.Size(records, operations, ycsb.threads()), jmh, jmhThreads, clientLimit);
  }

  /** The plan as the report states it. */
  public List<String> describe() {
    return List.of(
        String.format(Locale.ROOT, "Launch to first put: each server launched and timed %d time(s), median reported",
            launches),
        String.format(Locale.ROOT, "PerformanceEvaluation: %,d operations per client thread (scanRange100 a tenth, "
            + "checkAndMutate half), client threads %s, 1,000-byte values, %s, %d round(s) per server alternating "
            + "Basalt and HBase, median reported", peRowsPerThread, peThreads, warmupDescription(), rounds),
        String.format(Locale.ROOT, "YCSB: %,d records, %,d operations per workload, %d client threads",
            ycsb.records(), ycsb.operations(), ycsb.threads()),
        String.format(Locale.ROOT, "JMH: %,d-row table, %d warm-up and %d measured iterations of %d s, threads %s",
            jmh.rows(), jmh.warmupIterations(), jmh.measurementIterations(), jmh.iteration().toSeconds(),
            jmhThreads));
  }

  /** The PE warm-up as a report states it: "an unmeasured warm-up run of 10,000 operations per thread ...". */
  public String warmupDescription() {
    if (peWarmupRowsPerThread == 0) {
      return "no warm-up run";
    }
    String warmup = String.format(Locale.ROOT, "an unmeasured warm-up run of %,d operations per thread before each "
        + "workload's rounds on each server", peWarmupRowsPerThread);
    return peWarmupRunsAtMost == 1 ? warmup : String.format(Locale.ROOT, "%s, made again (%d runs at most) while "
        + "the server's JIT compilers took %.0f %% or more of its CPU in the last", warmup, peWarmupRunsAtMost,
        SETTLED_COMPILER_SHARE * 100);
  }
}
