package io.basalt.benchmarks.runner.servers;

import io.basalt.conformance.harness.HBaseOracleProcess;
import java.io.IOException;
import java.time.Duration;
import java.util.List;

/**
 * Real HBase 2.6.4 as the conformance harness launches it: a standalone HMaster (ZooKeeper, master and region server
 * in one JVM) from Maven Central jars, on the local filesystem and free loopback ports.
 */
public final class HBaseUnderTest implements ServerUnderTest {
  private static final Duration FIRST_PUT_TIMEOUT = Duration.ofMinutes(4);

  private final HBaseOracleProcess process;
  private final Duration launchToFirstPut;

  private HBaseUnderTest(HBaseOracleProcess process, Duration launchToFirstPut) {
    this.process = process;
    this.launchToFirstPut = launchToFirstPut;
  }

  /**
   * Launches HBase through {@code launcher} (empty, or {@code taskset} pinning it to some CPUs), logging to
   * {@code logName}, and times it to the first acknowledged put.
   */
  public static HBaseUnderTest start(String logName, List<String> launcher) throws IOException, InterruptedException {
    long launched = System.nanoTime();
    HBaseOracleProcess process = HBaseOracleProcess.launch(launcher, logName);
    try {
      FirstPutProbe.awaitFirstPut(FirstPutProbe.clientConfiguration("127.0.0.1", process.zookeeperPort()),
          process::isAlive, FIRST_PUT_TIMEOUT, process.log().toString());
    } catch (IOException | InterruptedException e) {
      process.close();
      throw e;
    }
    return new HBaseUnderTest(process, Duration.ofNanos(System.nanoTime() - launched));
  }

  @Override
  public String name() {
    return "HBase";
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
