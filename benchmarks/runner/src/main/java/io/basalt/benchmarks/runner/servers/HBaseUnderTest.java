package io.basalt.benchmarks.runner.servers;

import io.basalt.conformance.harness.HBaseOracleProcess;
import io.basalt.conformance.harness.OracleInfoServers;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Real HBase 2.6.4 as the conformance harness launches it: a standalone HMaster (ZooKeeper, master and region server
 * in one JVM) from Maven Central jars, on the local filesystem and free loopback ports.
 */
public final class HBaseUnderTest implements ServerUnderTest {
  private static final Duration FIRST_PUT_TIMEOUT = Duration.ofMinutes(4);

  private final String name;
  private final HBaseOracleProcess process;
  private final Duration launchToFirstPut;
  private final Map<String, String> clientProperties;

  private HBaseUnderTest(String name, HBaseOracleProcess process, Duration launchToFirstPut,
      Map<String, String> clientProperties) {
    this.name = name;
    this.process = process;
    this.launchToFirstPut = launchToFirstPut;
    this.clientProperties = Collections.unmodifiableMap(new LinkedHashMap<>(clientProperties));
  }

  /**
   * Launches HBase through {@code launcher} (empty, or {@code taskset} pinning it to some CPUs), logging to
   * {@code logName}, and times it to the first acknowledged put.
   */
  public static HBaseUnderTest start(String logName, List<String> launcher) throws IOException, InterruptedException {
    return start("HBase", logName, launcher, Map.of(), Map.of());
  }

  /**
   * Launches HBase as {@link #start(String, List)} does, named {@code name} in reports, with
   * {@code siteProperties} added to its hbase-site.xml (TLS on its RPC ports, say); {@code clientProperties} are
   * what a client then needs besides the quorum, for the first put and for every benchmark client.
   */
  public static HBaseUnderTest start(String name, String logName, List<String> launcher,
      Map<String, String> siteProperties, Map<String, String> clientProperties)
      throws IOException, InterruptedException {
    long launched = System.nanoTime();
    return start(name, HBaseOracleProcess.launch(launcher, logName, siteProperties), launched, clientProperties);
  }

  /**
   * Launches HBase as {@link #start(String, String, List, Map, Map)} does with no extra settings, with its master's
   * and region server's info ports on (their web pages, {@code /jmx} and {@code /prometheus}; see
   * {@link #infoServers}), as a production HBase runs.
   */
  public static HBaseUnderTest startWithInfoServers(String name, String logName, List<String> launcher)
      throws IOException, InterruptedException {
    long launched = System.nanoTime();
    return start(name, HBaseOracleProcess.launchWithInfoServers(launcher, logName, Map.of()), launched, Map.of());
  }

  private static HBaseUnderTest start(String name, HBaseOracleProcess process, long launched,
      Map<String, String> clientProperties) throws IOException, InterruptedException {
    try {
      FirstPutProbe.awaitFirstPut(FirstPutProbe.clientConfiguration("127.0.0.1", process.zookeeperPort(),
          clientProperties), process::isAlive, FIRST_PUT_TIMEOUT, process.log().toString());
    } catch (IOException | InterruptedException e) {
      process.close();
      throw e;
    }
    return new HBaseUnderTest(name, process, Duration.ofNanos(System.nanoTime() - launched), clientProperties);
  }

  /** Its info ports, when it was {@link #startWithInfoServers started with them}. */
  public OracleInfoServers infoServers() {
    return process.infoServers();
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public Map<String, String> clientProperties() {
    return clientProperties;
  }

  /** HBase's root directory, where its tables' files and snapshots are. */
  public Path rootDir() {
    return process.rootDir();
  }

  @Override
  public long pid() {
    return process.pid();
  }

  @Override
  public String zookeeperHost() {
    return "127.0.0.1";
  }

  @Override
  public int zookeeperPort() {
    return process.zookeeperPort();
  }

  @Override
  public Duration launchToFirstPut() {
    return launchToFirstPut;
  }

  @Override
  public String log() {
    return process.log().toString();
  }

  @Override
  public List<String> logLines() throws IOException {
    return process.logLines();
  }

  @Override
  public void close() throws IOException {
    process.close();
  }
}
