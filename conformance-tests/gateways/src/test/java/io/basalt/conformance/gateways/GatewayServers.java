package io.basalt.conformance.gateways;

import static io.basalt.conformance.harness.BasaltServerExtension.deleteRecursively;

import io.basalt.conformance.harness.BasaltProcess;
import io.basalt.conformance.harness.DebianPackages;
import io.basalt.conformance.harness.FreePorts;
import io.basalt.conformance.harness.SiteFileWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The servers of a test run (one Surefire JVM), started by the first test class that asks for any of them and
 * stopped after the last: Basalt with its gateways, started as an operator starts it ({@code --rest-port},
 * {@code --thrift-port}); real HBase 2.6.4 with the same gateways in front of it, launched at the same time (it
 * takes some twenty seconds to serve, which the Basalt classes' tests use) and awaited only by the class that
 * compares; and the clients' tools: curl, Python's Thrift library and the Thrift2 bindings.
 */
final class GatewayServers implements AutoCloseable {
  private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(GatewayServers.class);
  /**
   * Both servers' gateways give up on a call after a few quick tries: an answer that fails fails within seconds,
   * and the oracle's readiness probe polls quickly. Basalt hands them these from its configuration file.
   */
  static final Map<String, String> CLIENT_SETTINGS = Map.of("hbase.client.retries.number", "3",
      "hbase.client.pause", "100", "hbase.client.operation.timeout", "20000");
  /**
   * The gateways' JVM compiles with C1 alone: it reaches its ready line in about 3 s of CPU instead of 5, the most
   * of which C2 spends on code these few requests never make hot, and the tests start it three times.
   */
  static final String GATEWAY_JVM_OPTIONS = "-Xmx512m -XX:TieredStopAtLevel=1";

  private final Path work;
  private final BasaltProcess basalt;
  private final Gateways basaltGateways;
  private final HBaseWithGateways hbase;
  private final ThriftPython python;

  private GatewayServers(Path work, BasaltProcess basalt, HBaseWithGateways hbase, ThriftPython python) {
    this.work = work;
    this.basalt = basalt;
    this.basaltGateways = new Gateways("Basalt", basalt.gatewayAddress("rest"), basalt.gatewayAddress("thrift"));
    this.hbase = hbase;
    this.python = python;
  }

  static GatewayServers of(ExtensionContext context) {
    return context.getRoot().getStore(NAMESPACE)
        .getOrComputeIfAbsent(GatewayServers.class, key -> start(), GatewayServers.class);
  }

  private static GatewayServers start() {
    HBaseWithGateways hbase = null;
    BasaltProcess basalt = null;
    Path work = null;
    try {
      // HBase first: its twenty-odd seconds to serve overlap everything else, a first install of the packages too.
      hbase = HBaseWithGateways.launch();
      DebianPackages.ensureInstalled(Map.of(Curl.EXECUTABLE, "curl", ThriftPython.PYTHON, "python3",
          ThriftPython.LIBRARY, "python3-thrift", ThriftPython.COMPILER, "thrift-compiler"));
      work = Files.createTempDirectory("gateways-test-");
      basalt = startBasalt(work.resolve("basalt"), "gateways-basalt");
      ThriftPython python = ThriftPython.generate(Path.of(System.getProperty("thrift2.idl")),
          Files.createDirectories(work.resolve("python")));
      return new GatewayServers(work, basalt, hbase, python);
    } catch (IOException | InterruptedException | RuntimeException e) {
      stopAfterFailedStart(hbase, basalt, work, e);
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      throw e instanceof IOException io ? new UncheckedIOException(io)
          : e instanceof RuntimeException runtime ? runtime : new IllegalStateException(e);
    }
  }

  /** What a failed start had started, stopped and removed; a failure to do so is added to the start's. */
  private static void stopAfterFailedStart(HBaseWithGateways hbase, BasaltProcess basalt, Path work,
      Exception failure) {
    for (AutoCloseable started : new AutoCloseable[] {basalt, hbase, () -> deleteRecursively(work)}) {
      if (started != null) {
        try {
          started.close();
        } catch (Exception e) {
          failure.addSuppressed(e);
        }
      }
    }
  }

  /**
   * Basalt with both gateways on free ports, handed {@link #CLIENT_SETTINGS} and {@link #GATEWAY_JVM_OPTIONS} in its
   * configuration file.
   */
  static BasaltProcess startBasalt(Path dataDir, String logName, String... extraArgs) throws IOException {
    Files.createDirectories(dataDir);
    List<Integer> ports = FreePorts.belowEphemeralRange(2, 1);
    Map<String, String> site = new HashMap<>(CLIENT_SETTINGS);
    site.put("basalt.gateways.jvm.options", GATEWAY_JVM_OPTIONS);
    List<String> args = new ArrayList<>(List.of("--rest-port", ports.get(0).toString(),
        "--thrift-port", ports.get(1).toString(), "--config",
        SiteFileWriter.write(dataDir.resolve("basalt-site.xml"), site).toString()));
    args.addAll(List.of(extraArgs));
    return BasaltProcess.startWithJvmOptions(List.of("-Dbasalt.gateways.classpath=" + gatewaysClasspath()),
        dataDir, logName, args.toArray(new String[0]));
  }

  /** The gateways' jar (its manifest names the rest) as the gateways module built it. */
  static String gatewaysClasspath() throws IOException {
    String configured = System.getProperty("basalt.gateways.classpath");
    if (configured == null || !Files.isRegularFile(Path.of(configured))) {
      throw new IOException("no gateways jar at " + configured + "; build the gateways module first");
    }
    return configured;
  }

  Gateways basalt() {
    return basaltGateways;
  }

  BasaltProcess basaltProcess() {
    return basalt;
  }

  /** HBase's gateways, once HBase serves: waits for it the first time. */
  Gateways hbase() throws IOException, InterruptedException {
    return hbase.awaitServing(work);
  }

  ThriftPython python() {
    return python;
  }

  Path work() {
    return work;
  }

  @Override
  public void close() throws IOException {
    try {
      basalt.close();
    } finally {
      try {
        hbase.close();
      } finally {
        deleteRecursively(work);
      }
    }
  }
}
