package io.basalt.benchmarks.runner.report;

import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;

/**
 * What a TLS run measured ({@code bin/benchmark --tls}): each workload's rounds on the four servers, besides what
 * every run records.
 */
public final class TlsResults extends RunResults {
  private final List<TlsComparison> comparisons = new ArrayList<>();

  public TlsResults(String mode, List<String> planDescription, Environment environment, ZonedDateTime started) {
    super(mode, planDescription, environment, started);
  }

  public void add(TlsComparison comparison) {
    comparisons.add(comparison);
  }

  public List<TlsComparison> comparisons() {
    return comparisons;
  }
}
