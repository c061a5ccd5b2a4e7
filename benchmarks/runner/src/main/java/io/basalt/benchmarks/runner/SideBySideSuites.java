package io.basalt.benchmarks.runner;

import io.basalt.benchmarks.runner.pe.PeRunner;
import io.basalt.benchmarks.runner.pe.PeWarmup;
import io.basalt.benchmarks.runner.pe.PeWorkload;
import io.basalt.benchmarks.runner.report.BenchmarkResults;
import io.basalt.benchmarks.runner.report.Comparison;
import io.basalt.benchmarks.runner.report.Measurement;
import io.basalt.benchmarks.runner.servers.ServerUnderTest;
import io.basalt.benchmarks.runner.ycsb.YcsbResult;
import io.basalt.benchmarks.runner.ycsb.YcsbRunner;
import io.basalt.benchmarks.runner.ycsb.YcsbWorkload;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The client suites that load both servers: every run goes to Basalt and then at once to HBase, workload by
 * workload, so slow drift on a shared machine (other load, heat, page cache) falls on both alike.
 */
final class SideBySideSuites {
  private final ServerUnderTest basalt;
  private final ServerUnderTest hbase;
  private final BenchmarkPlan plan;
  private final BenchmarkResults results;

  SideBySideSuites(ServerUnderTest basalt, ServerUnderTest hbase, BenchmarkPlan plan, BenchmarkResults results) {
    this.basalt = basalt;
    this.hbase = hbase;
    this.plan = plan;
    this.results = results;
  }

  void performanceEvaluation(PeRunner pe) throws IOException {
    PeWarmup warmup = new PeWarmup(plan.peWarmupRowsPerThread(), plan.peWarmupRunsAtMost(), results::note);
    int step = 0;
    int steps = plan.peThreads().size() * PeWorkload.values().length;
    for (int threads : plan.peThreads()) {
      for (PeWorkload workload : PeWorkload.values()) {
        step++;
        warmup.warmUp(pe, workload, threads, List.of(basalt, hbase));
        List<Measurement> onBasalt = new ArrayList<>();
        List<Measurement> onHBase = new ArrayList<>();
        for (int round = 1; round <= plan.rounds(); round++) {
          String runId = "pe-" + workload.command() + "-" + threads + "t-r" + round;
          onBasalt.add(pe.run(basalt, workload, threads, plan.peRowsPerThread(), runId + "-basalt").measurement());
          onHBase.add(pe.run(hbase, workload, threads, plan.peRowsPerThread(), runId + "-hbase").measurement());
        }
        Comparison comparison = new Comparison(workload.command(), threads, Measurement.median(onBasalt),
            Measurement.median(onHBase));
        results.addPerformanceEvaluation(comparison);
        noteFailures("PerformanceEvaluation " + workload.command() + " × " + threads, comparison);
        Progress.say("PE %d/%d %s × %d threads: Basalt %s | HBase %s", step, steps, workload.command(), threads,
            comparison.basalt(), comparison.hbase());
      }
    }
  }

  void ycsb(YcsbRunner ycsb) throws IOException {
    ycsb.prepareTable(basalt);
    ycsb.prepareTable(hbase);
    record("load", ycsb.load(basalt, "ycsb-load-basalt"), ycsb.load(hbase, "ycsb-load-hbase"));
    for (YcsbWorkload workload : YcsbWorkload.values()) {
      String id = "ycsb-" + workload.name().toLowerCase();
      record(workload.name() + " (" + workload.description() + ")", ycsb.run(basalt, workload, id + "-basalt"),
          ycsb.run(hbase, workload, id + "-hbase"));
    }
  }

  private void record(String phase, YcsbResult onBasalt, YcsbResult onHBase) {
    int threads = plan.ycsb().threads();
    results.addYcsb(new Comparison(phase + ": overall", threads, onBasalt.overall(), onHBase.overall()));
    Set<String> operations = new LinkedHashSet<>(onBasalt.operations().keySet());
    operations.addAll(onHBase.operations().keySet());
    for (String operation : operations) {
      Comparison comparison = new Comparison(phase + ": " + operation, threads, onBasalt.operation(operation),
          onHBase.operation(operation));
      results.addYcsb(comparison);
      noteFailures("YCSB " + phase + " " + operation, comparison);
    }
    noteOutcome(phase, "Basalt", onBasalt);
    noteOutcome(phase, "HBase", onHBase);
    Progress.say("YCSB %s: Basalt %.0f ops/s | HBase %.0f ops/s", phase, onBasalt.overallOpsPerSecond(),
        onHBase.overallOpsPerSecond());
  }

  private void noteOutcome(String phase, String server, YcsbResult result) {
    if (!result.ok()) {
      results.note("YCSB " + phase + " on " + server + " failed: " + result.failure());
    } else if (result.errors() > 0) {
      results.note("YCSB " + phase + " on " + server + ": " + result.errors() + " operations did not return OK");
    }
  }

  private void noteFailures(String what, Comparison comparison) {
    if (!comparison.basalt().ok()) {
      results.note(what + " on Basalt failed: " + comparison.basalt().failure());
    }
    if (!comparison.hbase().ok()) {
      results.note(what + " on HBase failed: " + comparison.hbase().failure());
    }
  }
}
