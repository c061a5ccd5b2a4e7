package io.basalt.benchmarks.runner;

import io.basalt.benchmarks.runner.authorization.AuthorizationBenchmark;
import io.basalt.benchmarks.runner.bulkload.BulkLoadBenchmark;
import io.basalt.benchmarks.runner.capacity.CapacityBenchmark;
import io.basalt.benchmarks.runner.cluster.PairedBenchmark;
import io.basalt.benchmarks.runner.jmh.JmhRunner;
import io.basalt.benchmarks.runner.observability.ObservabilityBenchmark;
import io.basalt.benchmarks.runner.pe.PeRunner;
import io.basalt.benchmarks.runner.process.CpuPlacement;
import io.basalt.benchmarks.runner.report.BenchmarkResults;
import io.basalt.benchmarks.runner.report.DocsMarkers;
import io.basalt.benchmarks.runner.report.Environment;
import io.basalt.benchmarks.runner.report.MarkdownReport;
import io.basalt.benchmarks.runner.report.PeakMemory;
import io.basalt.benchmarks.runner.servers.BasaltUnderTest;
import io.basalt.benchmarks.runner.servers.HBaseUnderTest;
import io.basalt.benchmarks.runner.servers.ProcStats;
import io.basalt.benchmarks.runner.servers.ServerLogs;
import io.basalt.benchmarks.runner.servers.ServerUnderTest;
import io.basalt.benchmarks.runner.tls.TlsBenchmark;
import io.basalt.benchmarks.runner.ycsb.YcsbRunner;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The one benchmark command (bin/benchmark): starts Basalt and real HBase side by side, runs the suites, stops the
 * servers, runs the storage microbenchmarks, and writes the report to benchmarks/target/results (and, when asked,
 * into docs/benchmarks.md). {@code --cluster} and {@code --baseline-jar} compare Basalt with Basalt instead
 * ({@link PairedBenchmark}), {@code --tls} each server with itself serving TLS ({@link TlsBenchmark}),
 * {@code --authorization} each server with itself checking permissions ({@link AuthorizationBenchmark}), and
 * {@code --observability} each server with itself watched ({@link ObservabilityBenchmark}); {@code --bulk-load}
 * measures a bulk load against puts on both ({@link BulkLoadBenchmark}), {@code --capacity} what each sustains
 * under a lean load generator ({@link CapacityBenchmark}).
 */
public final class BenchmarkMain {
  private BenchmarkMain() {}

  public static void main(String[] args) throws Exception {
    if (List.of(args).contains("--help") || List.of(args).contains("-h")) {
      System.out.println(RunOptions.USAGE);
      return;
    }
    RunOptions options;
    try {
      options = RunOptions.parse(args);
      options.cpus().requireTaskset();
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.err.println(RunOptions.USAGE);
      System.exit(2);
      return;
    }
    Runtime.getRuntime().addShutdownHook(new Thread(BenchmarkMain::endChildren, "end-children"));
    Path report;
    ProjectFiles files = new ProjectFiles(options.root());
    if (options.feature() == FeatureRun.TLS) {
      report = TlsBenchmark.run(options.plan(), options.cpus(), files, options.commit(), options.updateDocs());
    } else if (options.feature() == FeatureRun.AUTHORIZATION) {
      report = AuthorizationBenchmark.run(options.plan(), options.cpus(), files, options.commit(),
          options.updateDocs());
    } else if (options.feature() == FeatureRun.OBSERVABILITY) {
      report = ObservabilityBenchmark.run(options.plan(), options.cpus(), files, options.commit(),
          options.updateDocs());
    } else if (options.bulkLoad()) {
      report = BulkLoadBenchmark.run(options.bulkLoadPlan(), options.cpus(), files, options.commit(),
          options.updateDocs());
    } else if (options.capacity()) {
      report = CapacityBenchmark.run(options.capacityPlan(), options.cpus(), files, options.commit(),
          options.updateDocs());
    } else if (options.cluster() || options.baselineJar() != null) {
      report = runPaired(options);
    } else {
      report = run(options);
    }
    if (options.updateDocs()) {
      Progress.say("Updated %s", files.docs());
    }
    System.out.println(Files.readString(report, StandardCharsets.UTF_8));
    System.err.println("Report written to " + report);
  }

  static Path run(RunOptions options) throws Exception {
    ProjectFiles files = new ProjectFiles(options.root());
    BenchmarkPlan plan = options.plan();
    ZonedDateTime started = ZonedDateTime.now();
    String stamp = started.format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
    Path logs = Files.createDirectories(files.results().resolve("logs-" + stamp));
    PeakMemory memory = new PeakMemory();
    CpuPlacement cpus = options.cpus();
    List<String> described = new ArrayList<>(plan.describe());
    described.add(cpus.describe());
    BenchmarkResults results = new BenchmarkResults(plan.mode(), described,
        Environment.describe(options.commit()), started, memory);
    Progress.say("Benchmark, %s mode; logs in %s", plan.mode(), logs);

    if (options.runs("pe") || options.runs("ycsb")) {
      runAgainstServers(options, files, logs, results);
    }
    if (options.runs("jmh")) {
      JmhRunner jmh = new JmhRunner(ProjectFiles.required(files.jmhClasses()),
          ProjectFiles.required(files.jmhClasspath()), cpus.serverLauncher(), logs, plan.jmh(), plan.clientLimit());
      CeilingSuite.run(jmh, plan, results);
    }
    results.finished(Duration.between(started, ZonedDateTime.now()));

    String markdown = MarkdownReport.render(results);
    return DocsMarkers.publish(markdown, files.results(), "benchmarks", stamp, "latest.md", options.updateDocs(),
        files.docs(), DocsMarkers.BEGIN, DocsMarkers.END);
  }

  /** The comparisons of Basalt with Basalt: the single node against a cluster, or against another build. */
  private static Path runPaired(RunOptions options) throws Exception {
    ProjectFiles files = new ProjectFiles(options.root());
    PairedBenchmark.Paths paths = new PairedBenchmark.Paths(files.peClasspath(),
        Files.createDirectories(files.results()), files.work(), files.docs());
    if (options.cluster()) {
      return PairedBenchmark.cluster(options.clusterPlan(), paths, options.commit(), options.updateDocs());
    }
    if (!Files.isRegularFile(options.baselineJar())) {
      throw new IOException("no server jar at " + options.baselineJar());
    }
    return PairedBenchmark.baseline(options.clusterPlan(), options.baselineJar(), paths, options.commit());
  }

  private static void runAgainstServers(RunOptions options, ProjectFiles files, Path logs,
      BenchmarkResults results) throws Exception {
    BenchmarkPlan plan = options.plan();
    CpuPlacement cpus = options.cpus();
    Path basaltData = files.work().resolve("basalt-data");
    Path classArchive = files.work().resolve("basalt-server.jsa");
    deleteRecursively(basaltData);
    Progress.say("Rehearsing Basalt's start (class archive, warm client)");
    BasaltUnderTest.rehearse(basaltData, classArchive);
    int launches = plan.launches();
    List<ServerUnderTest> measured = new ArrayList<>();
    try (ServerUnderTest basalt = start(results, "Basalt", launches, logName -> {
          deleteRecursively(basaltData); // each launch starts as the first ever did: no data
          return BasaltUnderTest.start(basaltData, classArchive, logName, cpus.serverLauncher());
        });
        ServerUnderTest hbase = start(results, "HBase", launches,
            logName -> HBaseUnderTest.start(logName, cpus.serverLauncher()))) {
      measured.addAll(List.of(basalt, hbase));
      SideBySideSuites suites = new SideBySideSuites(basalt, hbase, plan, results);
      if (options.runs("pe")) {
        suites.performanceEvaluation(new PeRunner(ProjectFiles.required(files.peClasspath()),
            cpus.clientLauncher(), logs, plan.clientLimit(), results.memory(), measured));
      }
      if (options.runs("ycsb")) {
        suites.ycsb(new YcsbRunner(ProjectFiles.required(files.ycsbClasses()),
            ProjectFiles.required(files.ycsbClasspath()), cpus.clientLauncher(), logs, plan.ycsb(), plan.clientLimit(),
            results.memory(), measured));
      }
      Progress.say("Stopping the servers");
    } finally {
      deleteRecursively(basaltData);
      for (ServerUnderTest server : measured) {
        ServerLogs.keep(server, logs);
      }
    }
  }

  /**
   * When the runner is interrupted, the servers and client JVMs it started end with it: asked first, then killed
   * if they are still there half a minute later (a standalone HBase takes a while to stop).
   */
  private static void endChildren() {
    List<ProcessHandle> children = ProcessHandle.current().children().toList();
    children.forEach(ProcessHandle::destroy);
    for (ProcessHandle child : children) {
      try {
        child.onExit().get(30, TimeUnit.SECONDS);
      } catch (Exception e) {
        child.destroyForcibly();
      }
    }
  }

  private interface Starter {
    ServerUnderTest start(String logName) throws Exception;
  }

  /**
   * Launches the server {@code launches} times, each timed to its first put, and keeps the last one running for the
   * client suites: one launch on a shared machine can be slow for reasons of the moment, so the median is reported.
   */
  private static ServerUnderTest start(BenchmarkResults results, String name, int launches, Starter starter)
      throws Exception {
    String logName = "benchmark-" + name.toLowerCase(Locale.ROOT);
    for (int launch = 1; launch < launches; launch++) {
      Progress.say("Launching %s to time its start (%d of %d)", name, launch, launches);
      try (ServerUnderTest server = starter.start(logName + "-launch" + launch)) {
        results.launchToFirstPut(name, server.launchToFirstPut());
        Progress.say("%s took %d ms from launch to first put", name, server.launchToFirstPut().toMillis());
      }
    }
    Progress.say("Starting %s", name);
    ServerUnderTest server = starter.start(logName);
    results.launchToFirstPut(name, server.launchToFirstPut());
    results.memory().record(name, "idle after start", ProcStats.residentBytes(server.pid()));
    Progress.say("%s took %d ms from launch to first put; log %s", name, server.launchToFirstPut().toMillis(),
        server.log());
    return server;
  }

  private static void deleteRecursively(Path directory) throws IOException {
    if (!Files.exists(directory)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(directory)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }
}
