package io.basalt.benchmarks.runner.cluster;

import io.basalt.benchmarks.runner.Progress;
import io.basalt.benchmarks.runner.pe.PeRunner;
import io.basalt.benchmarks.runner.pe.PeWorkload;
import io.basalt.benchmarks.runner.report.Measurement;
import io.basalt.benchmarks.runner.report.PairedResults;
import io.basalt.benchmarks.runner.report.PairedRounds;
import io.basalt.benchmarks.runner.servers.ServerUnderTest;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * PerformanceEvaluation against two Basalt servers, workload by workload, round by round: each round runs the
 * workload on both, and the server that goes first alternates between rounds, so that neither always meets the
 * machine just after the other's run (its flushes and compactions still going, the page cache as the other left
 * it).
 */
final class AlternatingRounds {
  private final ServerUnderTest first;
  private final ServerUnderTest second;
  private final ClusterPlan plan;
  private final PairedResults results;

  AlternatingRounds(ServerUnderTest first, ServerUnderTest second, ClusterPlan plan, PairedResults results) {
    this.first = first;
    this.second = second;
    this.plan = plan;
    this.results = results;
  }

  void run(PeRunner pe) throws IOException {
    List<Double> oneMinuteLoads = new ArrayList<>();
    try {
      runAll(pe, oneMinuteLoads);
    } finally {
      double[] sorted = oneMinuteLoads.stream().mapToDouble(Double::doubleValue).filter(load -> load >= 0).sorted()
          .toArray();
      if (sorted.length > 0) {
        results.load(String.format(Locale.ROOT, "1-min load after each of %d rounds %.2f–%.2f", sorted.length,
            sorted[0], sorted[sorted.length - 1]));
      }
    }
  }

  private void runAll(PeRunner pe, List<Double> oneMinuteLoads) throws IOException {
    int step = 0;
    int steps = plan.threads().size() * plan.workloads().size();
    for (int threads : plan.threads()) {
      for (PeWorkload workload : plan.workloads()) {
        step++;
        String id = "pe-" + workload.command() + "-" + threads + "t";
        if (plan.warmupRowsPerThread() > 0) {
          for (ServerUnderTest server : List.of(first, second)) {
            PeRunner.Run warmup = pe.run(server, workload, threads, plan.warmupRowsPerThread(),
                id + "-warmup-" + server.fileName());
            if (!warmup.measurement().ok()) {
              results.note(what(workload, threads) + " warm-up on " + server.name() + " failed: "
                  + warmup.measurement().failure());
            }
          }
        }
        List<Measurement> onFirst = new ArrayList<>();
        List<Measurement> onSecond = new ArrayList<>();
        List<List<Double>> secondByProcess = new ArrayList<>();
        List<Double> firstCompiling = new ArrayList<>();
        List<Double> secondCompiling = new ArrayList<>();
        for (int round = 1; round <= plan.rounds(); round++) {
          List<ServerUnderTest> order = round % 2 == 1 ? List.of(first, second) : List.of(second, first);
          for (ServerUnderTest server : order) {
            PeRunner.Run run = pe.run(server, workload, threads, plan.rowsPerThread(),
                id + "-r" + round + "-" + server.fileName());
            if (!run.measurement().ok()) {
              results.note(what(workload, threads) + " round " + round + " on " + server.name() + " failed: "
                  + run.measurement().failure());
            }
            if (server == first) {
              onFirst.add(run.measurement());
              firstCompiling.add(run.serverCompilerShare());
            } else {
              onSecond.add(run.measurement());
              secondByProcess.add(run.cpuMicrosPerOpByProcess());
              secondCompiling.add(run.serverCompilerShare());
            }
          }
          oneMinuteLoads.add(LoadAverage.oneMinute());
        }
        PairedRounds rounds = new PairedRounds(workload.command(), threads, onFirst, onSecond, secondByProcess,
            firstCompiling, secondCompiling);
        results.add(rounds);
        Progress.say("PE %d/%d %s × %d threads: %s %s | %s %s", step, steps, workload.command(), threads,
            first.name(), rounds.firstMedian(), second.name(), rounds.secondMedian());
      }
    }
  }

  private static String what(PeWorkload workload, int threads) {
    return "PerformanceEvaluation " + workload.command() + " × " + threads;
  }
}
