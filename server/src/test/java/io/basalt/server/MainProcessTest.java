package io.basalt.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command as an operator meets it: its one ready line, clean exits, and one-line startup errors. */
class MainProcessTest {
  private static final Pattern READY = Pattern.compile("Basalt ready: zookeeper=(\\S+):(\\d+) rpc=(\\S+):(\\d+)");
  private static final Pattern LOG_LINE = Pattern.compile(
      "\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\\.\\d{3} (ERROR|WARN |INFO |DEBUG|TRACE) \\[[^\\]]+\\] \\w+: .*");

  @TempDir
  Path dir;

  @Test
  void printsOneReadyLineServesStatusAndExitsZeroOnSigterm() throws Exception {
    Path stdout = dir.resolve("out.txt");
    Path stderr = dir.resolve("err.txt");
    Process process = launch(stdout, stderr, "start", "--data-dir", dir.resolve("data").toString(),
        "--zookeeper-port", "0", "--rpc-port", "0", "--info-port", "0", "--hostname", "127.0.0.1");
    try {
      String ready = awaitFirstLine(stdout, process);
      assertTrue(READY.matcher(ready).matches(), ready);
      int infoPort = infoPort(stderr);
      HttpResponse<String> status = HttpClient.newHttpClient().send(
          HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + infoPort + "/status")).build(),
          HttpResponse.BodyHandlers.ofString());
      assertEquals(200, status.statusCode());
      assertTrue(status.body().contains("\"status\":\"running\""), status.body());
      assertTrue(status.body().contains("\"calls\":{\"onIoThreads\":"), status.body());
    } finally {
      process.destroy();
    }
    assertTrue(process.waitFor(60, TimeUnit.SECONDS), "Basalt did not stop on SIGTERM");
    assertEquals(0, process.exitValue());
    assertEquals(1, Files.readAllLines(stdout).size(), "standard output carries only the ready line");
    List<String> log = Files.readAllLines(stderr);
    assertEquals(List.of(), log.stream().filter(line -> !LOG_LINE.matcher(line).matches()).toList(),
        "every line of the log is one record in Basalt's format");
    // Logged while the JVM shuts down, alongside the JDK's own hook that would close the log handlers.
    assertTrue(log.get(log.size() - 1).endsWith(" INFO  [basalt-shutdown] BasaltServer: Basalt stopped"),
        String.join("\n", log));
  }

  /**
   * The status pages cost the start nothing: none of their classes loads before the ready line, only once asked. Nor
   * do the gateways' without their options.
   */
  @Test
  void theStatusPagesLoadOnTheFirstRequestForOne() throws Exception {
    Path classes = dir.resolve("classes.txt");
    Path stdout = dir.resolve("out.txt");
    Path stderr = dir.resolve("err.txt");
    Process process = launch(List.of("-Xlog:class+load=info:file=" + classes), stdout, stderr,
        "--data-dir", dir.resolve("data").toString(), "--zookeeper-port", "0", "--rpc-port", "0",
        "--info-port", "0", "--hostname", "127.0.0.1");
    try {
      awaitFirstLine(stdout, process);
      assertEquals(List.of(), pageClasses(classes), "loaded before the ready line");
      assertEquals(List.of(), classesOf("io.basalt.server.gateways", classes), "a start without the gateways loads "
          + "none of their classes");
      HttpResponse<String> page = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
          URI.create("http://127.0.0.1:" + infoPort(stderr) + "/master-status")).build(),
          HttpResponse.BodyHandlers.ofString());
      assertEquals(200, page.statusCode(), page.body());
      assertTrue(pageClasses(classes).contains("io.basalt.server.ui.WebUi"), "loaded by the first request");
    } finally {
      process.destroy();
    }
    assertTrue(process.waitFor(60, TimeUnit.SECONDS), "Basalt did not stop on SIGTERM");
  }

  /** The classes of the status pages' package the JVM has logged loading. */
  private static List<String> pageClasses(Path classLog) throws IOException {
    return classesOf("io.basalt.server.ui", classLog);
  }

  private static List<String> classesOf(String packageName, Path classLog) throws IOException {
    Matcher matcher = Pattern.compile("\\] (" + Pattern.quote(packageName + ".") + "\\S+)")
        .matcher(Files.readString(classLog));
    List<String> names = new ArrayList<>();
    while (matcher.find()) {
      names.add(matcher.group(1));
    }
    return names;
  }

  @Test
  void anOperatorsLoggingConfigurationReplacesTheDefaults() throws Exception {
    Path config = Files.writeString(dir.resolve("logging.properties"), String.join("\n",
        "handlers = java.util.logging.ConsoleHandler",
        ".level = SEVERE",
        "io.basalt.server.BasaltServer.level = INFO",
        "java.util.logging.ConsoleHandler.formatter = io.basalt.server.logging.LogLineFormatter", ""));
    Path stdout = dir.resolve("out.txt");
    Path stderr = dir.resolve("err.txt");
    Process process = launch(List.of("-Djava.util.logging.config.file=" + config), stdout, stderr,
        "--data-dir", dir.resolve("data").toString(), "--zookeeper-port", "0", "--rpc-port", "0",
        "--info-port", "-1", "--hostname", "127.0.0.1");
    try {
      awaitFirstLine(stdout, process);
    } finally {
      process.destroy();
    }
    assertTrue(process.waitFor(60, TimeUnit.SECONDS), "Basalt did not stop on SIGTERM");
    assertEquals(0, process.exitValue());
    List<String> log = Files.readAllLines(stderr);
    assertEquals(List.of(), log.stream().filter(line -> !line.contains(" BasaltServer: ")).toList(),
        "only the logger the configuration lets through at INFO");
    assertTrue(log.stream().anyMatch(line -> line.endsWith("BasaltServer: Basalt stopped")), String.join("\n", log));
  }

  @Test
  void aStopThatCannotFlushTheStoreExitsNonZero() throws Exception {
    Path stdout = dir.resolve("out.txt");
    Path stderr = dir.resolve("err.txt");
    Path data = dir.resolve("data");
    Process process = launch(stdout, stderr, "--data-dir", data.toString(), "--zookeeper-port", "0", "--rpc-port",
        "0", "--info-port", "-1", "--hostname", "127.0.0.1");
    try {
      awaitFirstLine(stdout, process);
      // The first start wrote the cluster id, which is still in a memtable. Take the store's volume away, as a
      // failed or unmounted disk would: the flush at the stop has nowhere to go.
      deleteRecursively(data.resolve("store"));
    } finally {
      process.destroy();
    }
    assertTrue(process.waitFor(60, TimeUnit.SECONDS), "Basalt did not stop on SIGTERM");
    assertEquals(3, process.exitValue(), "a stop that could not flush is not a clean exit");
    String log = Files.readString(stderr);
    assertTrue(log.contains("could not flush the memtables"), log);
  }

  @Test
  void aPortInUseIsOneLineAndANonZeroExit() throws Exception {
    try (ServerSocket taken = new ServerSocket(0)) {
      Result result = runToExit("--data-dir", dir.resolve("data").toString(), "--zookeeper-port", "0",
          "--info-port", "0", "--rpc-port", String.valueOf(taken.getLocalPort()));
      assertEquals(1, result.exitCode);
      assertEquals(List.of("basalt: error: RPC port " + taken.getLocalPort() + " is already in use; choose another"
          + " with --rpc-port or hbase.regionserver.port (0 picks a free port)"), result.stderrLinesFromMain());
    }
  }

  @Test
  void anUnusableDataDirectoryIsOneLineAndANonZeroExit() throws Exception {
    Path file = Files.writeString(dir.resolve("not-a-directory"), "x");
    Result result = runToExit("--data-dir", file.resolve("data").toString(), "--zookeeper-port", "0",
        "--rpc-port", "0", "--info-port", "0");
    assertEquals(1, result.exitCode);
    List<String> lines = result.stderrLinesFromMain();
    assertEquals(1, lines.size(), lines.toString());
    assertTrue(lines.get(0).startsWith("basalt: error: cannot create data directory"), lines.get(0));
  }

  /** The gateways' JVM is stood in for by one that cannot start: no such class path. */
  @Test
  void gatewaysThatCannotStartStopBasaltWithOneLineAndANonZeroExit() throws Exception {
    List<String> gatewaysMissing = List.of("-Dbasalt.gateways.classpath=" + dir.resolve("no-gateways.jar"));
    int restPort;
    try (ServerSocket free = new ServerSocket(0)) {
      restPort = free.getLocalPort();
    }
    Result result = runToExit(gatewaysMissing, "--data-dir", dir.resolve("data").toString(), "--zookeeper-port",
        "0", "--rpc-port", "0", "--info-port", "-1", "--rest-port", String.valueOf(restPort));
    assertEquals(1, result.exitCode, result.stderr);
    assertEquals(List.of("basalt: error: the gateways' JVM exited with status 1 before it was ready; its log "
        + "lines above say why"), result.stderrLinesFromMain());
    assertTrue(result.stderr.contains("io.basalt.gateways.GatewayMain"), "the JVM's own reason:\n" + result.stderr);
    assertTrue(result.stderr.contains("BasaltServer: Basalt stopped"), result.stderr);
    Result zero = runToExit(gatewaysMissing, "--data-dir", dir.resolve("data").toString(), "--thrift-port", "0");
    assertEquals(2, zero.exitCode, zero.stderr);
    assertTrue(zero.stderr.startsWith("basalt: hbase.regionserver.thrift.port must be a port from 1 to 65535"),
        zero.stderr);
  }

  @Test
  void badFlagsPrintUsageHints() throws Exception {
    Result result = runToExit("--bogus", "1");
    assertEquals(2, result.exitCode);
    assertTrue(result.stderr.contains("basalt: unknown option --bogus"), result.stderr);
    assertEquals(0, runToExit("--help").exitCode);
  }

  private record Result(int exitCode, String stderr) {
    /** Lines Main itself printed: log lines carry a timestamp and level, Main's own start with "basalt:". */
    List<String> stderrLinesFromMain() {
      List<String> lines = new ArrayList<>();
      for (String line : stderr.split("\n")) {
        if (line.startsWith("basalt:")) {
          lines.add(line);
        }
      }
      assertTrue(!stderr.contains("\tat "), "no stack trace expected:\n" + stderr);
      return lines;
    }
  }

  private Result runToExit(String... args) throws Exception {
    return runToExit(List.of(), args);
  }

  private Result runToExit(List<String> jvmOptions, String... args) throws Exception {
    Path stdout = dir.resolve("run-out.txt");
    Path stderr = dir.resolve("run-err.txt");
    Process process = launch(jvmOptions, stdout, stderr, args);
    assertTrue(process.waitFor(60, TimeUnit.SECONDS));
    return new Result(process.exitValue(), Files.readString(stderr));
  }

  private static Process launch(Path stdout, Path stderr, String... args) throws IOException {
    return launch(List.of(), stdout, stderr, args);
  }

  private static Process launch(List<String> jvmOptions, Path stdout, Path stderr, String... args)
      throws IOException {
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
        .toString()));
    command.addAll(jvmOptions);
    // The packages the server jar's manifest opens (Add-Opens), as java -jar would open them.
    command.addAll(List.of("--add-opens", "java.base/java.nio=ALL-UNNAMED", "--add-opens",
        "java.base/sun.nio.ch=ALL-UNNAMED", "--add-opens", "java.base/java.lang=ALL-UNNAMED",
        "-cp", System.getProperty("java.class.path"), Main.class.getName()));
    command.addAll(List.of(args));
    return new ProcessBuilder(command).redirectOutput(stdout.toFile()).redirectError(stderr.toFile()).start();
  }

  private static String awaitFirstLine(Path stdout, Process process) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (System.nanoTime() < deadline) {
      List<String> lines = Files.readAllLines(stdout, StandardCharsets.UTF_8);
      if (!lines.isEmpty()) {
        return lines.get(0);
      }
      if (!process.isAlive()) {
        throw new AssertionError("Basalt exited with " + process.exitValue() + " before it was ready");
      }
      TimeUnit.MILLISECONDS.sleep(50);
    }
    throw new AssertionError("no ready line within 60 s");
  }

  private static void deleteRecursively(Path path) throws IOException {
    try (var paths = Files.walk(path)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }

  private static int infoPort(Path stderr) throws IOException {
    Matcher matcher = Pattern.compile("Info server listening on port (\\d+)").matcher(Files.readString(stderr));
    assertTrue(matcher.find(), "the info port is logged");
    return Integer.parseInt(matcher.group(1));
  }
}
