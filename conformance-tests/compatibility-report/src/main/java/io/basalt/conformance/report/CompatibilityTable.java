package io.basalt.conformance.report;

import io.basalt.conformance.harness.ClientFeature;
import java.util.List;

/** The client × feature table in Markdown: a row per feature, in {@link ClientFeature} order, a column per run. */
final class CompatibilityTable {
  private CompatibilityTable() {}

  static String render(List<ClientRun> runs) {
    StringBuilder table = new StringBuilder("| feature |");
    for (ClientRun run : runs) {
      table.append(' ').append(run.client()).append(" |");
    }
    table.append("\n| --- |");
    table.append(" :---: |".repeat(runs.size()));
    table.append('\n');
    for (ClientFeature feature : ClientFeature.values()) {
      table.append("| ").append(feature.label()).append(" |");
      for (ClientRun run : runs) {
        table.append(' ').append(run.cell(feature)).append(" |");
      }
      table.append('\n');
    }
    return table.toString();
  }
}
