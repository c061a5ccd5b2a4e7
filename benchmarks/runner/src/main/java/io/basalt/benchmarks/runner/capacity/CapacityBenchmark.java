package io.basalt.benchmarks.runner.capacity;

import io.basalt.benchmarks.runner.Progress;
import io.basalt.benchmarks.runner.ProjectFiles;
import io.basalt.benchmarks.runner.cluster.LoadAverage;
import io.basalt.benchmarks.runner.process.CpuPlacement;
import io.basalt.benchmarks.runner.report.DocsMarkers;
import io.basalt.benchmarks.runner.report.Environment;
import io.basalt.benchmarks.runner.servers.ServerLogs;
import io.basalt.benchmarks.runner.servers.ServerPair;
import io.basalt.benchmarks.runner.servers.ServerUnderTest;
import io.basalt.conformance.harness.BasaltServerExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code bin/benchmark --capacity}: what each server sustains, measured with a client too cheap to be the limit
 * (the lean load generator speaks the RPC protocol itself with requests encoded beforehand: a few microseconds of
 * client CPU a call, where a stock client spends hundreds). Basalt and real HBase 2.6.4 run side by side, launched
 * as the default run launches them; each is loaded and every operation's answers checked on it, then for each
 * operation each server runs flat out and at fixed shares of that, alternating step by step ({@link CapacityPlan}).
 */
public final class CapacityBenchmark {
  /** The generated capacity section of docs/benchmarks.md lies between these. */
  public static final String DOCS_BEGIN =
      "<!-- capacity-benchmark-results:begin (written by bin/benchmark --capacity --update-docs) -->";
  public static final String DOCS_END = "<!-- capacity-benchmark-results:end -->";

  private CapacityBenchmark() {}

  /** Runs the servers and the steps, and returns the report written. */
  public static Path run(CapacityPlan plan, CpuPlacement cpus, ProjectFiles files, String commit, boolean updateDocs)
      throws Exception {
    ZonedDateTime started = ZonedDateTime.now();
    String stamp = started.format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
    Path logs = Files.createDirectories(files.results().resolve("logs-capacity-" + stamp));
    List<String> description = new ArrayList<>(plan.describe());
    description.add(cpus.describe());
    description.add("Load average at start: " + LoadAverage.read());
    Path work = files.work().resolve("capacity");
    BasaltServerExtension.deleteRecursively(work);
    List<ServerUnderTest> running = new ArrayList<>();
    Map<String, List<StepResult>> checks = new LinkedHashMap<>();
    List<OperationCapacity> capacities = new ArrayList<>();
    try {
      Progress.say("Capacity benchmark, %s mode; logs in %s", plan.mode(), logs);
      ServerPair servers = ServerPair.start("capacity", work, files.work().resolve("basalt-server.jsa"),
          cpus.serverLauncher(), running);
      GeneratorRuns generator = new GeneratorRuns(ProjectFiles.required(files.loadGeneratorClasses()),
          ProjectFiles.required(files.loadGeneratorClasspath()), cpus.clientLauncher(), logs, plan);
      for (ServerUnderTest server : running) {
        Progress.say("Loading %,d rows into %s and checking every operation's answers", plan.rows(), server.name());
        checks.put(server.name(), generator.loadAndCheck(server));
      }
      for (String operation : plan.operations()) {
        capacities.addAll(measure(generator, plan, operation, servers.basalt(), servers.hbase()));
      }
      Progress.say("Stopping the servers");
    } finally {
      ServerLogs.keepAndStop(running, logs);
      BasaltServerExtension.deleteRecursively(work);
    }
    description.add("Load average at the end: " + LoadAverage.read());
    String markdown = CapacityReport.render(plan, description, Environment.describe(commit), checks, capacities,
        Duration.between(started, ZonedDateTime.now()));
    return DocsMarkers.publish(markdown, files.results(), "capacity", stamp, "capacity-latest.md", updateDocs,
        files.docs(), DOCS_BEGIN, DOCS_END);
  }

  /** One operation on both servers: flat out, then each rate share, the servers alternating. */
  private static List<OperationCapacity> measure(GeneratorRuns generator, CapacityPlan plan, String operation,
      ServerUnderTest basalt, ServerUnderTest hbase) throws Exception {
    List<ServerUnderTest> servers = List.of(basalt, hbase);
    Map<ServerUnderTest, StepResult> flatOut = new LinkedHashMap<>();
    for (ServerUnderTest server : servers) {
      StepResult result = generator.step(server, operation, 0);
      flatOut.put(server, result);
      Progress.say("%s %s flat out: %,.0f calls/s, p99 %.2f ms, server %.0f us a call, client %.1f us", operation,
          server.name(), result.callsPerSecond(), result.p99Micros() / 1000, result.serverCpuMicros(),
          result.clientCpuMicros());
    }
    Map<ServerUnderTest, List<StepResult>> steps = new LinkedHashMap<>();
    for (double share : plan.rateShares()) {
      for (ServerUnderTest server : servers) {
        double rate = Math.max(1, Math.round(share * flatOut.get(server).callsPerSecond()));
        StepResult result = generator.step(server, operation, rate);
        steps.computeIfAbsent(server, unused -> new ArrayList<>()).add(result);
        Progress.say("%s %s at %,.0f calls/s: %,.0f answered a second, p99 %.2f ms%s", operation, server.name(),
            rate, result.callsPerSecond(), result.p99Micros() / 1000, result.sustained() ? "" : " (not sustained)");
      }
    }
    List<OperationCapacity> measured = new ArrayList<>();
    for (ServerUnderTest server : servers) {
      measured.add(new OperationCapacity(server.name(), operation, flatOut.get(server), steps.get(server)));
    }
    return measured;
  }
}
