package io.basalt.benchmarks.runner.tls;

import io.basalt.benchmarks.runner.BenchmarkPlan;
import io.basalt.benchmarks.runner.ProjectFiles;
import io.basalt.benchmarks.runner.Progress;
import io.basalt.benchmarks.runner.cluster.LoadAverage;
import io.basalt.benchmarks.runner.pe.PeRunner;
import io.basalt.benchmarks.runner.pe.PeWorkload;
import io.basalt.benchmarks.runner.process.CpuPlacement;
import io.basalt.benchmarks.runner.report.DocsMarkers;
import io.basalt.benchmarks.runner.report.Environment;
import io.basalt.benchmarks.runner.report.PeakMemory;
import io.basalt.benchmarks.runner.report.TlsReport;
import io.basalt.benchmarks.runner.report.TlsResults;
import io.basalt.benchmarks.runner.servers.BasaltUnderTest;
import io.basalt.benchmarks.runner.servers.HBaseUnderTest;
import io.basalt.benchmarks.runner.servers.ServerLogs;
import io.basalt.benchmarks.runner.servers.ServerUnderTest;
import io.basalt.conformance.harness.BasaltServerExtension;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * {@code bin/benchmark --tls}: what TLS costs a single-row put and get, on Basalt and on real HBase side by side.
 * Four servers run at once, each launched as the default run launches it: Basalt and HBase in plaintext, and Basalt
 * and HBase serving TLS only with client certificates required (see {@link TlsCertificates}). The default run's
 * put and get workloads run on all four ({@link TlsRounds}), and the report gives each server's figures and what
 * TLS cost each system in percent, with the rounds' range as the noise.
 */
public final class TlsBenchmark {
  /** The generated TLS section of docs/benchmarks.md lies between these. */
  public static final String DOCS_BEGIN =
      "<!-- tls-benchmark-results:begin (written by bin/benchmark --tls --update-docs) -->";
  public static final String DOCS_END = "<!-- tls-benchmark-results:end -->";

  private TlsBenchmark() {}

  /** Runs the four servers and the workloads and returns the report written. */
  public static Path run(BenchmarkPlan plan, CpuPlacement cpus, ProjectFiles files, String commit,
      boolean updateDocs) throws Exception {
    ZonedDateTime started = ZonedDateTime.now();
    String stamp = started.format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
    Path logs = Files.createDirectories(files.results().resolve("logs-tls-" + stamp));
    TlsResults results = new TlsResults(plan.mode(), describe(plan, cpus), Environment.describe(commit), started);
    results.load("at start " + LoadAverage.read());
    Path stores = files.work().resolve("tls-stores");
    Path plainData = files.work().resolve("tls-suite-basalt");
    Path tlsData = files.work().resolve("tls-suite-basalt-tls");
    Path classArchive = files.work().resolve("basalt-server.jsa");
    List<Path> scratch = List.of(stores, plainData, tlsData);
    for (Path directory : scratch) {
      BasaltServerExtension.deleteRecursively(directory);
    }
    List<ServerUnderTest> running = new ArrayList<>();
    try {
      Progress.say("Benchmark of TLS against plaintext, %s mode; logs in %s", plan.mode(), logs);
      TlsCertificates certificates = TlsCertificates.write(stores);
      Progress.say("Rehearsing Basalt's start (class archive, warm client)");
      BasaltUnderTest.rehearse(plainData, classArchive);
      BasaltServerExtension.deleteRecursively(plainData);
      List<String> launcher = cpus.serverLauncher();
      ServerUnderTest basalt = started(running, BasaltUnderTest.start("Basalt", plainData, classArchive,
          "benchmark-tls-suite-basalt", launcher, Map.of(), Map.of()));
      ServerUnderTest basaltTls = started(running, BasaltUnderTest.start("Basalt TLS", tlsData,
          classArchive, "benchmark-tls-suite-basalt-tls", launcher, certificates.serverProperties(),
          certificates.clientProperties()));
      PlaintextRefusal.check(basaltTls);
      ServerUnderTest hbase = started(running, HBaseUnderTest.start("HBase", "benchmark-tls-suite-hbase",
          launcher, Map.of(), Map.of()));
      ServerUnderTest hbaseTls = started(running, HBaseUnderTest.start("HBase TLS",
          "benchmark-tls-suite-hbase-tls", launcher, certificates.hbaseServerProperties(),
          certificates.clientProperties()));
      PlaintextRefusal.check(hbaseTls);
      Progress.say("Both TLS servers refused a plaintext client");
      PeRunner pe = new PeRunner(ProjectFiles.required(files.peClasspath()), cpus.clientLauncher(), logs,
          plan.clientLimit(), new PeakMemory(), running);
      new TlsRounds(List.of(new TlsRounds.Pair("Basalt", basalt, basaltTls),
          new TlsRounds.Pair("HBase", hbase, hbaseTls)), plan, results).run(pe);
      Progress.say("Stopping the servers");
    } finally {
      ServerLogs.keepAndStop(running, logs);
      for (Path directory : scratch) {
        BasaltServerExtension.deleteRecursively(directory);
      }
    }
    results.load("at the end " + LoadAverage.read());
    results.finished(Duration.between(started, ZonedDateTime.now()));
    return report(results, files, stamp, updateDocs);
  }

  private static ServerUnderTest started(List<ServerUnderTest> running, ServerUnderTest server) {
    running.add(server);
    Progress.say("%s took %d ms from launch to first put; log %s", server.name(),
        server.launchToFirstPut().toMillis(), server.log());
    return server;
  }

  /** The plan as the report states it. */
  static List<String> describe(BenchmarkPlan plan, CpuPlacement cpus) {
    String workloads = TlsRounds.WORKLOADS.stream().map(PeWorkload::command).collect(Collectors.joining(" and "));
    return List.of(
        "Servers: Basalt and HBase in plaintext, and Basalt TLS and HBase TLS, all four running side by side, each "
            + "launched as the default run launches it (Basalt with HBase's memory for blocks and memtables)",
        TlsCertificates.describe(),
        String.format(Locale.ROOT, "PerformanceEvaluation %s (the default run's single-row put and get, "
            + "--autoFlush=true): %,d operations per client thread, client threads %s, 1,000-byte values, the "
            + "table first filled at each thread count by an unmeasured sequentialWrite of as many rows, %s, %d "
            + "round(s) per server, each round running the workload on all four, a system's plaintext and TLS "
            + "servers one right after the other and taking turns to go first; median and range reported",
            workloads, plan.peRowsPerThread(), plan.peThreads(), plan.warmupDescription(), plan.rounds()),
        cpus.describe());
  }

  private static Path report(TlsResults results, ProjectFiles files, String stamp, boolean updateDocs)
      throws IOException {
    String markdown = TlsReport.render(results);
    Path report = DocsMarkers.writeReport(markdown, files.results(), "tls-" + stamp + ".md", "tls-latest.md");
    if (updateDocs) {
      DocsMarkers.replaceIn(files.docs(), DOCS_BEGIN, DOCS_END, markdown);
      Progress.say("Updated %s", files.docs());
    }
    return report;
  }
}
