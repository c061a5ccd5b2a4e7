package io.basalt.conformance.harness;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Real HBase 2.6, the oracle of differential tests: a standalone HMaster (ZooKeeper, master and one region server
 * in one JVM, as {@code bin/hbase master start} runs it) started as a child process from the jars Maven resolved
 * in the hbase-oracle module. Its data lives on the local filesystem in a temporary directory; its log goes to
 * {@code target/hbase-oracle-logs}. Readiness is the caller's to check, with a client of its choosing. Its info
 * ports (web servers) are off unless launched with {@link #launchWithInfoServers}.
 */
public final class HBaseOracleProcess implements AutoCloseable {
  private final Process process;
  private final Path home;
  private final Path log;
  private final long logStart;
  private final int zookeeperPort;
  private final OracleInfoServers infoServers;

  private HBaseOracleProcess(Process process, Path home, Path log, long logStart, int zookeeperPort,
      OracleInfoServers infoServers) {
    this.process = process;
    this.home = home;
    this.log = log;
    this.logStart = logStart;
    this.zookeeperPort = zookeeperPort;
    this.infoServers = infoServers;
  }

  /** Launches HBase on free loopback ports; returns at once, before HBase is ready to serve. */
  public static HBaseOracleProcess launch(String logName) throws IOException {
    return launch(List.of(), logName);
  }

  /**
   * Launches HBase as {@link #launch(String)} does, through {@code launcher}: a command that runs the rest of the
   * command line in the same process (such as {@code taskset -c 2-3}), so that the process stopped is HBase's.
   */
  public static HBaseOracleProcess launch(List<String> launcher, String logName) throws IOException {
    return launch(launcher, logName, Map.of());
  }

  /**
   * Launches HBase as {@link #launch(List, String)} does, with {@code siteProperties} added to its hbase-site.xml
   * (taking the place of the harness's own value of a property they both name): TLS on its RPC ports, say.
   */
  public static HBaseOracleProcess launch(List<String> launcher, String logName, Map<String, String> siteProperties)
      throws IOException {
    return launch(launcher, logName, siteProperties, null);
  }

  /**
   * Launches HBase as {@link #launch(List, String, Map)} does without a launcher, with its master's and region
   * server's info ports on (see {@link #infoServers()}), for tests that read its {@code /jmx} or
   * {@code /prometheus}.
   */
  public static HBaseOracleProcess launchWithInfoServers(String logName, Map<String, String> siteProperties)
      throws IOException {
    return launchWithInfoServers(List.of(), logName, siteProperties);
  }

  /**
   * Launches HBase with its info ports on as {@link #launchWithInfoServers(String, Map)} does, through
   * {@code launcher} as {@link #launch(List, String)} does.
   */
  public static HBaseOracleProcess launchWithInfoServers(List<String> launcher, String logName,
      Map<String, String> siteProperties) throws IOException {
    return launch(launcher, logName, siteProperties, OracleInfoServers.onFreePorts());
  }

  /** {@code infoServers} is null to leave the info ports off. */
  private static HBaseOracleProcess launch(List<String> launcher, String logName, Map<String, String> siteProperties,
      OracleInfoServers infoServers) throws IOException {
    String classpath = oracleClasspath();
    Map<String, String> site = new LinkedHashMap<>();
    if (infoServers != null) {
      classpath = OracleInfoServers.webappsClasspathEntry(oracleClasspathFile()) + java.io.File.pathSeparator
          + classpath;
      site.putAll(infoServers.siteProperties());
    }
    site.putAll(siteProperties);
    Path home = Files.createTempDirectory("hbase-oracle-");
    Path conf = Files.createDirectories(home.resolve("conf"));
    int zookeeperPort = FreePorts.belowEphemeralRange();
    Files.writeString(conf.resolve("hbase-site.xml"), siteXml(home, zookeeperPort, site));
    // Hadoop's own settings (hadoop.*) are read by singletons Hadoop builds from core-site.xml alone, such as the
    // group mapping of its users: they go there too.
    Map<String, String> hadoop = new LinkedHashMap<>();
    site.forEach((name, value) -> {
      if (name.startsWith("hadoop.")) {
        hadoop.put(name, value);
      }
    });
    Files.writeString(conf.resolve("core-site.xml"), configurationXml(hadoop));
    Path logDir = Files.createDirectories(Path.of("target", "hbase-oracle-logs"));
    Path log = logDir.resolve(logName + ".log").toAbsolutePath();
    Files.writeString(conf.resolve("log4j2.properties"), log4jProperties(log));

    // Full stack traces every time: after a few throws the JIT otherwise drops them, and the differential test
    // recognises HBase's own crashes by where they happen.
    List<String> command = new ArrayList<>(launcher);
    command.addAll(List.of(BasaltProcess.javaExecutable(), "-Xmx2g", "-XX:+UseG1GC",
        "-XX:-OmitStackTraceInFastThrow"));
    command.addAll(TestServerJvmOptions.get());
    command.addAll(jdk17Flags());
    command.add("-Dlog4j2.configurationFile=" + conf.resolve("log4j2.properties"));
    command.addAll(List.of("-cp", conf + java.io.File.pathSeparator + classpath,
        "org.apache.hadoop.hbase.master.HMaster", "start"));
    long logStart = Files.exists(log) ? Files.size(log) : 0;
    Process process = ChildProcesses.endWithThisJvm(new ProcessBuilder(command)
        .redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
        .start());
    return new HBaseOracleProcess(process, home, log, logStart, zookeeperPort, infoServers);
  }

  /** The server's scanner lease: how long an abandoned scanner stays open. */
  public static final long SCANNER_LEASE_MILLIS = 10_000;

  /** The ZooKeeper client port, for {@code hbase.zookeeper.property.clientPort}; the quorum is 127.0.0.1. */
  public int zookeeperPort() {
    return zookeeperPort;
  }

  /** The info ports of a process launched {@link #launchWithInfoServers with them}. */
  public OracleInfoServers infoServers() {
    if (infoServers == null) {
      throw new IllegalStateException("HBase was launched with its info ports off; see launchWithInfoServers");
    }
    return infoServers;
  }

  /**
   * HBase's root directory where it is the harness's own (on the local file system); a launch whose site
   * properties name another {@code hbase.rootdir} knows where that is.
   */
  public Path rootDir() {
    return home.resolve("root");
  }

  public Path log() {
    return log;
  }

  /** What this process has logged so far; the log file may also hold earlier runs under the same name. */
  public List<String> logLines() throws IOException {
    return BasaltProcess.linesFrom(log, logStart);
  }

  /** The server JVM's process id, for reading its resource use from {@code /proc}. */
  public long pid() {
    return process.pid();
  }

  public boolean isAlive() {
    return process.isAlive();
  }

  /**
   * Kills HBase outright and removes its data: an oracle's data is disposable, and a clean HBase shutdown
   * takes a quarter of a minute.
   */
  @Override
  public void close() throws IOException {
    process.destroyForcibly();
    try {
      process.waitFor(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    BasaltServerExtension.deleteRecursively(home);
  }

  private static String siteXml(Path home, int zookeeperPort, Map<String, String> extra) throws IOException {
    Map<String, String> site = new LinkedHashMap<>();
    site.put("hbase.cluster.distributed", "false");
    site.put("hbase.rootdir", home.resolve("root").toUri().toString());
    site.put("hbase.tmp.dir", home.resolve("tmp").toString());
    site.put("hbase.unsafe.stream.capability.enforce", "false");
    site.put("hbase.zookeeper.quorum", "127.0.0.1");
    site.put("hbase.zookeeper.property.clientPort", Integer.toString(zookeeperPort));
    site.put("hbase.zookeeper.property.clientPortAddress", "127.0.0.1");
    site.put("hbase.zookeeper.property.dataDir", home.resolve("zookeeper").toString());
    site.put("hbase.master.port", Integer.toString(FreePorts.belowEphemeralRange()));
    site.put("hbase.regionserver.port", Integer.toString(FreePorts.belowEphemeralRange()));
    site.put("hbase.master.ipc.address", "127.0.0.1");
    site.put("hbase.regionserver.ipc.address", "127.0.0.1");
    site.put("hbase.master.hostname", "127.0.0.1");
    site.put("hbase.unsafe.regionserver.hostname", "127.0.0.1");
    site.put("hbase.master.info.port", "-1");
    site.put("hbase.regionserver.info.port", "-1");
    site.put("hbase.localcluster.assign.random.ports", "false");
    // Scanners a client abandons (after a failed scan) expire sooner, so their read points stop holding back what
    // compactions may drop; see SCANNER_LEASE_MILLIS.
    site.put("hbase.client.scanner.timeout.period", Long.toString(SCANNER_LEASE_MILLIS));
    site.putAll(extra);
    return configurationXml(site);
  }

  private static String configurationXml(Map<String, String> properties) {
    StringBuilder xml = new StringBuilder("<?xml version=\"1.0\"?>\n<configuration>\n");
    properties.forEach((name, value) -> xml.append("  <property><name>").append(name).append("</name><value>")
        .append(value).append("</value></property>\n"));
    return xml.append("</configuration>\n").toString();
  }

  private static String log4jProperties(Path log) {
    return String.join("\n",
        "status = warn",
        "appender.file.type = File",
        "appender.file.name = file",
        "appender.file.fileName = " + log.toString().replace("\\", "/"),
        "appender.file.append = true",
        "appender.file.layout.type = PatternLayout",
        "appender.file.layout.pattern = %d{ISO8601} %-5p [%t] %c{2}: %m%n",
        "rootLogger.level = warn",
        "rootLogger.appenderRef.file.ref = file",
        "");
  }

  /** What HBase's own launcher adds on JDK 11 and later: for any JVM running HBase's server classes. */
  public static List<String> jdk17Flags() {
    List<String> flags = new ArrayList<>(List.of(
        "-Dorg.apache.hbase.thirdparty.io.netty.tryReflectionSetAccessible=true",
        "-Djava.net.preferIPv4Stack=true", "-Dzookeeper.admin.enableServer=false",
        "--add-modules", "jdk.unsupported"));
    for (String pkg : List.of("java.io", "java.nio", "sun.nio.ch", "java.lang", "jdk.internal.ref",
        "java.lang.reflect", "java.util", "java.util.concurrent")) {
      flags.add("--add-opens");
      flags.add("java.base/" + pkg + "=ALL-UNNAMED");
    }
    for (String export : List.of("java.base/jdk.internal.misc", "java.base/sun.net.dns", "java.base/sun.net.util",
        "java.security.jgss/sun.security.krb5")) {
      flags.add("--add-exports");
      flags.add(export + "=ALL-UNNAMED");
    }
    return flags;
  }

  static String oracleClasspath() throws IOException {
    Path file = oracleClasspathFile();
    if (!Files.isRegularFile(file)) {
      throw new IOException("no HBase classpath file at " + file.toAbsolutePath()
          + "; build the conformance-tests/hbase-oracle module first");
    }
    return Files.readString(file, StandardCharsets.UTF_8).trim();
  }

  private static Path oracleClasspathFile() throws IOException {
    String configured = System.getProperty("hbase.oracle.classpath");
    if (configured == null) {
      throw new IOException("system property hbase.oracle.classpath is not set; run the tests through Maven");
    }
    return Path.of(configured);
  }
}
