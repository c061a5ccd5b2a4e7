package io.basalt.benchmarks.runner.report;

import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * Renders a bulk load run ({@code bin/benchmark --bulk-load}) as markdown: each system's bulk load and put load,
 * and Basalt's snapshot import, with the rounds' medians and ranges, the targets judged from them (for the
 * bulk load and the import alike), and every round's figures.
 */
public final class BulkLoadReport {
  static final String BASALT = "Basalt";
  static final String HBASE = "HBase";
  private static final List<String[]> LOADS = List.of(new String[] {BASALT, LoadRun.BULK_LOAD},
      new String[] {HBASE, LoadRun.BULK_LOAD}, new String[] {BASALT, LoadRun.SNAPSHOT_IMPORT},
      new String[] {BASALT, LoadRun.PUTS}, new String[] {HBASE, LoadRun.PUTS});

  private BulkLoadReport() {}

  public static String render(BulkLoadResults results) {
    StringBuilder text = new StringBuilder();
    heading(text, results);
    if (!results.runs().isEmpty()) {
      loads(text, results);
      targets(text, results);
      rounds(text, results);
    }
    RunSections.notes(text, "#### Notes", results);
    return text.toString();
  }

  private static void heading(StringBuilder text, BulkLoadResults results) {
    Environment env = results.environment();
    RunSections.heading(text, "Bulk load against puts, Basalt and HBase " + env.hbase(), results);
    text.append("- Basalt ").append(env.basalt()).append(" (commit ").append(env.commit()).append("), HBase ")
        .append(env.hbase()).append(" standalone, each launched as the default run launches it (Basalt with "
            + "HBase's memory for blocks and memtables), both running throughout\n");
    results.planDescription().forEach(line -> text.append("- ").append(line).append('\n'));
    text.append("- Input: ").append(results.input()).append('\n');
    if (!results.loads().isEmpty()) {
      text.append("- Load average (1, 5, 15 min; from /proc/loadavg): ").append(String.join("; ", results.loads()))
          .append('\n');
    }
    text.append("- Started ").append(results.started().truncatedTo(ChronoUnit.SECONDS)
        .format(DateTimeFormatter.ISO_OFFSET_DATE_TIME));
    if (results.elapsed() != null) {
      text.append(", took ").append(results.elapsed().toMinutes()).append(" min");
    }
    text.append('\n');
  }

  private static void loads(StringBuilder text, BulkLoadResults results) {
    text.append("\n#### Each load\n\n");
    text.append("Seconds, the median of the rounds with the lowest and highest round after it, which is the "
        + "run-to-run noise. Start to exit: from the client JVM's launch to its exit, what an operator waits; "
        + "inside: the same from the tool's (or the put client's) start in its JVM. Region calls: from the first "
        + "BulkLoadHFile call's start to the last one's answer, as the tool timed them (it makes two at a time on "
        + "two cores), and their durations added up: the servers' work on the files. Basalt's own log: its time per "
        + "region added up (HFile cells read, its SST files written and ingested). MB/s: the input's bytes over the "
        + "start-to-exit time. Server and client CPU: each process's CPU time from the client's launch to its "
        + "exit.\n\n");
    MarkdownTable table = new MarkdownTable("Load", "Start to exit", "Inside", "Region calls: span", "sum",
        "Basalt's own log", "MB/s", "Server CPU", "Client CPU", "Checked");
    for (String[] load : LOADS) {
      List<LoadRun> runs = results.runs(load[0], load[1]);
      if (runs.isEmpty()) {
        continue;
      }
      double seconds = LoadRun.median(runs, LoadRun::seconds);
      table.row(load[0] + " " + load[1], spread(runs, LoadRun::seconds), spread(runs, LoadRun::insideSeconds),
          spread(runs, LoadRun::callSpanSeconds), spread(runs, LoadRun::callSumSeconds),
          spread(runs, LoadRun::serverLogSeconds), rate(results.inputBytes(), seconds),
          spread(runs, LoadRun::serverCpuSeconds), spread(runs, LoadRun::clientCpuSeconds),
          checked(runs, results.rows()));
    }
    text.append(table.render());
  }

  private static void targets(StringBuilder text, BulkLoadResults results) {
    text.append("\n#### Targets\n\n");
    text.append("From the start-to-exit medians above; the span is what the rounds' ranges allow, the best round "
        + "of one side against the worst of the other both ways.\n\n");
    MarkdownTable table = new MarkdownTable("Target", "This run", "Evidence");
    List<LoadRun> basaltBulk = results.runs(BASALT, LoadRun.BULK_LOAD);
    List<LoadRun> basaltPuts = results.runs(BASALT, LoadRun.PUTS);
    List<LoadRun> hbaseBulk = results.runs(HBASE, LoadRun.BULK_LOAD);
    List<LoadRun> basaltImport = results.runs(BASALT, LoadRun.SNAPSHOT_IMPORT);
    target(table, "Basalt's bulk load ≥ 5× its put path", basaltPuts, basaltBulk, 5, "puts", "bulk load");
    target(table, "Basalt's bulk load faster than HBase's", hbaseBulk, basaltBulk, 1, "HBase's bulk load",
        "Basalt's");
    target(table, "Basalt's snapshot import ≥ 5× its put path", basaltPuts, basaltImport, 5, "puts", "import");
    target(table, "Basalt's snapshot import faster than HBase's bulk load", hbaseBulk, basaltImport, 1,
        "HBase's bulk load", "Basalt's import");
    text.append(table.render());
  }

  /** A target that {@code slower}'s time over {@code faster}'s reaches {@code factor} (above it, for 1). */
  private static void target(MarkdownTable table, String name, List<LoadRun> slower, List<LoadRun> faster,
      double factor, String slowerName, String fasterName) {
    double ratio = LoadRun.median(slower, LoadRun::seconds) / LoadRun.median(faster, LoadRun::seconds);
    double[] slow = LoadRun.range(slower, LoadRun::seconds);
    double[] fast = LoadRun.range(faster, LoadRun::seconds);
    String verdict = Double.isNaN(ratio) ? "not measured" : factor == 1 ? (ratio > 1 ? "met" : "missed")
        : (ratio >= factor ? "met" : "missed");
    table.row(name, verdict, Double.isNaN(ratio) ? "–" : String.format(Locale.ROOT,
        "%s %.1f s over %s %.1f s = %.2f× (rounds allow %.2f–%.2f×)", slowerName,
        LoadRun.median(slower, LoadRun::seconds), fasterName, LoadRun.median(faster, LoadRun::seconds), ratio,
        slow[0] / fast[1], slow[1] / fast[0]));
  }

  private static void rounds(StringBuilder text, BulkLoadResults results) {
    text.append("\n#### Every round\n\n");
    text.append("Input files left: how many of its copy's files a bulk load left in the directory it was given "
        + "(a server that moved or removed them leaves none; one that copied them, all).\n\n");
    MarkdownTable table = new MarkdownTable("Round", "Load", "Start to exit", "Inside", "Region calls: span",
        "sum", "Basalt's own log", "Server CPU", "Client CPU", "Input files left", "Checked");
    for (LoadRun run : results.runs()) {
      table.row(Integer.toString(run.round()), run.system() + " " + run.method(), seconds(run.seconds()),
          seconds(run.insideSeconds()), seconds(run.callSpanSeconds()), seconds(run.callSumSeconds()),
          seconds(run.serverLogSeconds()), seconds(run.serverCpuSeconds()), seconds(run.clientCpuSeconds()),
          run.method().equals(LoadRun.BULK_LOAD) && run.ok() ? Integer.toString(run.filesLeft()) : "–",
          run.verdict(results.rows()));
    }
    text.append(table.render());
  }

  /** "12.3 (11.9–13.0)": the median and the range; "–" when the figure does not apply. */
  static String spread(List<LoadRun> runs, ToDoubleFunction<LoadRun> figure) {
    double median = LoadRun.median(runs, figure);
    if (Double.isNaN(median)) {
      return "–";
    }
    double[] range = LoadRun.range(runs, figure);
    String middle = String.format(Locale.ROOT, "%.1f", median);
    return runs.size() < 2 ? middle : String.format(Locale.ROOT, "%s (%.1f–%.1f)", middle, range[0], range[1]);
  }

  private static String seconds(double value) {
    return value < 0 ? "–" : String.format(Locale.ROOT, "%.1f", value);
  }

  private static String rate(long bytes, double seconds) {
    return bytes < 0 || Double.isNaN(seconds) ? "–" : String.format(Locale.ROOT, "%.0f", bytes / 1e6 / seconds);
  }

  /** "all right" when every round's check found the table as loaded, else the first that did not. */
  private static String checked(List<LoadRun> runs, long rows) {
    for (LoadRun run : runs) {
      if (!run.verified(rows)) {
        return "round " + run.round() + " " + run.verdict(rows);
      }
    }
    return String.format(Locale.ROOT, "%,d rows, samples right", rows);
  }
}
