package io.basalt.benchmarks.runner.capacity;

import io.basalt.benchmarks.runner.process.ChildProcess;
import io.basalt.benchmarks.runner.process.ClientJvm;
import io.basalt.benchmarks.runner.servers.ServerUnderTest;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Runs the lean load generator ({@code benchmarks/load-generator}) in a JVM of its own for each step, against one
 * server, with that server's processes named so the generator reports their CPU over exactly the measured seconds.
 */
final class GeneratorRuns {
  private static final String MAIN_CLASS = "io.basalt.benchmarks.load.LoadGenerator";
  private static final String TABLE = "lean_load";

  private final String classpath;
  private final List<String> launcher;
  private final Path logDir;
  private final CapacityPlan plan;
  private int runs;

  /**
   * @param classes the generator's compiled classes
   * @param dependencies the file listing its runtime classpath (stock hbase-client, HdrHistogram)
   * @param launcher the start of every client command line: empty, or {@code taskset} pinning it to some CPUs
   */
  GeneratorRuns(Path classes, Path dependencies, List<String> launcher, Path logDir, CapacityPlan plan)
      throws IOException {
    this.classpath = classes + File.pathSeparator + Files.readString(dependencies).trim();
    this.launcher = List.copyOf(launcher);
    this.logDir = Files.createDirectories(logDir);
    this.plan = plan;
  }

  /**
   * Creates and fills the load table on {@code server}, then runs every operation checked: each answer decoded and
   * compared with the rows loaded. Returns each operation's result; any wrong answer or failure fails the run.
   */
  List<StepResult> loadAndCheck(ServerUnderTest server) throws IOException {
    List<String> args = new ArrayList<>(List.of("--load", "--check", "--operations",
        String.join(",", plan.operations()), "--warmup", "0", "--seconds",
        Double.toString(plan.checkMillis() / 1000.0)));
    ChildProcess.Outcome outcome = run(server, args, "load-and-check");
    List<StepResult> checked = new ArrayList<>();
    int from = 0;
    for (int i = 0; i < outcome.output().size(); i++) {
      if (outcome.output().get(i).startsWith("RESULT ")) {
        checked.add(StepResult.parse(outcome.output().subList(from, i + 1), 0));
        from = i + 1;
      }
    }
    if (!outcome.succeeded() || checked.size() != plan.operations().size()) {
      throw new IOException(server.name() + " answered the checked run wrongly or not at all: "
          + outcome.describeFailure());
    }
    return checked;
  }

  /** One measured step of {@code operation}: flat out if {@code callsPerSecond} is 0, else at that fixed rate. */
  StepResult step(ServerUnderTest server, String operation, double callsPerSecond) throws IOException {
    List<String> args = new ArrayList<>(List.of("--operations", operation,
        "--warmup", Long.toString(plan.warmup().toSeconds()), "--seconds", Long.toString(plan.measured().toSeconds())));
    if (callsPerSecond > 0) {
      args.addAll(List.of("--rate", String.format(Locale.ROOT, "%.0f", callsPerSecond)));
    }
    ChildProcess.Outcome outcome = run(server, args, operation + (callsPerSecond > 0
        ? String.format(Locale.ROOT, "-%.0f", callsPerSecond) : "-flat-out"));
    if (!outcome.succeeded()) {
      throw new IOException("the load generator failed against " + server.name() + ": "
          + outcome.describeFailure());
    }
    return StepResult.parse(outcome.output(), callsPerSecond);
  }

  private ChildProcess.Outcome run(ServerUnderTest server, List<String> stepArgs, String what) throws IOException {
    List<String> command = new ArrayList<>(launcher);
    command.addAll(ClientJvm.command("512m", classpath));
    command.add(MAIN_CLASS);
    command.addAll(List.of("--zookeeper", server.zookeeperHost() + ":" + server.zookeeperPort(),
        "--table", TABLE, "--rows", Integer.toString(plan.rows()), "--regions", Integer.toString(plan.regions()),
        "--connections", Integer.toString(plan.connections()), "--in-flight", Integer.toString(plan.inFlight()),
        "--server-pids", server.pids().stream().map(Object::toString).collect(Collectors.joining(","))));
    command.addAll(stepArgs);
    runs++;
    Path log = logDir.resolve(String.format(Locale.ROOT, "capacity-%03d-%s-%s.log", runs, server.fileName(), what));
    return ChildProcess.run(command, log, plan.clientLimit());
  }
}
