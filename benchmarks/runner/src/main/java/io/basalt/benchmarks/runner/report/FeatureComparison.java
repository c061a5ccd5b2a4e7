package io.basalt.benchmarks.runner.report;

import java.util.List;

/**
 * One workload at one client thread count measured on each server without a feature and with it, in the same
 * rounds.
 *
 * @param systems each server's rounds without and with the feature, in the report's order (Basalt, then HBase)
 */
public record FeatureComparison(String workload, int threads, List<WithAndWithout> systems) {
  public FeatureComparison {
    systems = List.copyOf(systems);
  }
}
