package io.basalt.benchmarks.runner.report;

import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/**
 * Renders a run measuring a feature's cost ({@code bin/benchmark --tls}, {@code --authorization}) as markdown: each
 * server without and with the feature per workload, then what the feature cost each server in percent.
 */
public final class FeatureCostReport {
  private FeatureCostReport() {}

  public static String render(FeatureResults results) {
    StringBuilder text = new StringBuilder();
    heading(text, results);
    if (!results.comparisons().isEmpty()) {
      servers(text, results);
      cost(text, results);
    }
    RunSections.notes(text, "#### Notes", results);
    return text.toString();
  }

  private static void heading(StringBuilder text, FeatureResults results) {
    Environment env = results.environment();
    RunSections.heading(text, results.feature().title() + ", Basalt and HBase " + env.hbase(), results);
    text.append("- Basalt ").append(env.basalt()).append(" (commit ").append(env.commit()).append("), HBase ")
        .append(env.hbase()).append(" standalone, PerformanceEvaluation from hbase-mapreduce ").append(env.hbase())
        .append('\n');
    results.planDescription().forEach(line -> text.append("- ").append(line).append('\n'));
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

  private static void servers(StringBuilder text, FeatureResults results) {
    Feature feature = results.feature();
    text.append("\n#### Each server, ").append(feature.baseline()).append(" and ").append(feature.withIt())
        .append("\n\n");
    text.append("Throughput in operations per second (all client threads together): the median of the rounds, "
        + "then the lowest and highest round, which is the run-to-run noise. Latency in µs (each the median over "
        + "the rounds of the mean of the threads' medians and of the highest thread's p99). Client CPU is the PE "
        + "client's share of the CPU time client and server used, its JVM's start included; server CPU is the "
        + "server process's CPU time over the operations the client made.\n\n");
    MarkdownTable table = new MarkdownTable("Workload", "Threads", "Server", "ops/s", "range", "p50", "p99",
        "Client CPU", "Server CPU µs/op");
    for (FeatureComparison comparison : results.comparisons()) {
      for (WithAndWithout system : comparison.systems()) {
        row(table, comparison, system.system(), system.without());
        row(table, comparison, system.system() + feature.suffix(), system.with());
      }
    }
    text.append(table.render());
  }

  private static void row(MarkdownTable table, FeatureComparison comparison, String server,
      List<Measurement> rounds) {
    Measurement median = Measurement.median(rounds);
    table.row(comparison.workload(), Integer.toString(comparison.threads()), server, Format.rate(median),
        Format.range(rounds), Format.micros(median, median.p50Micros()), Format.micros(median, median.p99Micros()),
        Format.share(median.clientShare()), Format.optional(median.serverCpuPerOp()));
  }

  private static void cost(StringBuilder text, FeatureResults results) {
    Feature feature = results.feature();
    text.append("\n#### What ").append(feature.name()).append(" cost\n\n");
    text.append("Each server ").append(feature.withIt()).append(" against itself ").append(feature.withoutIt())
        .append(", in percent of its ").append(feature.baseline()).append(" figure, from the medians above: "
            + "throughput lost, and median latency, p99 latency and server CPU per operation added (positive: ")
        .append(feature.name()).append(" did worse). The span is the throughput lost that the rounds' ranges "
            + "allow, from the best ").append(feature.name()).append(" round against the worst ")
        .append(feature.baseline()).append(" one to the other way round (with fewer than two rounds, none): when "
            + "it holds 0, this run cannot tell ").append(feature.name()).append("'s cost from its noise.\n\n");
    List<String> header = new ArrayList<>(List.of("Workload", "Threads"));
    for (WithAndWithout system : results.comparisons().get(0).systems()) {
      String name = system.system();
      header.addAll(List.of(name + " throughput lost", "span", name + " p50 added", name + " p99 added",
          name + " server CPU/op added"));
    }
    MarkdownTable table = new MarkdownTable(header.toArray(String[]::new));
    for (FeatureComparison comparison : results.comparisons()) {
      List<String> cells = new ArrayList<>(List.of(comparison.workload(),
          Integer.toString(comparison.threads())));
      for (WithAndWithout system : comparison.systems()) {
        double[] span = system.throughputLostSpan();
        cells.addAll(List.of(Format.percent(system.throughputLost()),
            Double.isNaN(span[0]) ? "–" : Format.percent(span[0]) + " to " + Format.percent(span[1]),
            Format.percent(system.p50Added()), Format.percent(system.p99Added()),
            Format.percent(system.serverCpuAdded())));
      }
      table.row(cells.toArray(String[]::new));
    }
    text.append(table.render());
  }
}
