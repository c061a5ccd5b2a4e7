package io.basalt.benchmarks.runner.report;

import java.util.ArrayList;
import java.util.List;

/** A GitHub-flavoured markdown table, built row by row. */
final class MarkdownTable {
  private final List<String> header;
  private final List<List<String>> rows = new ArrayList<>();

  MarkdownTable(String... header) {
    this.header = List.of(header);
  }

  MarkdownTable row(String... cells) {
    if (cells.length != header.size()) {
      throw new IllegalArgumentException("row of " + cells.length + " cells in a table of " + header.size());
    }
    rows.add(List.of(cells));
    return this;
  }

  String render() {
    StringBuilder text = new StringBuilder();
    line(text, header);
    line(text, header.stream().map(cell -> "---").toList());
    rows.forEach(row -> line(text, row));
    return text.toString();
  }

  private static void line(StringBuilder text, List<String> cells) {
    text.append("| ").append(String.join(" | ", cells)).append(" |\n");
  }
}
