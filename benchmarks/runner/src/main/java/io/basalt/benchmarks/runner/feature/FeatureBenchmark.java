package io.basalt.benchmarks.runner.feature;

import io.basalt.benchmarks.runner.BenchmarkPlan;
import io.basalt.benchmarks.runner.Progress;
import io.basalt.benchmarks.runner.ProjectFiles;
import io.basalt.benchmarks.runner.cluster.LoadAverage;
import io.basalt.benchmarks.runner.pe.PeRunner;
import io.basalt.benchmarks.runner.pe.PeWorkload;
import io.basalt.benchmarks.runner.process.CpuPlacement;
import io.basalt.benchmarks.runner.report.DocsMarkers;
import io.basalt.benchmarks.runner.report.Environment;
import io.basalt.benchmarks.runner.report.Feature;
import io.basalt.benchmarks.runner.report.FeatureCostReport;
import io.basalt.benchmarks.runner.report.FeatureResults;
import io.basalt.benchmarks.runner.report.PeakMemory;
import io.basalt.benchmarks.runner.servers.BasaltUnderTest;
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
import java.util.stream.Collectors;

/**
 * A run measuring what a server feature costs a single-row put and get ({@code bin/benchmark --tls},
 * {@code --authorization}), on Basalt and on real HBase side by side: four servers at once, each launched as the
 * default run launches it, Basalt and HBase each without the feature and with it; the default run's put and get
 * workloads on all four ({@link FeatureRounds}); a report of each server's figures and of what the feature cost each
 * system in percent, with the rounds' range as the noise. What differs from feature to feature is how the servers
 * start ({@link Setup}).
 */
public final class FeatureBenchmark {
  /** Starts a run's servers. */
  public interface Setup {
    /**
     * Starts the four servers, registering each with {@code started} as soon as it runs (so that a failure later
     * still stops it), and checks the feature took on those that should have it.
     *
     * @return Basalt's pair, then HBase's
     */
    List<FeatureRounds.Pair> start(Servers started) throws Exception;
  }

  /** What a setup starts its servers with, and where it registers them. */
  public interface Servers {
    /** A directory for this run's files (key stores, data directories), deleted after it. */
    Path scratch(String name) throws IOException;

    /** The class data archive Basalt's launches share, made by a rehearsal before any server starts. */
    Path classArchive();

    /** How servers are launched (pinned to their CPUs, when the run pins them). */
    List<String> launcher();

    /** Registers a running server: it is stopped and its log kept at the end of the run. */
    ServerUnderTest started(ServerUnderTest server);

    /** Registers a load running beside the servers for the whole run: stopped after the rounds, and reported. */
    void alongside(Alongside load);
  }

  /** Something a setup runs beside the servers for the whole run (pages polled, say). */
  public interface Alongside extends AutoCloseable {
    /** What it did, for the report's notes; asked after it is closed. */
    String describe();

    @Override
    void close();
  }

  private FeatureBenchmark() {}

  /**
   * Runs the servers {@code setup} starts and the workloads, and returns the report written; with
   * {@code updateDocs}, also writes it into docs/benchmarks.md between the markers.
   *
   * @param key the run's name in files: "tls" gives logs-tls-TIME/ and tls-latest.md
   * @param servers the servers' description in the report
   * @param clientUser the user the benchmark's client runs as (simple authentication's HADOOP_USER_NAME), or null
   *     for the runner's own
   */
  public static Path run(Feature feature, String key, List<String> servers, Setup setup, String clientUser,
      BenchmarkPlan plan, CpuPlacement cpus, ProjectFiles files, String commit, boolean updateDocs,
      String docsBegin, String docsEnd) throws Exception {
    ZonedDateTime started = ZonedDateTime.now();
    String stamp = started.format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
    Path logs = Files.createDirectories(files.results().resolve("logs-" + key + "-" + stamp));
    List<String> description = new ArrayList<>(servers);
    description.addAll(describe(feature, plan, cpus));
    FeatureResults results = new FeatureResults(feature, plan.mode(), description, Environment.describe(commit),
        started);
    results.load("at start " + LoadAverage.read());
    Path classArchive = files.work().resolve("basalt-server.jsa");
    List<Path> scratch = new ArrayList<>();
    List<ServerUnderTest> running = new ArrayList<>();
    List<Alongside> alongside = new ArrayList<>();
    try {
      Progress.say("Benchmark of %s, %s mode; logs in %s", feature.title(), plan.mode(), logs);
      Path rehearsal = files.work().resolve(key + "-suite-rehearsal");
      scratch.add(rehearsal);
      BasaltServerExtension.deleteRecursively(rehearsal);
      Progress.say("Rehearsing Basalt's start (class archive, warm client)");
      BasaltUnderTest.rehearse(rehearsal, classArchive);
      List<FeatureRounds.Pair> pairs = setup.start(new Servers() {
        @Override
        public Path scratch(String name) throws IOException {
          Path directory = files.work().resolve(key + "-suite-" + name);
          scratch.add(directory);
          BasaltServerExtension.deleteRecursively(directory);
          return directory;
        }

        @Override
        public Path classArchive() {
          return classArchive;
        }

        @Override
        public List<String> launcher() {
          return cpus.serverLauncher();
        }

        @Override
        public ServerUnderTest started(ServerUnderTest server) {
          running.add(server);
          Progress.say("%s took %d ms from launch to first put; log %s", server.name(),
              server.launchToFirstPut().toMillis(), server.log());
          return server;
        }

        @Override
        public void alongside(Alongside load) {
          alongside.add(load);
        }
      });
      List<String> clientLauncher = new ArrayList<>();
      if (clientUser != null) {
        // env runs the client in its own process, so its CPU is still the client's.
        clientLauncher.addAll(List.of("env", "HADOOP_USER_NAME=" + clientUser));
      }
      clientLauncher.addAll(cpus.clientLauncher());
      PeRunner pe = new PeRunner(ProjectFiles.required(files.peClasspath()), clientLauncher, logs,
          plan.clientLimit(), new PeakMemory(), running);
      new FeatureRounds(pairs, plan, results).run(pe);
      Progress.say("Stopping the servers");
    } finally {
      for (Alongside load : alongside) {
        load.close();
        results.note(load.describe());
      }
      ServerLogs.keepAndStop(running, logs);
      for (Path directory : scratch) {
        BasaltServerExtension.deleteRecursively(directory);
      }
    }
    results.load("at the end " + LoadAverage.read());
    results.finished(Duration.between(started, ZonedDateTime.now()));
    String markdown = FeatureCostReport.render(results);
    return DocsMarkers.publish(markdown, files.results(), key, stamp, key + "-latest.md", updateDocs, files.docs(),
        docsBegin, docsEnd);
  }

  /** The workloads and rounds as the report states them. */
  private static List<String> describe(Feature feature, BenchmarkPlan plan, CpuPlacement cpus) {
    String workloads = FeatureRounds.WORKLOADS.stream().map(PeWorkload::command)
        .collect(Collectors.joining(" and "));
    return List.of(
        String.format(Locale.ROOT, "PerformanceEvaluation %s (the default run's single-row put and get, "
            + "--autoFlush=true): %,d operations per client thread, client threads %s, 1,000-byte values, the "
            + "table first filled at each thread count by an unmeasured sequentialWrite of as many rows, %s, %d "
            + "round(s) per server, each round running the workload on all four, a system's %s and %s servers "
            + "one right after the other and taking turns to go first; median and range reported",
            workloads, plan.peRowsPerThread(), plan.peThreads(), plan.warmupDescription(), plan.rounds(),
            feature.baseline(), feature.name()),
        cpus.describe());
  }
}
