package io.basalt.benchmarks.runner.report;

import java.time.Duration;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.List;

/** Renders a run's results as the markdown that goes to the results directory and into docs/benchmarks.md. */
public final class MarkdownReport {
  private static final String[] SERVERS = {"Basalt", "HBase"};

  private MarkdownReport() {}

  public static String render(BenchmarkResults results) {
    StringBuilder text = new StringBuilder();
    heading(text, results);
    startAndMemory(text, results);
    targets(text, results);
    performanceEvaluation(text, results);
    ycsb(text, results);
    ceiling(text, results);
    RunSections.notes(text, "### Notes", results);
    return text.toString();
  }

  private static void heading(StringBuilder text, BenchmarkResults results) {
    Environment env = results.environment();
    text.append("### Run of ").append(results.started().format(DateTimeFormatter.ISO_LOCAL_DATE))
        .append(" (").append(results.mode()).append(" mode)\n\n");
    if (results.mode().equals("quick")) {
      text.append(Format.QUICK_RUN_WARNING).append("\n\n");
    }
    text.append("- Machine: ").append(env.machine()).append('\n');
    text.append("- Java: ").append(env.java()).append('\n');
    text.append("- Basalt ").append(env.basalt()).append(" (commit ").append(env.commit()).append("), HBase ")
        .append(env.hbase()).append(" standalone, PerformanceEvaluation from hbase-mapreduce ").append(env.hbase())
        .append(", YCSB ").append(env.ycsb()).append(", JMH ").append(env.jmh()).append('\n');
    results.planDescription().forEach(line -> text.append("- ").append(line).append('\n'));
    text.append("- Started ").append(results.started().truncatedTo(ChronoUnit.SECONDS)
        .format(DateTimeFormatter.ISO_OFFSET_DATE_TIME));
    if (results.elapsed() != null) {
      text.append(", took ").append(results.elapsed().toMinutes()).append(" min");
    }
    text.append('\n');
  }

  private static void startAndMemory(StringBuilder text, BenchmarkResults results) {
    text.append("\n#### Start and memory\n\n");
    MarkdownTable table = new MarkdownTable("", "Basalt", "HBase");
    table.row("Process launch to first acknowledged put", launches(results, SERVERS[0]),
        launches(results, SERVERS[1]));
    for (String suite : List.of("idle after start", "PerformanceEvaluation", "YCSB")) {
      String label = suite.equals("idle after start") ? "Resident memory, idle after start"
          : "Peak resident memory under " + suite;
      table.row(label, Format.mebibytes(results.memory().peak(SERVERS[0], suite)),
          Format.mebibytes(results.memory().peak(SERVERS[1], suite)));
    }
    text.append(table.render());
  }

  /** The median launch, and with several launches how many and their range. */
  private static String launches(BenchmarkResults results, String server) {
    List<Duration> launches = results.launchesToFirstPut(server);
    String median = Format.seconds(results.launchToFirstPut(server));
    if (launches.size() < 2) {
      return median;
    }
    Duration fastest = launches.stream().min(Duration::compareTo).orElseThrow();
    Duration slowest = launches.stream().max(Duration::compareTo).orElseThrow();
    return median + " (median of " + launches.size() + "; " + Format.seconds(fastest) + "–"
        + Format.seconds(slowest) + ")";
  }

  private static void targets(StringBuilder text, BenchmarkResults results) {
    text.append("\n#### Targets\n\n");
    MarkdownTable table = new MarkdownTable("Target", "This run", "Evidence");
    TargetCheck.check(results).forEach(verdict -> table.row(verdict.target(), verdict.outcome(), verdict.evidence()));
    text.append(table.render());
  }

  private static void performanceEvaluation(StringBuilder text, BenchmarkResults results) {
    if (results.performanceEvaluation().isEmpty()) {
      return;
    }
    text.append("\n#### HBase PerformanceEvaluation\n\n");
    text.append("Throughput in operations per second (all client threads together), latency in µs; ÷ is Basalt "
        + "over HBase (throughput: higher is better; p99: lower is better). Client CPU is the PE client's share of "
        + "the CPU time client and server used, its JVM's start included. Server CPU is the server process's CPU "
        + "time (all its threads, background work included) divided by the operations the client made: what each "
        + "operation cost the server, whatever limited the throughput.\n\n");
    text.append(comparisonTable(results.performanceEvaluation()).render());
  }

  private static void ycsb(StringBuilder text, BenchmarkResults results) {
    if (results.ycsb().isEmpty()) {
      return;
    }
    text.append("\n#### YCSB\n\n");
    text.append("One row per workload and operation type; an operation's rate is its count over the phase's run "
        + "time, so a workload's operations add up to its overall rate. The CPU columns, as in the PE table, are "
        + "for the whole phase, on its overall row.\n\n");
    text.append(comparisonTable(results.ycsb()).render());
  }

  private static MarkdownTable comparisonTable(List<Comparison> comparisons) {
    MarkdownTable table = new MarkdownTable("Workload", "Threads", "Basalt ops/s", "HBase ops/s", "÷", "Basalt p50",
        "Basalt p99", "HBase p50", "HBase p99", "p99 ÷", "Client CPU (Basalt / HBase)",
        "Server CPU µs/op (Basalt / HBase)");
    for (Comparison comparison : comparisons) {
      Measurement basalt = comparison.basalt();
      Measurement hbase = comparison.hbase();
      table.row(comparison.workload(), Integer.toString(comparison.threads()), Format.rate(basalt),
          Format.rate(hbase), Format.ratio(comparison.throughputRatio()), Format.micros(basalt, basalt.p50Micros()),
          Format.micros(basalt, basalt.p99Micros()), Format.micros(hbase, hbase.p50Micros()),
          Format.micros(hbase, hbase.p99Micros()), Format.ratio(comparison.p99Ratio()),
          Format.share(basalt.clientShare()) + " / " + Format.share(hbase.clientShare()),
          Format.optional(basalt.serverCpuPerOp()) + " / " + Format.optional(hbase.serverCpuPerOp()));
    }
    return table;
  }

  private static void ceiling(StringBuilder text, BenchmarkResults results) {
    if (results.ceiling().isEmpty()) {
      return;
    }
    text.append("\n#### Storage ceiling\n\n");
    text.append("The engine alone (JMH, no RPC, no HBase semantics) next to Basalt serving the PE workload that does "
        + "the same storage work. Ceiling ÷ server is how many times the server's rate the engine reached.\n\n");
    MarkdownTable table = new MarkdownTable("Storage operation", "PE workload", "Threads", "Storage ops/s",
        "Storage p50", "Storage p99", "Basalt PE ops/s", "Ceiling ÷ server");
    for (CeilingComparison comparison : results.ceiling()) {
      Measurement storage = comparison.storage();
      table.row(comparison.storageOperation(), comparison.peWorkload(), Integer.toString(comparison.threads()),
          Format.rate(storage), Format.micros(storage, storage.p50Micros()),
          Format.micros(storage, storage.p99Micros()), Format.rate(comparison.basaltServer()),
          Format.ratio(comparison.ceilingOverServer()));
    }
    text.append(table.render());
  }
}
