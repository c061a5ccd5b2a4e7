package io.basalt.benchmarks.runner.report;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.Set;

/** Checks a run against Basalt's performance targets (docs/benchmarks.md) and says which were met, with why not. */
public final class TargetCheck {
  /** The PE workloads whose storage work is a single-row read or write, and the storage operation doing it. */
  private static final Set<String> SINGLE_ROW_STORAGE_OPERATIONS = Set.of("get", "put");
  private static final double THROUGHPUT_FACTOR = 2.0;
  private static final double CEILING_FACTOR = 2.0;
  private static final Duration FIRST_PUT_LIMIT = Duration.ofSeconds(1);

  /** A target, whether this run met it, and the evidence. */
  public record Verdict(String target, String outcome, String evidence) {}

  private TargetCheck() {}

  public static List<Verdict> check(BenchmarkResults results) {
    return List.of(throughput(results), p99(results), firstPut(results), ceiling(results));
  }

  private static Verdict throughput(BenchmarkResults results) {
    List<String> misses = new ArrayList<>();
    for (Comparison comparison : results.performanceEvaluation()) {
      OptionalDouble ratio = comparison.throughputRatio();
      if (ratio.isEmpty() || ratio.getAsDouble() < THROUGHPUT_FACTOR) {
        misses.add(label(comparison) + " " + Format.ratio(ratio) + "×");
      }
    }
    return verdict("Basalt ≥ 2× HBase throughput on every PE workload", results.performanceEvaluation().isEmpty(),
        misses);
  }

  private static Verdict p99(BenchmarkResults results) {
    List<String> misses = new ArrayList<>();
    for (Comparison comparison : results.performanceEvaluation()) {
      OptionalDouble ratio = comparison.p99Ratio();
      if (ratio.isEmpty() || ratio.getAsDouble() > 1.0) {
        misses.add(label(comparison) + " " + Format.ratio(ratio) + "×");
      }
    }
    return verdict("Basalt p99 no worse than HBase's on every PE workload", results.performanceEvaluation().isEmpty(),
        misses);
  }

  private static Verdict firstPut(BenchmarkResults results) {
    Duration basalt = results.launchToFirstPut("Basalt");
    if (basalt == null) {
      return new Verdict("Launch to first put < 1 s", "not measured", "Basalt did not start");
    }
    boolean met = basalt.compareTo(FIRST_PUT_LIMIT) < 0;
    int launches = results.launchesToFirstPut("Basalt").size();
    String evidence = "Basalt " + Format.seconds(basalt)
        + (launches > 1 ? ", the median of " + launches + " launches" : "");
    return new Verdict("Launch to first put < 1 s", met ? "met" : "missed", evidence);
  }

  private static Verdict ceiling(BenchmarkResults results) {
    List<String> misses = new ArrayList<>();
    List<String> seen = new ArrayList<>();
    for (CeilingComparison comparison : results.ceiling()) {
      if (!SINGLE_ROW_STORAGE_OPERATIONS.contains(comparison.storageOperation())) {
        continue;
      }
      OptionalDouble factor = comparison.ceilingOverServer();
      String item = comparison.peWorkload() + " × " + comparison.threads() + " at 1/" + Format.ratio(factor)
          + " of the ceiling";
      seen.add(item);
      if (factor.isEmpty() || factor.getAsDouble() > CEILING_FACTOR) {
        misses.add(item);
      }
    }
    String target = "Basalt within 2× of the storage ceiling for single-row reads and writes";
    if (seen.isEmpty()) {
      return new Verdict(target, "not measured", "no storage or PE result to compare");
    }
    return misses.isEmpty() ? new Verdict(target, "met", String.join("; ", seen))
        : new Verdict(target, "missed", String.join("; ", misses));
  }

  private static Verdict verdict(String target, boolean nothingMeasured, List<String> misses) {
    if (nothingMeasured) {
      return new Verdict(target, "not measured", "PerformanceEvaluation was not run");
    }
    return misses.isEmpty() ? new Verdict(target, "met", "every workload")
        : new Verdict(target, "missed", String.format(Locale.ROOT, "%d missed: %s", misses.size(),
            String.join(", ", misses)));
  }

  private static String label(Comparison comparison) {
    return comparison.workload() + " × " + comparison.threads();
  }
}
