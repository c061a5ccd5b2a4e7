package io.basalt.benchmarks.runner.pe;

import io.basalt.benchmarks.runner.process.ChildProcess;
import io.basalt.benchmarks.runner.process.ClientJvm;
import io.basalt.benchmarks.runner.report.Measurement;
import io.basalt.benchmarks.runner.report.PeakMemory;
import io.basalt.benchmarks.runner.servers.LoadWindow;
import io.basalt.benchmarks.runner.servers.ServerUnderTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs HBase's PerformanceEvaluation in a JVM of its own (its own classpath from the pe-client module) against one
 * server, one command at a time, and reads the result from its log.
 *
 * <p>Every run uses {@code --nomapred} (client threads in one JVM), 1,000-byte values, and {@code --autoFlush=true}:
 * each put is its own acknowledged call rather than an append to a client-side buffer, so write latencies are
 * round trips to the server as read latencies are.
 */
public final class PeRunner {
  private static final String MAIN_CLASS = "org.apache.hadoop.hbase.PerformanceEvaluation";
  private static final int VALUE_SIZE = 1000;

  private final String classpath;
  private final List<String> launcher;
  private final Path logConfig;
  private final Path logDir;
  private final Duration limit;
  private final PeakMemory memory;
  private final List<ServerUnderTest> servers;

  /**
   * @param launcher the start of every PE command line: empty, or {@code taskset} pinning PE to some CPUs
   * @param servers every running server, so that each run's log also says what the idle ones spent meanwhile
   */
  public PeRunner(Path classpathFile, List<String> launcher, Path logDir, Duration limit, PeakMemory memory,
      List<ServerUnderTest> servers) throws IOException {
    this.classpath = Files.readString(classpathFile).trim();
    this.launcher = List.copyOf(launcher);
    this.logDir = Files.createDirectories(logDir);
    this.logConfig = writeLogConfig(logDir);
    this.limit = limit;
    this.memory = memory;
    this.servers = List.copyOf(servers);
  }

  /**
   * What one PE command measured, and the share of the server's CPU its JIT compilers took meanwhile (-1 when
   * unknown): a warm-up is repeated while that share says the server is still compiling; and the CPU each of the
   * server's processes spent per operation, in {@link ServerUnderTest#pids} order (one figure but for a cluster).
   */
  public record Run(Measurement measurement, double serverCompilerShare, List<Double> cpuMicrosPerOpByProcess) {}

  /** One PE command with {@code threads} client threads, each doing {@code rowsPerThread} operations. */
  public Run run(ServerUnderTest server, PeWorkload workload, int threads, int rowsPerThread, String runId)
      throws IOException {
    List<String> command = new ArrayList<>(launcher);
    command.addAll(ClientJvm.command("1g", classpath));
    command.add("-Dlog4j2.configurationFile=" + logConfig);
    command.add(MAIN_CLASS);
    // Only the quorum, with each member's port, as an application that knows nothing else of a cluster.
    command.add("-Dhbase.zookeeper.quorum=" + server.zookeeperQuorum());
    // And what the server asks of its clients besides: TLS with a client certificate, for one serving TLS only.
    server.clientProperties().forEach((name, value) -> command.add("-D" + name + "=" + value));
    int operations = workload.rowsPerThread(rowsPerThread) * threads;
    command.addAll(List.of("--nomapred", "--valueSize=" + VALUE_SIZE, "--latency", "--autoFlush=true",
        "--rows=" + workload.rowsPerThread(rowsPerThread), workload.command(), Integer.toString(threads)));
    Path log = logDir.resolve(runId + ".log");
    ChildProcess.Outcome outcome;
    LoadWindow window = LoadWindow.open(server, servers);
    try (window) {
      outcome = ChildProcess.run(command, log, limit);
    }
    memory.record(server.name(), "PerformanceEvaluation", window.peakResidentBytes());
    for (String line : window.cpuByThreadLines()) {
      ChildProcess.appendToLog(log, line);
    }
    List<Double> byProcess = window.cpuMicrosByProcess().stream()
        .map(micros -> micros < 0 ? -1 : micros / operations).toList();
    if (!outcome.succeeded()) {
      return new Run(Measurement.failed(outcome.describeFailure()), window.serverCompilerShare(), byProcess);
    }
    double serverCpu = window.serverCpuMicros();
    Measurement measured = PeOutputParser.parse(outcome.output())
        .withCpu(window.clientCpuShare(), serverCpu < 0 ? -1 : serverCpu / operations);
    return new Run(measured, window.serverCompilerShare(), byProcess);
  }

  /** PE reports through its logger; this sends PE's own lines to standard output, where the log file gets them. */
  private static Path writeLogConfig(Path logDir) throws IOException {
    Path file = logDir.resolve("pe-log4j2.properties");
    Files.writeString(file, String.join("\n",
        "status = warn",
        "appender.out.type = Console",
        "appender.out.name = out",
        "appender.out.target = SYSTEM_OUT",
        "appender.out.layout.type = PatternLayout",
        "appender.out.layout.pattern = %d{HH:mm:ss} %-5p %c{1}: %m%n",
        "rootLogger.level = warn",
        "rootLogger.appenderRef.out.ref = out",
        "logger.pe.name = org.apache.hadoop.hbase.PerformanceEvaluation",
        "logger.pe.level = info",
        ""));
    return file;
  }
}
