package io.basalt.benchmarks.runner.bulkload;

import io.basalt.benchmarks.runner.process.ChildProcess;
import io.basalt.benchmarks.runner.process.ClientJvm;
import io.basalt.benchmarks.runner.report.LoadRun;
import io.basalt.benchmarks.runner.servers.LoadWindow;
import io.basalt.benchmarks.runner.servers.ProcStats;
import io.basalt.benchmarks.runner.servers.ServerUnderTest;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Runs the bulk load client ({@code benchmarks/bulkload-client}) in a JVM of its own for each step, on real
 * HBase's classpath: writing the input, creating a table, a bulk load or a put load, a snapshot, and the check;
 * and {@code bin/basalt import-snapshot}, as an operator runs it. A load is
 * measured from the JVM's launch to its exit, with the server's CPU and its threads' kinds read around it (as every
 * other suite's client runs are), the client's own CPU, and Basalt's log lines of the load.
 */
final class BulkLoadClientRunner {
  private static final String MAIN_CLASS = "io.basalt.benchmarks.bulkload.BulkLoadClient";

  private final String classpath;
  private final Path basaltCommand;
  private final List<String> launcher;
  private final Path logDir;
  private final Path logConfig;
  private final BulkLoadPlan plan;
  private final List<ServerUnderTest> servers;

  /** What the input files are: how many, how many cells and bytes, and how long HBase's writer took. */
  record Written(int files, long cells, long bytes, double seconds) {}

  /**
   * @param classes the client module's compiled classes
   * @param oracleClasspath the file listing real HBase's jars (hbase-server and what it needs)
   * @param basaltCommand {@code bin/basalt}, which runs the snapshot import
   * @param launcher the start of every client command line: empty, or {@code taskset} pinning it to some CPUs
   * @param servers every running server, so that each load's log also says what the idle one spent meanwhile
   */
  BulkLoadClientRunner(Path classes, Path oracleClasspath, Path basaltCommand, List<String> launcher, Path logDir,
      BulkLoadPlan plan, List<ServerUnderTest> servers) throws IOException {
    this.classpath = classes + File.pathSeparator + Files.readString(oracleClasspath).trim();
    this.basaltCommand = basaltCommand;
    this.launcher = List.copyOf(launcher);
    this.logDir = Files.createDirectories(logDir);
    this.logConfig = writeLogConfig(logDir);
    this.plan = plan;
    this.servers = List.copyOf(servers);
  }

  Written write(Path directory) throws IOException {
    List<String> args = new ArrayList<>(List.of("write", directory.toString()));
    args.addAll(plan.dataArguments());
    ChildProcess.Outcome outcome = run(args, "write-input");
    Map<String, String> wrote = ClientLines.last(outcome.output(), "wrote")
        .orElseThrow(() -> new IOException("the writer reported nothing; see " + outcome.log()));
    return new Written((int) ClientLines.number(wrote, "files"), (long) ClientLines.number(wrote, "cells"),
        (long) ClientLines.number(wrote, "bytes"), ClientLines.number(wrote, "millis") / 1000);
  }

  void create(ServerUnderTest server, String table) throws IOException {
    List<String> args = new ArrayList<>(List.of("create", zookeeper(server), table));
    args.addAll(plan.dataArguments());
    run(args, "create-" + table);
  }

  /**
   * HBase's BulkLoadHFilesTool loading {@code directory} into {@code table}, measured; its files' leftovers and the
   * check's findings are added by the caller ({@link LoadRun} fields {@code rowsCounted} onwards are left empty).
   */
  LoadRun bulkLoad(ServerUnderTest server, Path directory, String table, int round) throws IOException {
    List<String> args = List.of("load", zookeeper(server), directory.toString(), table);
    Measured measured = measure(server, command(args), table + "-" + server.fileName());
    if (measured.failure() != null) {
      return LoadRun.failed(server.name(), LoadRun.BULK_LOAD, round, measured.failure());
    }
    List<Map<String, String>> calls = ClientLines.all(measured.output(), "call");
    Map<String, String> end = ClientLines.last(measured.output(), "loaded").orElseThrow();
    double firstStart = Double.MAX_VALUE;
    double lastEnd = 0;
    double sum = 0;
    for (Map<String, String> call : calls) {
      double start = ClientLines.number(call, "start");
      double millis = ClientLines.number(call, "millis");
      firstStart = Math.min(firstStart, start);
      lastEnd = Math.max(lastEnd, start + millis);
      sum += millis;
    }
    double logSeconds = server.name().startsWith("Basalt") ? basaltLogSeconds(measured) : -1;
    return new LoadRun(server.name(), LoadRun.BULK_LOAD, round, measured.seconds(),
        ClientLines.number(end, "toolMillis") / 1000, calls.isEmpty() ? -1 : (lastEnd - firstStart) / 1000,
        sum / 1000, calls.size(), logSeconds, measured.serverCpuSeconds(), measured.clientCpuSeconds(), -1, "–", 0,
        null);
  }

  /** A snapshot named {@code snapshot} of {@code table}, taken by {@code server}; not measured. */
  void snapshot(ServerUnderTest server, String table, String snapshot) throws IOException {
    run(List.of("snapshot", zookeeper(server), table, snapshot), "snapshot-" + table + "-" + server.fileName());
  }

  /**
   * {@code bin/basalt import-snapshot} of the snapshot in {@code snapshotDir} into a new table {@code table} of
   * {@code basalt}, without the tool's own count (the check counts, as after the other loads), measured.
   */
  LoadRun importSnapshot(ServerUnderTest basalt, Path snapshotDir, String table, int round) throws IOException {
    List<String> command = new ArrayList<>(launcher);
    command.addAll(List.of(basaltCommand.toString(), "import-snapshot", "--snapshot-dir", snapshotDir.toString(),
        "--table", table, "--to", zookeeper(basalt), "--no-verify"));
    Measured measured = measure(basalt, command, table + "-" + basalt.fileName());
    if (measured.failure() != null) {
      return LoadRun.failed(basalt.name(), LoadRun.SNAPSHOT_IMPORT, round, measured.failure());
    }
    return new LoadRun(basalt.name(), LoadRun.SNAPSHOT_IMPORT, round, measured.seconds(), -1, -1, -1, 0,
        basaltLogSeconds(measured), measured.serverCpuSeconds(), measured.clientCpuSeconds(), -1, "–", 0, null);
  }

  private static double basaltLogSeconds(Measured measured) {
    return BasaltLoadLog.parse(measured.serverLines()).stream().mapToLong(BasaltLoadLog.RegionLoad::millis).sum()
        / 1000.0;
  }

  /** The same cells written by puts into {@code table}, measured. */
  LoadRun put(ServerUnderTest server, String table, int round) throws IOException {
    List<String> args = new ArrayList<>(List.of("put", zookeeper(server), table));
    args.addAll(plan.dataArguments());
    args.add(Integer.toString(plan.putThreads()));
    Measured measured = measure(server, command(args), table + "-" + server.fileName());
    if (measured.failure() != null) {
      return LoadRun.failed(server.name(), LoadRun.PUTS, round, measured.failure());
    }
    Map<String, String> put = ClientLines.last(measured.output(), "put").orElseThrow();
    return new LoadRun(server.name(), LoadRun.PUTS, round, measured.seconds(),
        ClientLines.number(put, "millis") / 1000, -1, -1, 0, -1, measured.serverCpuSeconds(),
        measured.clientCpuSeconds(), -1, "–", 0, null);
  }

  /** The check's rows counted and wrong samples, recorded into {@code run}; the table is dropped after it. */
  LoadRun check(ServerUnderTest server, String table, LoadRun run, int filesLeft) throws IOException {
    List<String> args = new ArrayList<>(List.of("check", zookeeper(server), table));
    args.addAll(plan.dataArguments());
    args.add(Integer.toString(plan.samples()));
    ChildProcess.Outcome outcome = run(args, "check-" + table + "-" + server.fileName());
    Map<String, String> checked = ClientLines.last(outcome.output(), "checked")
        .orElseThrow(() -> new IOException("the check reported nothing; see " + outcome.log()));
    return new LoadRun(run.system(), run.method(), run.round(), run.seconds(), run.insideSeconds(),
        run.callSpanSeconds(), run.callSumSeconds(), run.calls(), run.serverLogSeconds(), run.serverCpuSeconds(),
        run.clientCpuSeconds(), (long) ClientLines.number(checked, "rows"), checked.get("wrong"), filesLeft,
        run.failure());
  }

  /** What a measured client run left: its output, the server's log lines meanwhile, times and CPU, or a failure. */
  private record Measured(List<String> output, List<String> serverLines, double seconds, double serverCpuSeconds,
      double clientCpuSeconds, String failure) {}

  private Measured measure(ServerUnderTest server, List<String> command, String runId) throws IOException {
    Path log = logDir.resolve(runId + ".log");
    int linesBefore = server.logLines().size();
    long clientTicksBefore = ProcStats.reapedChildrenCpuTicks();
    ChildProcess.Outcome outcome;
    long started;
    long ended;
    LoadWindow window = LoadWindow.open(server, servers);
    try (window) {
      started = System.nanoTime();
      outcome = ChildProcess.run(command, log, plan.clientLimit());
      ended = System.nanoTime();
    }
    long clientTicks = ProcStats.reapedChildrenCpuTicks() - clientTicksBefore;
    for (String line : window.cpuByThreadLines()) {
      ChildProcess.appendToLog(log, line);
    }
    List<String> serverLines = server.logLines();
    serverLines = serverLines.subList(Math.min(linesBefore, serverLines.size()), serverLines.size());
    String failure = outcome.succeeded() ? null : outcome.describeFailure();
    return new Measured(outcome.output(), serverLines, (ended - started) / 1e9,
        window.serverCpuMicros() < 0 ? -1 : window.serverCpuMicros() / 1e6,
        clientTicks < 0 ? -1 : clientTicks / (double) ProcStats.TICKS_PER_SECOND, failure);
  }

  private ChildProcess.Outcome run(List<String> args, String runId) throws IOException {
    ChildProcess.Outcome outcome = ChildProcess.run(command(args), logDir.resolve(runId + ".log"),
        plan.clientLimit());
    if (!outcome.succeeded()) {
      throw new IOException("bulk load client " + args.get(0) + " failed: " + outcome.describeFailure());
    }
    return outcome;
  }

  private List<String> command(List<String> args) {
    List<String> command = new ArrayList<>(launcher);
    command.addAll(ClientJvm.command("1g", classpath));
    command.add("-Dlog4j2.configurationFile=" + logConfig);
    command.add(MAIN_CLASS);
    command.addAll(args);
    return command;
  }

  private static String zookeeper(ServerUnderTest server) {
    return server.zookeeperHost() + ":" + server.zookeeperPort();
  }

  /** HBase's client and tool log their warnings to standard output, where the run's log gets them. */
  private static Path writeLogConfig(Path logDir) throws IOException {
    Path file = logDir.resolve("bulkload-log4j2.properties");
    Files.writeString(file, String.join("\n",
        "status = warn",
        "appender.out.type = Console",
        "appender.out.name = out",
        "appender.out.target = SYSTEM_OUT",
        "appender.out.layout.type = PatternLayout",
        "appender.out.layout.pattern = %d{HH:mm:ss} %-5p %c{1}: %m%n",
        "rootLogger.level = warn",
        "rootLogger.appenderRef.out.ref = out",
        ""));
    return file;
  }
}
