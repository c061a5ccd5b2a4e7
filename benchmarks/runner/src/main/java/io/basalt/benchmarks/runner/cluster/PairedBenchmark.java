package io.basalt.benchmarks.runner.cluster;

import io.basalt.benchmarks.runner.Progress;
import io.basalt.benchmarks.runner.pe.PeRunner;
import io.basalt.benchmarks.runner.report.DocsMarkers;
import io.basalt.benchmarks.runner.report.Environment;
import io.basalt.benchmarks.runner.report.PairedReport;
import io.basalt.benchmarks.runner.report.PairedResults;
import io.basalt.benchmarks.runner.report.PeakMemory;
import io.basalt.benchmarks.runner.servers.BasaltClusterUnderTest;
import io.basalt.benchmarks.runner.servers.BasaltUnderTest;
import io.basalt.benchmarks.runner.servers.ServerLogs;
import io.basalt.benchmarks.runner.servers.ServerUnderTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The runs that compare Basalt with Basalt on this machine, with the same PerformanceEvaluation client:
 * {@code bin/benchmark --cluster}, the single node against a cluster of {@value #NODES} nodes on loopback (and how
 * long a killed leader's tablets stay unwritable), and {@code bin/benchmark --baseline-jar JAR}, the single node
 * of another build against this build's.
 */
public final class PairedBenchmark {
  /** Part 1 of cluster mode: every node holds every tablet, and three is the smallest cluster that survives a loss. */
  public static final int NODES = 3;

  /** How long each server's CPU is watched with no client, for what it costs to keep it running. */
  private static final Duration IDLE_WINDOW = Duration.ofSeconds(10);

  /** The generated cluster section of docs/benchmarks.md lies between these. */
  public static final String DOCS_BEGIN =
      "<!-- cluster-benchmark-results:begin (written by bin/benchmark --cluster --update-docs) -->";
  public static final String DOCS_END = "<!-- cluster-benchmark-results:end -->";

  /**
   * Where the runner finds and leaves things.
   *
   * @param peClasspath the PE client's classpath file
   * @param results where reports go
   * @param work scratch space for data directories
   * @param docs docs/benchmarks.md
   */
  public record Paths(Path peClasspath, Path results, Path work, Path docs) {}

  private PairedBenchmark() {}

  /** The single node against a cluster, then the failovers; returns the report written. */
  public static Path cluster(ClusterPlan plan, Paths paths, String commit, boolean updateDocs) throws Exception {
    ZonedDateTime started = ZonedDateTime.now();
    Path logs = logs(paths, started, "cluster");
    PairedResults results = new PairedResults("Single node and " + NODES + "-node cluster", plan.mode(),
        "single node", NODES + "-node cluster", plan.describe(true), Environment.describe(commit), started);
    results.load("at start " + LoadAverage.read());
    Path single = paths.work().resolve("cluster-suite-single");
    Path nodes = paths.work().resolve("cluster-suite-nodes");
    deleteRecursively(single);
    deleteRecursively(nodes);
    List<ServerUnderTest> running = new ArrayList<>();
    try {
      Progress.say("Benchmark of the single node against a %d-node cluster, %s mode; logs in %s", NODES,
          plan.mode(), logs);
      BasaltUnderTest singleNode = BasaltUnderTest.startDefault("single node", null, single, "benchmark-single");
      running.add(singleNode);
      BasaltClusterUnderTest cluster = BasaltClusterUnderTest.start(NODES + "-node cluster", nodes, NODES,
          "benchmark-cluster");
      running.add(cluster);
      Progress.say("Started the single node and the cluster (quorum %s)", cluster.zookeeperQuorum());
      new AlternatingRounds(singleNode, cluster, plan, results).run(peRunner(paths, plan, logs, running));
      results.load("after PerformanceEvaluation " + LoadAverage.read());
      results.idle("with no client, after the runs: " + IdleCpu.describe(singleNode,
          IdleCpu.millisPerSecond(singleNode, IDLE_WINDOW)) + ", " + IdleCpu.describe(cluster,
          IdleCpu.millisPerSecond(cluster, IDLE_WINDOW)) + " (each over " + IDLE_WINDOW.toSeconds() + " s)");
      ServerLogs.keep(singleNode, logs);
      singleNode.close();
      running.remove(singleNode);
      if (plan.failovers() > 0) {
        Progress.say("Failover: %d kills of the node leading the most tablets", plan.failovers());
        FailoverTimer timer = new FailoverTimer(cluster);
        try {
          results.failover(timer.measure(plan.failovers()));
          if (timer.failure() != null) {
            results.note("The failovers stopped early: " + timer.failure());
          }
        } catch (IOException e) {
          results.note("The failover measurement failed: " + FailoverTimer.firstLine(e)
              + (e.getCause() == null ? "" : " (" + FailoverTimer.firstLine(e.getCause()) + ")"));
        }
        results.load("after the failovers " + LoadAverage.read());
      }
    } finally {
      ServerLogs.keepAndStop(running, logs);
      deleteRecursively(single);
      deleteRecursively(nodes);
    }
    return report(results, started, paths, "cluster", updateDocs);
  }

  /** The single node of another build's server jar against this build's. */
  public static Path baseline(ClusterPlan plan, Path baselineJar, Paths paths, String commit) throws Exception {
    ZonedDateTime started = ZonedDateTime.now();
    Path logs = logs(paths, started, "baseline");
    String baselineName = "baseline";
    PairedResults results = new PairedResults("Single node, this build against " + baselineJar, plan.mode(),
        baselineName, "this build", plan.describe(false), Environment.describe(commit), started);
    results.load("at start " + LoadAverage.read());
    Path before = paths.work().resolve("baseline-suite-before");
    Path after = paths.work().resolve("baseline-suite-after");
    deleteRecursively(before);
    deleteRecursively(after);
    List<ServerUnderTest> running = new ArrayList<>();
    try {
      Progress.say("Benchmark of this build's single node against %s, %s mode; logs in %s", baselineJar,
          plan.mode(), logs);
      BasaltUnderTest baseline = BasaltUnderTest.startDefault(baselineName, baselineJar, before,
          "benchmark-baseline");
      running.add(baseline);
      BasaltUnderTest current = BasaltUnderTest.startDefault("this build", null, after, "benchmark-this-build");
      running.add(current);
      new AlternatingRounds(baseline, current, plan, results).run(peRunner(paths, plan, logs, running));
      results.load("at the end " + LoadAverage.read());
    } finally {
      ServerLogs.keepAndStop(running, logs);
      deleteRecursively(before);
      deleteRecursively(after);
    }
    return report(results, started, paths, "baseline", false);
  }

  private static PeRunner peRunner(Paths paths, ClusterPlan plan, Path logs, List<ServerUnderTest> servers)
      throws IOException {
    if (!Files.exists(paths.peClasspath())) {
      throw new IOException("missing " + paths.peClasspath() + "; build first (bin/benchmark does)");
    }
    return new PeRunner(paths.peClasspath(), List.of(), logs, plan.clientLimit(), new PeakMemory(), servers);
  }

  private static Path logs(Paths paths, ZonedDateTime started, String suite) throws IOException {
    return Files.createDirectories(paths.results().resolve("logs-" + suite + "-" + stamp(started)));
  }

  private static String stamp(ZonedDateTime started) {
    return started.format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
  }

  private static Path report(PairedResults results, ZonedDateTime started, Paths paths, String suite,
      boolean updateDocs) throws IOException {
    results.finished(Duration.between(started, ZonedDateTime.now()));
    String markdown = PairedReport.render(results);
    return DocsMarkers.publish(markdown, paths.results(), suite, stamp(started), suite + "-latest.md", updateDocs,
        paths.docs(), DOCS_BEGIN, DOCS_END);
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
