package io.basalt.benchmarks.runner.report;

import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** Renders a two-Basalt run (the single node against a cluster, or two builds) as markdown. */
public final class PairedReport {
  /** The failover target: from the kill to the first acknowledged write to each affected tablet. */
  static final long FAILOVER_TARGET_MILLIS = 5_000;

  private PairedReport() {}

  public static String render(PairedResults results) {
    StringBuilder text = new StringBuilder();
    heading(text, results);
    workloads(text, results);
    failover(text, results);
    RunSections.notes(text, "#### Notes", results);
    return text.toString();
  }

  private static void heading(StringBuilder text, PairedResults results) {
    Environment env = results.environment();
    RunSections.heading(text, results.title(), results);
    text.append("- Basalt ").append(env.basalt()).append(" (commit ").append(env.commit())
        .append("), PerformanceEvaluation from hbase-mapreduce ").append(env.hbase()).append('\n');
    text.append("- Compared: ").append(results.firstName()).append(" and ").append(results.secondName())
        .append(", both with Basalt's default settings, on this machine's loopback, started as the conformance "
            + "harness starts them; clients and servers share every core\n");
    results.planDescription().forEach(line -> text.append("- ").append(line).append('\n'));
    if (!results.loads().isEmpty()) {
      text.append("- Load average (1, 5, 15 min; from /proc/loadavg): ").append(String.join("; ", results.loads()))
          .append('\n');
    }
    results.idle().forEach(line -> text.append("- Idle CPU, ").append(line).append('\n'));
    text.append("- Started ").append(results.started().truncatedTo(ChronoUnit.SECONDS)
        .format(DateTimeFormatter.ISO_OFFSET_DATE_TIME));
    if (results.elapsed() != null) {
      text.append(", took ").append(results.elapsed().toMinutes()).append(" min");
    }
    text.append('\n');
  }

  private static void workloads(StringBuilder text, PairedResults results) {
    if (results.rounds().isEmpty()) {
      return;
    }
    String first = results.firstName();
    String second = results.secondName();
    text.append("\n#### PerformanceEvaluation\n\n");
    text.append("Throughput in operations per second (all client threads together): the median of the rounds, "
        + "then the lowest and highest round, which is the run-to-run noise. Latency in µs (each the median over "
        + "the rounds of the mean of the threads' medians and of the highest thread's p99). ÷ is " + second
        + " over " + first + ". Server CPU is the CPU time of every server process (for a cluster, all its nodes "
        + "together) over the operations the client made, then the same without the JIT compilers' threads (short "
        + "runs on a loaded machine spend much of their CPU compiling, and a cluster runs three JVMs' compilers); "
        + "the last column splits the cluster's among its nodes, busiest first (the tablet's leader, then its "
        + "followers), compilers included.\n\n");
    MarkdownTable table = new MarkdownTable("Workload", "Threads", first + " ops/s", "range", second + " ops/s",
        "range", "÷", first + " p50", first + " p99", second + " p50", second + " p99",
        "Server CPU µs/op (" + first + " / " + second + ")", "CPU ÷", "without JIT (" + first + " / " + second + ")",
        second + " CPU µs/op by process");
    for (PairedRounds row : results.rounds()) {
      Measurement a = row.firstMedian();
      Measurement b = row.secondMedian();
      table.row(row.workload(), Integer.toString(row.threads()), Format.rate(a), Format.range(row.first()),
          Format.rate(b), Format.range(row.second()), Format.ratio(row.throughputRatio()),
          Format.micros(a, a.p50Micros()), Format.micros(a, a.p99Micros()), Format.micros(b, b.p50Micros()),
          Format.micros(b, b.p99Micros()),
          Format.optional(a.serverCpuPerOp()) + " / " + Format.optional(b.serverCpuPerOp()),
          Format.ratio(row.cpuRatio()), Format.number(row.firstCpuWithoutCompiling()) + " / "
              + Format.number(row.secondCpuWithoutCompiling()), byProcess(row.secondProcessesBusiestFirst()));
    }
    text.append(table.render());
  }

  private static String byProcess(List<Double> busiestFirst) {
    if (busiestFirst.size() < 2) {
      return "–";
    }
    return busiestFirst.stream().map(Format::number).collect(Collectors.joining(" / "));
  }

  private static void failover(StringBuilder text, PairedResults results) {
    FailoverTimes failover = results.failover();
    if (failover == null) {
      return;
    }
    text.append("\n#### Failover\n\n");
    text.append("From the SIGKILL of the node leading the most tablets to the next acknowledged write of the client "
        + "thread writing to each tablet it led, with default server and client settings. Then the node is started "
        + "again on its data, and once every tablet has taken a write the next kill follows.\n\n");
    long[] all = failover.allMillis();
    long[] worst = failover.worstPerKill();
    long[] restarts = failover.kills().stream().mapToLong(FailoverTimes.Kill::restartMillis)
        .filter(millis -> millis >= 0).sorted().toArray();
    MarkdownTable table = new MarkdownTable("Measured", "min / median / max", "Target");
    table.row(String.format(Locale.ROOT, "Kill to each affected tablet's next acknowledged write (%d tablets over "
        + "%d kills)", all.length, failover.kills().size()), FailoverTimes.summary(all),
        all.length == 0 ? "–" : (all[all.length - 1] <= FAILOVER_TARGET_MILLIS ? "≤ 5 s: met" : "≤ 5 s: missed"));
    table.row("Kill to the last of the killed node's tablets written again", FailoverTimes.summary(worst), "");
    table.row("Killed node's restart to ready (its data kept)", FailoverTimes.summary(restarts), "");
    text.append(table.render());
    text.append('\n');
    failover.kills().forEach(kill -> text.append("- ").append(kill.describe()).append('\n'));
  }
}
