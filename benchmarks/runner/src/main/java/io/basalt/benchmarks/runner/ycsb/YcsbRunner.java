package io.basalt.benchmarks.runner.ycsb;

import io.basalt.benchmarks.runner.process.ChildProcess;
import io.basalt.benchmarks.runner.process.ClientJvm;
import io.basalt.benchmarks.runner.report.PeakMemory;
import io.basalt.benchmarks.runner.servers.FirstPutProbe;
import io.basalt.benchmarks.runner.servers.LoadWindow;
import io.basalt.benchmarks.runner.servers.ServerUnderTest;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;

/**
 * Runs YCSB 0.17.0's client with this project's HBase 2 binding in a JVM of its own against one server: the table
 * is created fresh, loaded once, then each core workload runs on it.
 */
public final class YcsbRunner {
  private static final String MAIN_CLASS = "site.ycsb.Client";
  private static final String BINDING = "io.basalt.benchmarks.ycsb.HBase2Client";
  private static final String TABLE = "usertable";
  private static final String FAMILY = "family";

  /** Sizes of a YCSB run. */
  public record Size(int records, int operations, int threads) {}

  private final String classpath;
  private final List<String> launcher;
  private final Path workDir;
  private final Size size;
  private final Duration limit;
  private final PeakMemory memory;
  private final List<ServerUnderTest> servers;

  /**
   * @param launcher the start of every YCSB command line: empty, or {@code taskset} pinning it to some CPUs
   * @param servers every running server, so that each run's log also says what the idle ones spent meanwhile
   */
  public YcsbRunner(Path bindingClasses, Path classpathFile, List<String> launcher, Path workDir, Size size,
      Duration limit, PeakMemory memory, List<ServerUnderTest> servers) throws IOException {
    this.classpath = bindingClasses + File.pathSeparator + Files.readString(classpathFile).trim();
    this.launcher = List.copyOf(launcher);
    this.workDir = Files.createDirectories(workDir);
    this.size = size;
    this.limit = limit;
    this.memory = memory;
    this.servers = List.copyOf(servers);
  }

  /** Drops and recreates the table YCSB writes to. */
  public void prepareTable(ServerUnderTest server) throws IOException {
    try (Connection connection = ConnectionFactory.createConnection(
            FirstPutProbe.clientConfiguration(server.zookeeperHost(), server.zookeeperPort()));
        Admin admin = connection.getAdmin()) {
      TableName name = TableName.valueOf(TABLE);
      if (admin.tableExists(name)) {
        admin.disableTable(name);
        admin.deleteTable(name);
      }
      admin.createTable(TableDescriptorBuilder.newBuilder(name)
          .setColumnFamily(ColumnFamilyDescriptorBuilder.of(FAMILY)).build());
    }
  }

  /** Inserts the plan's records (YCSB's load phase, with workload A's record shape). */
  public YcsbResult load(ServerUnderTest server, String runId) throws IOException {
    return phase(server, YcsbWorkload.A, true, runId);
  }

  public YcsbResult run(ServerUnderTest server, YcsbWorkload workload, String runId) throws IOException {
    return phase(server, workload, false, runId);
  }

  private YcsbResult phase(ServerUnderTest server, YcsbWorkload workload, boolean load, String runId)
      throws IOException {
    Path workloadFile = workDir.resolve("workload" + workload.name().toLowerCase() + ".properties");
    writeProperties(workloadFile, workload.properties());
    List<String> command = new ArrayList<>(launcher);
    command.addAll(ClientJvm.command("1g", classpath));
    command.add(MAIN_CLASS);
    command.add(load ? "-load" : "-t");
    command.addAll(List.of("-db", BINDING, "-P", workloadFile.toString(), "-threads",
        Integer.toString(size.threads())));
    for (Map.Entry<String, String> property : Map.of(
        "recordcount", Integer.toString(size.records()),
        "operationcount", Integer.toString(size.operations()),
        "table", TABLE,
        "columnfamily", FAMILY,
        "hdrhistogram.percentiles", "50,99",
        "hbase.zookeeper.quorum", server.zookeeperHost(),
        "hbase.zookeeper.property.clientPort", Integer.toString(server.zookeeperPort())).entrySet()) {
      command.add("-p");
      command.add(property.getKey() + "=" + property.getValue());
    }
    ChildProcess.Outcome outcome;
    Path log = workDir.resolve(runId + ".log");
    LoadWindow window = LoadWindow.open(server, servers);
    try (window) {
      outcome = ChildProcess.run(command, log, limit);
    }
    memory.record(server.name(), "YCSB", window.peakResidentBytes());
    for (String line : window.cpuByThreadLines()) {
      ChildProcess.appendToLog(log, line);
    }
    if (!outcome.succeeded()) {
      return YcsbResult.failed(outcome.describeFailure());
    }
    YcsbResult result = YcsbOutputParser.parse(outcome.output());
    return result.ok() ? result.withCpu(window.clientCpuShare(), window.serverCpuMicros()) : result;
  }

  private static void writeProperties(Path file, Map<String, String> properties) throws IOException {
    StringBuilder text = new StringBuilder();
    properties.forEach((name, value) -> text.append(name).append('=').append(value).append('\n'));
    Files.writeString(file, text);
  }
}
