package io.basalt.benchmarks.runner.report;

import java.time.format.DateTimeFormatter;

/** The parts a report of a side-by-side run begins and ends with, the same for every kind of run. */
final class RunSections {
  private RunSections() {}

  /**
   * {@code ### TITLE, run of DATE (MODE mode)}, the quick-run warning when it is one, and the machine and Java the
   * run had.
   */
  static void heading(StringBuilder text, String title, RunResults results) {
    Environment env = results.environment();
    text.append("### ").append(title).append(", run of ")
        .append(results.started().format(DateTimeFormatter.ISO_LOCAL_DATE)).append(" (").append(results.mode())
        .append(" mode)\n\n");
    if (results.mode().equals("quick")) {
      text.append(Format.QUICK_RUN_WARNING).append("\n\n");
    }
    text.append("- Machine: ").append(env.machine()).append('\n');
    text.append("- Java: ").append(env.java()).append('\n');
  }

  /** The run's notes under {@code heading} (a Markdown heading line), when it has any. */
  static void notes(StringBuilder text, String heading, RunResults results) {
    if (!results.notes().isEmpty()) {
      text.append('\n').append(heading).append("\n\n");
      results.notes().forEach(note -> text.append("- ").append(note).append('\n'));
    }
  }
}
