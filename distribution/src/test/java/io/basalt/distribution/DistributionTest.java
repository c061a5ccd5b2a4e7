package io.basalt.distribution;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Unpacks the archive this build made and runs Basalt from it with {@code bin/basalt}, as an operator would:
 * daemon start, status, a stock client's put and get, the copy tool, the snapshot import and export, stop, and what
 * the script does with a stale pid file.
 */
class DistributionTest {
  private static final Pattern READY =
      Pattern.compile("Basalt ready: zookeeper=([^:\\s]+):(\\d+) rpc=(\\S+)");

  @TempDir
  Path work;
  private Path home;

  @BeforeEach
  void unpack() throws Exception {
    Path archive = Path.of(System.getProperty("basalt.distribution.archive"));
    assertTrue(Files.isRegularFile(archive), archive + " was not built");
    Result untar = run(new ProcessBuilder("tar", "xzf", archive.toString(), "-C", work.toString()));
    assertEquals(0, untar.exit(), untar.output());
    try (var entries = Files.list(work)) {
      home = entries.filter(p -> p.getFileName().toString().startsWith("basalt-")).findFirst().orElseThrow();
    }
  }

  @AfterEach
  void killLeftovers() throws Exception {
    Path pidFile = home.resolve("logs/basalt.pid");
    if (Files.exists(pidFile)) {
      ProcessHandle.of(Long.parseLong(Files.readString(pidFile).trim())).ifPresent(ProcessHandle::destroyForcibly);
    }
  }

  @Test
  void theArchiveHoldsTheLauncherTheConfigurationAndTheLibraries() throws IOException {
    assertTrue(Files.isExecutable(home.resolve("bin/basalt")));
    Path sourceRoot = Path.of(System.getProperty("basalt.source.root"));
    assertEquals(Files.readString(sourceRoot.resolve("conf/basalt-site.xml")),
        Files.readString(home.resolve("conf/basalt-site.xml")));
    assertEquals(Files.readString(sourceRoot.resolve("conf/logging.properties")),
        Files.readString(home.resolve("conf/logging.properties")));
    try (var jars = Files.list(home.resolve("lib"))) {
      List<String> names = jars.map(p -> p.getFileName().toString()).toList();
      assertTrue(names.stream().anyMatch(n -> n.startsWith("basalt-server-")), names.toString());
      assertTrue(names.stream().anyMatch(n -> n.startsWith("rocksdbjni-")), names.toString());
      assertTrue(names.stream().anyMatch(n -> n.startsWith("basalt-tools-")), names.toString());
      assertEquals(List.of(), names.stream().filter(n -> n.startsWith("hbase-rest") || n.startsWith("hbase-thrift"))
          .toList(), "HBase's gateways stay off the server's class path");
    }
    try (var jars = Files.list(home.resolve("lib/gateways"))) {
      List<String> names = jars.map(p -> p.getFileName().toString()).toList();
      assertTrue(names.containsAll(List.of("basalt-gateways.jar", "hbase-rest-2.6.1.jar", "hbase-thrift-2.6.1.jar")),
          names.toString());
    }
    assertTrue(Files.isRegularFile(home.resolve("docs/testing-with-basalt.md")));
  }

  /** With HBase's REST and Thrift2 gateways from lib/gateways/ beside it, which stop with it. */
  @Test
  void startsInTheBackgroundServesClientsAndStops() throws Exception {
    Path data = work.resolve("data");
    int restPort = freePort();
    int thriftPort = freePort();
    Result start = basalt(onFreePorts("start", "--daemon", "--data-dir", data.toString(), "--rest-port",
        Integer.toString(restPort), "--thrift-port", Integer.toString(thriftPort)));
    assertEquals(0, start.exit(), start.output());
    Matcher ready = READY.matcher(start.output());
    assertTrue(ready.find(), start.output());
    assertTrue(start.output().contains(" rest=" + ready.group(1) + ":" + restPort + " thrift=" + ready.group(1) + ":"
        + thriftPort), start.output());
    Path pidFile = home.resolve("logs/basalt.pid");
    long pid = Long.parseLong(Files.readString(pidFile).trim());
    assertTrue(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false));
    ProcessHandle gateways = ProcessHandle.of(pid).orElseThrow().children()
        .filter(child -> child.info().commandLine().orElse("").contains("io.basalt.gateways.GatewayMain"))
        .findFirst().orElseThrow(() -> new AssertionError("no gateways' JVM beside Basalt"));
    HttpResponse<String> version = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
        URI.create("http://127.0.0.1:" + restPort + "/version/cluster")).build(), HttpResponse.BodyHandlers.ofString());
    assertEquals(200, version.statusCode());
    assertEquals("2.6.4", version.body().strip());

    Result status = basalt("status");
    assertEquals(0, status.exit(), status.output());
    assertTrue(status.output().contains("pid " + pid) && status.output().contains(ready.group()),
        status.output());

    Result again = basalt(onFreePorts("start", "--daemon", "--data-dir", work.resolve("other").toString()));
    assertEquals(1, again.exit(), again.output());
    assertTrue(again.output().contains("already running"), again.output());

    putAndGet(ready.group(1), Integer.parseInt(ready.group(2)));
    String cluster = ready.group(1) + ":" + ready.group(2);
    Result copy = basalt("copy", "--from", cluster, "--to", cluster, "--tables", "from_the_archive", "--rename",
        "from_the_archive=copied_from_the_archive");
    assertEquals(0, copy.exit(), copy.output());
    assertTrue(copy.output().contains("EQUAL from_the_archive and copied_from_the_archive"), copy.output());
    Path export = HandWrittenSnapshot.write(work.resolve("export"));
    Result imported = basalt("import-snapshot", "--snapshot-dir", export.toString(), "--to", cluster);
    assertEquals(0, imported.exit(), imported.output());
    assertTrue(imported.output().contains("imported handmade into snapshotted: 2 regions, 200 cells"),
        imported.output());
    assertTrue(imported.output().contains("VERIFIED"), imported.output());
    assertTrue(Files.isRegularFile(home.resolve("lib/basalt-import-snapshot.jsa")),
        "a tool's first run leaves a class archive for its next: " + imported.output());
    Result exported = basalt("export-snapshot", "--table", "snapshotted", "--to-dir",
        work.resolve("exported").toString(), "--from", cluster);
    assertEquals(0, exported.exit(), exported.output());
    assertTrue(exported.output().contains("wrote snapshot snapshotted of snapshotted: 2 regions, 2 HFiles, 200 cells"),
        exported.output());

    Result stop = basalt("stop");
    assertEquals(0, stop.exit(), stop.output());
    assertFalse(Files.exists(pidFile));
    assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false));
    assertFalse(gateways.isAlive(), "Basalt's stop waits for its gateways to stop");
    assertEquals(3, basalt("status").exit());
    String log = Files.readString(home.resolve("logs/basalt.log"));
    assertTrue(log.contains("Basalt stopped"), log);
    assertTrue(Files.isDirectory(data.resolve("store")), "data went to --data-dir");
  }

  @Test
  void runsInTheForegroundUntilStoppedAndStartsFromItsClassArchiveAfterwards() throws Exception {
    Path data = work.resolve("data");
    Path pidFile = home.resolve("logs/basalt.pid");
    Foreground first = Foreground.start(home, work, onFreePorts("start", "--data-dir", data.toString()));
    try {
      assertEquals(Long.toString(first.process().pid()), Files.readString(pidFile).trim(),
          "the server names itself in the pid file");
      Result status = basalt("status");
      assertEquals(0, status.exit(), status.output());
      putAndGet(first.ready().group(1), Integer.parseInt(first.ready().group(2)));
      Result stop = basalt("stop");
      assertEquals(0, stop.exit(), stop.output());
      assertTrue(first.process().waitFor(60, TimeUnit.SECONDS));
      assertEquals(0, first.process().exitValue(), first.errors());
    } finally {
      first.process().destroyForcibly();
    }
    assertFalse(Files.exists(pidFile), "a clean stop removes the pid file");
    assertEquals(3, basalt("status").exit());

    // The first run left a class data sharing archive; the next start maps its classes from it.
    Path archive = home.resolve("lib/basalt-server.jsa");
    assertTrue(Files.isRegularFile(archive), "no archive after the first run: " + first.errors());
    Foreground second = Foreground.start(home, work, onFreePorts("start", "--data-dir", data.toString()));
    try {
      String maps = Files.readString(Path.of("/proc", Long.toString(second.process().pid()), "maps"));
      assertTrue(maps.contains(archive.toString()), "the second start does not map " + archive);
      second.process().destroy(); // SIGTERM, as Ctrl-C or a supervisor would stop it
      assertTrue(second.process().waitFor(60, TimeUnit.SECONDS));
      assertEquals(0, second.process().exitValue(), second.errors());
    } finally {
      second.process().destroyForcibly();
    }
    assertFalse(Files.exists(pidFile));
  }

  @Test
  void logsWhereConfLoggingPropertiesSays() throws Exception {
    // The recipe the shipped file gives for rotated log files instead of standard error.
    Path logs = Files.createDirectories(work.resolve("var-log"));
    Files.writeString(home.resolve("conf/logging.properties"), String.join("\n",
        "handlers = java.util.logging.FileHandler",
        ".level = INFO",
        "org.apache.zookeeper.level = SEVERE",
        "java.util.logging.FileHandler.pattern = " + logs.resolve("basalt-%g.log"),
        "java.util.logging.FileHandler.limit = 104857600",
        "java.util.logging.FileHandler.count = 10",
        "java.util.logging.FileHandler.formatter = io.basalt.server.logging.LogLineFormatter", ""));
    Result start = basalt(onFreePorts("start", "--daemon", "--data-dir", work.resolve("data").toString()));
    assertEquals(0, start.exit(), start.output());
    assertEquals(0, basalt("stop").exit());

    String log = Files.readString(logs.resolve("basalt-0.log"));
    assertTrue(log.lines().anyMatch(line -> line.contains(" INFO  [main] BasaltServer: Basalt ")
        && line.contains(" serving 0 tables as ")), log);
    assertTrue(log.strip().endsWith("BasaltServer: Basalt stopped"), log);
    try (var files = Files.list(logs)) {
      assertEquals(List.of("basalt-0.log"), files.map(p -> p.getFileName().toString()).toList(),
          "the handler was closed at the stop, its lock file with it");
    }
    String standardError = Files.readString(home.resolve("logs/basalt.log"));
    assertFalse(standardError.contains("BasaltServer:"), standardError);
  }

  @Test
  void aStalePidFileIsReportedThenReplaced() throws Exception {
    Process gone = new ProcessBuilder("true").start();
    gone.waitFor();
    Path pidFile = home.resolve("logs/basalt.pid");
    Files.createDirectories(pidFile.getParent());
    Files.writeString(pidFile, gone.pid() + "\n");

    Result status = basalt("status");
    assertEquals(1, status.exit(), status.output());
    assertEquals(0, basalt("stop").exit());
    assertFalse(Files.exists(pidFile), "stop clears a stale pid file");

    Files.writeString(pidFile, gone.pid() + "\n");
    Result start = basalt(onFreePorts("start", "--daemon", "--data-dir", work.resolve("data").toString()));
    assertEquals(0, start.exit(), start.output());
    assertTrue(start.output().contains("stale pid file"), start.output());
    assertEquals(0, basalt("stop").exit());
  }

  @Test
  void badUsageAndStartupFailuresAreOneLineAndNonZero() throws Exception {
    assertEquals(2, basalt("frobnicate").exit());
    Result badOption = basalt("start", "--no-such-option", "x");
    assertEquals(2, badOption.exit(), badOption.output());
    assertTrue(badOption.output().contains("unknown option --no-such-option"), badOption.output());

    Path notADirectory = Files.writeString(work.resolve("a-file"), "x");
    Result failed = basalt(onFreePorts("start", "--daemon", "--data-dir", notADirectory.toString()));
    assertEquals(1, failed.exit(), failed.output());
    assertTrue(failed.output().contains("exited while starting"), failed.output());
    assertFalse(Files.exists(home.resolve("logs/basalt.pid")));
  }

  private static void putAndGet(String zookeeperHost, int zookeeperPort) throws IOException {
    Configuration conf = HBaseConfiguration.create();
    conf.set("hbase.zookeeper.quorum", zookeeperHost);
    conf.setInt("hbase.zookeeper.property.clientPort", zookeeperPort);
    TableName name = TableName.valueOf("from_the_archive");
    try (Connection connection = ConnectionFactory.createConnection(conf); Admin admin = connection.getAdmin()) {
      admin.createTable(TableDescriptorBuilder.newBuilder(name)
          .setColumnFamily(ColumnFamilyDescriptorBuilder.of("f")).build());
      try (Table table = connection.getTable(name)) {
        table.put(new Put(toBytes("r")).addColumn(toBytes("f"), toBytes("q"), toBytes("v")));
        assertArrayEquals(toBytes("v"), table.get(new Get(toBytes("r"))).getValue(toBytes("f"), toBytes("q")));
      }
    }
  }

  private Result basalt(String... words) throws Exception {
    List<String> line = new ArrayList<>(List.of(home.resolve("bin/basalt").toString()));
    line.addAll(List.of(words));
    ProcessBuilder builder = new ProcessBuilder(line).directory(work.toFile());
    builder.environment().put("BASALT_START_TIMEOUT", "120");
    return run(builder);
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  /** The words of a start command, on free ports: never a fixed port in a test. */
  private static String[] onFreePorts(String... words) {
    List<String> all = new ArrayList<>(List.of(words));
    all.addAll(List.of("--rpc-port", "0", "--zookeeper-port", "0", "--info-port", "0"));
    return all.toArray(new String[0]);
  }

  private static Result run(ProcessBuilder builder) throws Exception {
    Path output = Files.createTempFile("basalt-command", ".out");
    try {
      Process process = builder.redirectErrorStream(true).redirectOutput(output.toFile()).start();
      if (!process.waitFor(180, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new AssertionError(String.join(" ", builder.command()) + " did not finish");
      }
      return new Result(process.exitValue(), Files.readString(output, StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(output);
    }
  }

  private record Result(int exit, String output) {}

  /** {@code bin/basalt start} in the foreground, once its ready line is out; its log goes to a file. */
  private record Foreground(Process process, Matcher ready, Path log) {
    static Foreground start(Path home, Path work, String... words) throws Exception {
      List<String> line = new ArrayList<>(List.of(home.resolve("bin/basalt").toString()));
      line.addAll(List.of(words));
      Path log = Files.createTempFile(work, "foreground", ".log");
      Process process = new ProcessBuilder(line).directory(work.toFile()).redirectError(log.toFile()).start();
      CompletableFuture<String> firstLine = CompletableFuture.supplyAsync(() -> {
        try {
          return new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))
              .readLine();
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
      String readyLine;
      try {
        readyLine = firstLine.get(120, TimeUnit.SECONDS);
      } catch (Exception e) {
        process.destroyForcibly();
        throw new AssertionError("no ready line: " + Files.readString(log), e);
      }
      Matcher ready = READY.matcher(String.valueOf(readyLine));
      if (!ready.find()) {
        process.destroyForcibly();
        throw new AssertionError("not a ready line: " + readyLine + "\n" + Files.readString(log));
      }
      return new Foreground(process, ready, log);
    }

    String errors() throws IOException {
      return Files.readString(log);
    }
  }
}
