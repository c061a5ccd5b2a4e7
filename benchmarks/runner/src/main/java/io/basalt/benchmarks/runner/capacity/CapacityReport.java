package io.basalt.benchmarks.runner.capacity;

import io.basalt.benchmarks.runner.report.Environment;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The capacity run's report: per operation, what each server did flat out, the highest rate it sustained with p99
 * within 5 ms and within 20 ms, and its CPU per call, Basalt's figures against HBase's; then every step, and the
 * issue's targets met or missed.
 */
final class CapacityReport {
  /** The operations whose capacity at p99 5 ms the target wants at least twice HBase's. */
  private static final List<String> TWICE_HBASE = List.of("get", "put", "scan100", "multiget100", "multiput100",
      "increment");
  private static final double GETS_TARGET = 20_000;

  private CapacityReport() {}

  static String render(CapacityPlan plan, List<String> description, Environment environment,
      Map<String, List<StepResult>> checks, List<OperationCapacity> capacities, Duration took) {
    StringBuilder text = new StringBuilder();
    text.append("### Capacity: Basalt and HBase ").append(environment.hbase()).append(" under the lean load generator\n\n");
    text.append("Run ").append(plan.mode()).append(" at ").append(environment.commit()).append(" on ")
        .append(environment.machine()).append(", ").append(environment.java()).append("; took ")
        .append(took.toMinutes()).append(" min.\n\n");
    for (String line : description) {
      text.append("- ").append(line).append('\n');
    }
    checks.forEach((server, results) -> text.append("- Checked on ").append(server).append(": ")
        .append(String.join(", ", results.stream().map(result -> String.format(Locale.ROOT, "%s %,.0f calls",
            result.operation(), result.callsPerSecond() * plan.checkMillis() / 1000.0)).toList()))
        .append(", every answer right\n"));
    text.append("\n| operation | flat out, calls/s (Basalt / HBase) | p99 flat out, ms | sustained at p99 ≤ 5 ms"
        + " | × | at p99 ≤ 20 ms | × | server CPU per call, µs | HBase ÷ Basalt | client CPU per call, µs |\n");
    text.append("|---|---|---|---|---|---|---|---|---|---|\n");
    for (int i = 0; i + 1 < capacities.size(); i += 2) {
      OperationCapacity basalt = capacities.get(i);
      OperationCapacity hbase = capacities.get(i + 1);
      text.append(String.format(Locale.ROOT, "| %s | %,.0f / %,.0f | %.2f / %.2f | %,.0f / %,.0f | %s | %,.0f / %,.0f"
          + " | %s | %.0f / %.0f | %s | %.1f / %.1f |%n", basalt.operation(), basalt.flatOut().callsPerSecond(),
          hbase.flatOut().callsPerSecond(), basalt.flatOut().p99Micros() / 1000, hbase.flatOut().p99Micros() / 1000,
          basalt.sustainedAt(5), hbase.sustainedAt(5), ratio(basalt.sustainedAt(5), hbase.sustainedAt(5)),
          basalt.sustainedAt(20), hbase.sustainedAt(20), ratio(basalt.sustainedAt(20), hbase.sustainedAt(20)),
          basalt.serverCpuMicros(), hbase.serverCpuMicros(), ratio(hbase.serverCpuMicros(), basalt.serverCpuMicros()),
          basalt.flatOut().clientCpuMicros(), hbase.flatOut().clientCpuMicros()));
    }
    text.append("\nTargets:\n");
    for (int i = 0; i + 1 < capacities.size(); i += 2) {
      OperationCapacity basalt = capacities.get(i);
      OperationCapacity hbase = capacities.get(i + 1);
      if (TWICE_HBASE.contains(basalt.operation())) {
        text.append("- ").append(basalt.operation()).append(" at p99 ≤ 5 ms, ≥ 2× HBase's: ")
            .append(twiceHBase(basalt.sustainedAt(5), hbase.sustainedAt(5))).append('\n');
      }
      if (basalt.operation().equals("get")) {
        text.append(String.format(Locale.ROOT, "- random in-memory gets at p99 ≤ 5 ms: %,.0f/s (target ≥ %,.0f/s):"
            + " %s%n", basalt.sustainedAt(5), GETS_TARGET, basalt.sustainedAt(5) >= GETS_TARGET ? "met" : "missed"));
      }
    }
    text.append("\nEvery step (offered calls/s → answered calls/s, p99 ms; * not sustained):\n\n");
    text.append("| operation | server | flat out | steps |\n|---|---|---|---|\n");
    for (OperationCapacity capacity : capacities) {
      StringBuilder steps = new StringBuilder();
      for (StepResult step : capacity.steps()) {
        steps.append(String.format(Locale.ROOT, "%s%,.0f → %,.0f, %.2f%s", steps.isEmpty() ? "" : "; ",
            step.offered(), step.callsPerSecond(), step.p99Micros() / 1000, step.sustained() ? "" : "*"));
      }
      text.append(String.format(Locale.ROOT, "| %s | %s | %,.0f, %.2f | %s |%n", capacity.operation(),
          capacity.server(), capacity.flatOut().callsPerSecond(), capacity.flatOut().p99Micros() / 1000, steps));
    }
    return text.toString();
  }

  private static String twiceHBase(double basalt, double hbase) {
    if (basalt == 0 && hbase == 0) {
      return "not measured: neither server sustained a step within 5 ms";
    }
    if (hbase == 0) {
      return String.format(Locale.ROOT, "met: Basalt %,.0f calls/s, HBase sustained no step within 5 ms", basalt);
    }
    double times = basalt / hbase;
    return String.format(Locale.ROOT, "%s: %,.0f against %,.0f calls/s, %.2f×", times >= 2 ? "met" : "missed",
        basalt, hbase, times);
  }

  private static String ratio(double numerator, double denominator) {
    return denominator == 0 ? "–" : String.format(Locale.ROOT, "%.2f", numerator / denominator);
  }
}
