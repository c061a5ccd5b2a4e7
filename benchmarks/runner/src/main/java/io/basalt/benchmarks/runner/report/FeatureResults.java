package io.basalt.benchmarks.runner.report;

import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;

/**
 * What a run measuring a feature's cost measured ({@code bin/benchmark --tls}, {@code --authorization}): each
 * workload's rounds on every server with and without it, besides what every run records.
 */
public final class FeatureResults extends RunResults {
  private final Feature feature;
  private final List<FeatureComparison> comparisons = new ArrayList<>();

  public FeatureResults(Feature feature, String mode, List<String> planDescription, Environment environment,
      ZonedDateTime started) {
    super(mode, planDescription, environment, started);
    this.feature = feature;
  }

  public Feature feature() {
    return feature;
  }

  public void add(FeatureComparison comparison) {
    comparisons.add(comparison);
  }

  public List<FeatureComparison> comparisons() {
    return comparisons;
  }
}
