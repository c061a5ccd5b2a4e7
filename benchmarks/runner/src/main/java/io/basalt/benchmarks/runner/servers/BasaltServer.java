package io.basalt.benchmarks.runner.servers;

import io.basalt.conformance.harness.BasaltProcess;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;

/** Basalt as the conformance harness launches it: {@code java -jar basalt-server.jar} on free loopback ports. */
public final class BasaltServer implements ServerUnderTest {
  private static final Duration FIRST_PUT_TIMEOUT = Duration.ofMinutes(2);

  private final BasaltProcess process;
  private final Duration launchToFirstPut;

  private BasaltServer(BasaltProcess process, Duration launchToFirstPut) {
    this.process = process;
    this.launchToFirstPut = launchToFirstPut;
  }

  /** Launches Basalt with its data in {@code dataDir} and times it to the first acknowledged put. */
  public static BasaltServer start(Path dataDir) throws IOException, InterruptedException {
    long launched = System.nanoTime();
    BasaltProcess process = BasaltProcess.start(dataDir, "benchmark-basalt");
    try {
      FirstPutProbe.awaitFirstPut(
          FirstPutProbe.clientConfiguration(process.zookeeperHost(), process.zookeeperPort()),
          process::isAlive, FIRST_PUT_TIMEOUT, process.log().toAbsolutePath().toString());
    } catch (IOException | InterruptedException e) {
      process.kill();
      throw e;
    }
    return new BasaltServer(process, Duration.ofNanos(System.nanoTime() - launched));
  }

  @Override
  public String name() {
    return "Basalt";
  }

  @Override
  public long pid() {
    return process.pid();
  }

  @Override
  public String zookeeperHost() {
    return process.zookeeperHost();
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
    return process.log().toAbsolutePath().toString();
  }

  @Override
  public void close() throws IOException {
    process.close();
  }
}
