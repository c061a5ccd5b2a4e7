package io.basalt.benchmarks.runner.servers;

import io.basalt.conformance.harness.BasaltProcess;
import io.basalt.conformance.harness.SiteFileWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Basalt as {@code bin/basalt} runs it: {@code java -jar basalt-server.jar} on free loopback ports, mapping its
 * classes from a class data sharing archive that an earlier run wrote at exit. The rehearsal run that writes the
 * archive also warms the runner's own client, so that neither server's launch-to-first-put time includes the
 * client loading its classes.
 */
public final class BasaltUnderTest implements ServerUnderTest {
  private static final Duration FIRST_PUT_TIMEOUT = Duration.ofMinutes(2);
  /** The heap {@code HBaseOracleProcess} gives HBase ({@code -Xmx2g}). */
  private static final long HBASE_HEAP_BYTES = 2L << 30;

  /** The harness's system property naming the server jar that {@link BasaltProcess} launches. */
  private static final String SERVER_JAR_PROPERTY = "basalt.server.jar";

  private final String name;
  private final BasaltProcess process;
  private final Duration launchToFirstPut;
  private final Map<String, String> clientProperties;

  private BasaltUnderTest(String name, BasaltProcess process, Duration launchToFirstPut,
      Map<String, String> clientProperties) {
    this.name = name;
    this.process = process;
    this.launchToFirstPut = launchToFirstPut;
    this.clientProperties = Collections.unmodifiableMap(new LinkedHashMap<>(clientProperties));
  }

  /**
   * Runs Basalt once to its first put and stops it, as a first {@code bin/basalt start} would: it writes the class
   * archive {@code archive} as it exits, and the client in this JVM has then loaded everything a put needs.
   */
  public static void rehearse(Path dataDir, Path archive) throws IOException, InterruptedException {
    Files.deleteIfExists(archive);
    BasaltProcess process = BasaltProcess.startWithJvmOptions(List.of("-XX:ArchiveClassesAtExit=" + archive),
        dataDir, "benchmark-basalt-rehearsal");
    try {
      awaitFirstPut(process, Map.of());
    } finally {
      process.close();
    }
    if (!Files.isRegularFile(archive)) {
      throw new IOException("the rehearsal run wrote no class archive " + archive + "; see " + process.log());
    }
  }

  /**
   * Launches Basalt from the rehearsal's class archive, with its data in {@code dataDir}, through {@code launcher}
   * (empty, or {@code taskset} pinning it to some CPUs), and times it. It gets the memory for cached blocks and for
   * unflushed writes that HBase's heap gives HBase (see {@link #memoryLike}).
   */
  public static BasaltUnderTest start(Path dataDir, Path archive, String logName, List<String> launcher)
      throws IOException, InterruptedException {
    return start("Basalt", dataDir, archive, logName, launcher, Map.of(), Map.of());
  }

  /**
   * Launches Basalt as {@link #start(Path, Path, String, List)} does, named {@code name} in reports, with
   * {@code siteProperties} added to its site file (TLS on its RPC port, say); {@code clientProperties} are what a
   * client then needs besides the quorum, for the first put and for every benchmark client.
   */
  public static BasaltUnderTest start(String name, Path dataDir, Path archive, String logName,
      List<String> launcher, Map<String, String> siteProperties, Map<String, String> clientProperties)
      throws IOException, InterruptedException {
    List<String> classSharing = List.of("-XX:SharedArchiveFile=" + archive, "-Xshare:auto", "-Xlog:cds=off",
        "-Xlog:cds+dynamic=off");
    // One site file per data directory: several servers may run side by side.
    Path config = memoryLike(dataDir.resolveSibling(dataDir.getFileName() + "-site.xml"), siteProperties);
    long launched = System.nanoTime();
    BasaltProcess process = BasaltProcess.startWith(launcher, classSharing, dataDir, logName,
        "--config", config.toString());
    try {
      awaitFirstPut(process, clientProperties);
    } catch (IOException | InterruptedException e) {
      process.kill();
      throw e;
    }
    return new BasaltUnderTest(name, process, Duration.ofNanos(System.nanoTime() - launched), clientProperties);
  }

  /**
   * Launches a single node from the server jar {@code jar} (null: this build's) with Basalt's default settings and
   * no class archive, as a cluster's nodes are launched, so that the two compare on the same footing; {@code name}
   * is how the report names it.
   */
  public static BasaltUnderTest startDefault(String name, Path jar, Path dataDir, String logName)
      throws IOException, InterruptedException {
    long launched = System.nanoTime();
    BasaltProcess process = jar == null ? BasaltProcess.start(dataDir, logName) : startFromJar(jar, dataDir, logName);
    try {
      awaitFirstPut(process, Map.of());
    } catch (IOException | InterruptedException e) {
      process.kill();
      throw e;
    }
    return new BasaltUnderTest(name, process, Duration.ofNanos(System.nanoTime() - launched), Map.of());
  }

  /**
   * The harness launches the jar its system property names when it starts a process; the runner starts servers
   * one at a time from its main thread, so naming another jar for one start and then restoring it is safe here.
   */
  private static BasaltProcess startFromJar(Path jar, Path dataDir, String logName) throws IOException {
    String ownJar = System.getProperty(SERVER_JAR_PROPERTY);
    System.setProperty(SERVER_JAR_PROPERTY, jar.toAbsolutePath().toString());
    try {
      return BasaltProcess.start(dataDir, logName);
    } finally {
      if (ownJar == null) {
        System.clearProperty(SERVER_JAR_PROPERTY);
      } else {
        System.setProperty(SERVER_JAR_PROPERTY, ownJar);
      }
    }
  }

  /**
   * A config file giving Basalt the block cache and memtable memory HBase gives itself: HBase 2.6 keeps 40 % of
   * its heap for cached blocks ({@code hfile.block.cache.size}) and 40 % for memstores
   * ({@code hbase.regionserver.global.memstore.size}), and the harness runs it with a 2 GiB heap; then
   * {@code extra}.
   */
  static Path memoryLike(Path file, Map<String, String> extra) throws IOException {
    String hbaseShare = Long.toString((long) (HBASE_HEAP_BYTES * 0.4));
    Map<String, String> properties = new LinkedHashMap<>();
    properties.put("basalt.rocksdb.block.cache.bytes", hbaseShare);
    properties.put("basalt.rocksdb.memtable.budget.bytes", hbaseShare);
    properties.putAll(extra);
    return SiteFileWriter.write(file, properties);
  }

  private static void awaitFirstPut(BasaltProcess process, Map<String, String> clientProperties)
      throws IOException, InterruptedException {
    FirstPutProbe.awaitFirstPut(FirstPutProbe.clientConfiguration(process.zookeeperHost(), process.zookeeperPort(),
        clientProperties), process::isAlive, FIRST_PUT_TIMEOUT, process.log().toAbsolutePath().toString());
  }

  /** The port its web pages, {@code /jmx} and {@code /prometheus} are served on. */
  public int infoPort() throws IOException {
    return process.infoPort();
  }

  @Override
  public String name() {
    return name;
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
  public Map<String, String> clientProperties() {
    return clientProperties;
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
  public List<String> logLines() throws IOException {
    return process.logLines();
  }

  @Override
  public void close() throws IOException {
    process.close();
  }
}
