package io.basalt.benchmarks.runner.feature;

import io.basalt.benchmarks.runner.BenchmarkPlan;
import io.basalt.benchmarks.runner.Progress;
import io.basalt.benchmarks.runner.cluster.LoadAverage;
import io.basalt.benchmarks.runner.pe.PeRunner;
import io.basalt.benchmarks.runner.pe.PeWarmup;
import io.basalt.benchmarks.runner.pe.PeWorkload;
import io.basalt.benchmarks.runner.report.Feature;
import io.basalt.benchmarks.runner.report.FeatureComparison;
import io.basalt.benchmarks.runner.report.FeatureResults;
import io.basalt.benchmarks.runner.report.Measurement;
import io.basalt.benchmarks.runner.report.WithAndWithout;
import io.basalt.benchmarks.runner.servers.ServerUnderTest;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The single-row put and get of the default run (PE randomWrite and randomRead, with its client, sizes, thread
 * counts and warm-up) on every server of a run measuring a feature's cost (TLS, authorization), each without the
 * feature and with it. At each thread count the table is first filled as the default run fills it before those two
 * workloads, by a sequentialWrite of the same size (unmeasured here), so that every get finds its row. Each round
 * then runs the workload on every server; the two servers of one system run one right after the other, the one
 * going first alternating from round to round, so that neither always meets the machine just after the other's run
 * (its flushes still going, the page cache as the other left it).
 */
public final class FeatureRounds {
  public static final List<PeWorkload> WORKLOADS = List.of(PeWorkload.RANDOM_WRITE, PeWorkload.RANDOM_READ);
  private static final PeWorkload FILL = PeWorkload.SEQUENTIAL_WRITE;

  /** One system served without the feature and, by another process of it, with it. */
  public record Pair(String system, ServerUnderTest without, ServerUnderTest with) {}

  private final List<Pair> pairs;
  private final BenchmarkPlan plan;
  private final FeatureResults results;

  public FeatureRounds(List<Pair> pairs, BenchmarkPlan plan, FeatureResults results) {
    this.pairs = List.copyOf(pairs);
    this.plan = plan;
    this.results = results;
  }

  public void run(PeRunner pe) throws IOException {
    PeWarmup warmup = new PeWarmup(plan.peWarmupRowsPerThread(), plan.peWarmupRunsAtMost(), results::note);
    List<ServerUnderTest> servers = pairs.stream().flatMap(pair -> List.of(pair.without(), pair.with()).stream())
        .toList();
    int step = 0;
    int steps = plan.peThreads().size() * WORKLOADS.size();
    for (int threads : plan.peThreads()) {
      fill(pe, threads, servers);
      for (PeWorkload workload : WORKLOADS) {
        step++;
        warmup.warmUp(pe, workload, threads, servers);
        FeatureComparison comparison = rounds(pe, workload, threads);
        results.add(comparison);
        Progress.say("PE %d/%d %s × %d threads: %s", step, steps, workload.command(), threads,
            comparison.systems().stream().map(system -> describe(system, results.feature())).collect(Collectors.joining(" | ")));
      }
      results.load("after the runs at " + threads + " thread(s) " + LoadAverage.read());
    }
  }

  private void fill(PeRunner pe, int threads, List<ServerUnderTest> servers) throws IOException {
    for (ServerUnderTest server : servers) {
      PeRunner.Run fill = pe.run(server, FILL, threads, plan.peRowsPerThread(),
          "pe-" + FILL.command() + "-" + threads + "t-fill-" + server.fileName());
      if (!fill.measurement().ok()) {
        results.note(what(FILL, threads) + " filling the table on " + server.name() + " failed: "
            + fill.measurement().failure());
      }
    }
  }

  private FeatureComparison rounds(PeRunner pe, PeWorkload workload, int threads) throws IOException {
    Map<ServerUnderTest, List<Measurement>> measured = new LinkedHashMap<>();
    for (int round = 1; round <= plan.rounds(); round++) {
      for (Pair pair : pairs) {
        List<ServerUnderTest> order = round % 2 == 1 ? List.of(pair.without(), pair.with())
            : List.of(pair.with(), pair.without());
        for (ServerUnderTest server : order) {
          Measurement run = pe.run(server, workload, threads, plan.peRowsPerThread(),
              "pe-" + workload.command() + "-" + threads + "t-r" + round + "-" + server.fileName()).measurement();
          if (!run.ok()) {
            results.note(what(workload, threads) + " round " + round + " on " + server.name() + " failed: "
                + run.failure());
          }
          measured.computeIfAbsent(server, key -> new ArrayList<>()).add(run);
        }
      }
    }
    List<WithAndWithout> systems = pairs.stream().map(pair -> new WithAndWithout(pair.system(),
        measured.get(pair.without()), measured.get(pair.with()))).toList();
    return new FeatureComparison(workload.command(), threads, systems);
  }

  private static String describe(WithAndWithout system, Feature feature) {
    return system.system() + " " + system.withoutMedian() + ", " + feature.withIt() + " " + system.withMedian();
  }

  private static String what(PeWorkload workload, int threads) {
    return "PerformanceEvaluation " + workload.command() + " × " + threads;
  }
}
