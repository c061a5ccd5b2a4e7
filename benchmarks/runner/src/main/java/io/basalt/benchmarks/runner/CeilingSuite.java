package io.basalt.benchmarks.runner;

import io.basalt.benchmarks.runner.jmh.JmhRunner;
import io.basalt.benchmarks.runner.report.BenchmarkResults;
import io.basalt.benchmarks.runner.report.CeilingComparison;
import io.basalt.benchmarks.runner.report.Comparison;
import io.basalt.benchmarks.runner.report.Measurement;
import java.io.IOException;
import java.util.Map;

/**
 * The storage microbenchmarks, run after both servers have stopped so the engine has the machine to itself, each
 * set beside the PE workload that does the same storage work through the server.
 */
final class CeilingSuite {
  /** Storage benchmark method to the PE command whose server-side storage work it is. */
  private static final Map<String, String> PE_EQUIVALENT = Map.of(
      "put", "randomWrite",
      "get", "randomRead",
      "scan100", "scanRange100",
      "incrementReadModifyWrite", "increment");

  private CeilingSuite() {}

  static void run(JmhRunner jmh, BenchmarkPlan plan, BenchmarkResults results) throws IOException {
    for (int threads : plan.jmhThreads()) {
      Map<String, Measurement> measured = jmh.run(threads);
      Measurement failure = measured.get("*");
      if (failure != null) {
        results.note("Storage microbenchmarks with " + threads + " threads failed: " + failure.failure());
        continue;
      }
      for (String operation : new String[] {"put", "get", "scan100", "incrementReadModifyWrite"}) {
        Measurement storage = measured.getOrDefault(operation, Measurement.failed("no JMH result"));
        String peWorkload = PE_EQUIVALENT.get(operation);
        results.addCeiling(new CeilingComparison(operation, peWorkload, threads, storage,
            basaltOnPe(results, peWorkload, threads)));
        Progress.say("Storage %s × %d threads: %s", operation, threads, storage);
      }
    }
  }

  private static Measurement basaltOnPe(BenchmarkResults results, String peWorkload, int threads) {
    return results.performanceEvaluation().stream()
        .filter(comparison -> comparison.workload().equals(peWorkload) && comparison.threads() == threads)
        .map(Comparison::basalt)
        .findFirst()
        .orElse(Measurement.failed("PE " + peWorkload + " with " + threads + " threads was not run"));
  }
}
