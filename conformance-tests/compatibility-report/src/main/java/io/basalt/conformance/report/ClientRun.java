package io.basalt.conformance.report;

import io.basalt.conformance.harness.ClientFeature;
import java.util.EnumMap;
import java.util.Map;

/**
 * One column of the compatibility table: a client (as its run names it in {@code basalt.conformance.client}) and,
 * for each feature its tests claim, how those tests ended.
 */
final class ClientRun {
  private final String client;
  private final Map<ClientFeature, FeatureResult> results = new EnumMap<>(ClientFeature.class);

  ClientRun(String client) {
    this.client = client;
  }

  String client() {
    return client;
  }

  void record(ClientFeature feature, TestOutcome outcome) {
    results.computeIfAbsent(feature, f -> new FeatureResult()).add(outcome);
  }

  boolean isEmpty() {
    return results.isEmpty();
  }

  /** The table cell for a feature: ✓ all its tests passed, ✗ one failed, "skipped", or — when none ran. */
  String cell(ClientFeature feature) {
    FeatureResult result = results.get(feature);
    return result == null ? "—" : result.symbol();
  }

  private static final class FeatureResult {
    private int passed;
    private int skipped;
    private int failed;

    void add(TestOutcome outcome) {
      switch (outcome) {
        case PASSED -> passed++;
        case SKIPPED -> skipped++;
        case FAILED -> failed++;
      }
    }

    String symbol() {
      if (failed > 0) {
        return "✗";
      }
      return passed > 0 ? "✓" : "skipped";
    }
  }
}
