package io.basalt.conformance.harness;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Basalt server running as a child process, exactly as an operator runs it: {@code java -jar basalt-server.jar}
 * with free ports and a data directory of the test's choosing. Its log goes to a file under
 * {@code target/basalt-logs}; the ports come from the one "Basalt ready" line it prints.
 */
public final class BasaltProcess implements BasaltTarget, AutoCloseable {
  /** The ready line; with the REST or Thrift2 gateway running, their {@code rest=HOST:PORT thrift=HOST:PORT} follow. */
  private static final Pattern READY =
      Pattern.compile("^Basalt ready: zookeeper=(\\S+):(\\d+) rpc=(\\S+):(\\d+)((?: \\w+=\\S+:\\d+)*)$");
  private static final Pattern INFO_PORT = Pattern.compile("Info server listening on port (\\d+)");
  private static final long START_TIMEOUT_SECONDS = 60;

  private final Process process;
  private final Path dataDir;
  private final Path log;
  private final long logStart;
  private final String zookeeperHost;
  private final int zookeeperPort;
  private final String rpcHost;
  private final int rpcPort;
  /** The gateways' {@code host:port} by their name in the ready line ({@code rest}, {@code thrift}). */
  private final Map<String, String> gateways = new LinkedHashMap<>();

  private BasaltProcess(Process process, Path dataDir, Path log, long logStart, Matcher ready) {
    this.process = process;
    this.dataDir = dataDir;
    this.log = log;
    this.logStart = logStart;
    this.zookeeperHost = ready.group(1);
    this.zookeeperPort = Integer.parseInt(ready.group(2));
    this.rpcHost = ready.group(3);
    this.rpcPort = Integer.parseInt(ready.group(4));
    for (String field : ready.group(5).trim().split(" ")) {
      if (!field.isEmpty()) {
        gateways.put(field.substring(0, field.indexOf('=')), field.substring(field.indexOf('=') + 1));
      }
    }
  }

  /** Starts Basalt on free ports with its data in {@code dataDir}, waiting until it is ready. */
  public static BasaltProcess start(Path dataDir, String logName, String... extraArgs) throws IOException {
    return startWith(List.of(), dataDir, logName, extraArgs);
  }

  /**
   * Starts Basalt as {@link #start} does, through {@code launcher}: a command that ends by running the rest of
   * the command line in the same process (such as {@code unshare ... sh -c '...; exec "$@"'}), so that the process
   * stopped and killed is still Basalt's.
   */
  public static BasaltProcess startWith(List<String> launcher, Path dataDir, String logName, String... extraArgs)
      throws IOException {
    return start(launcher, List.of(), dataDir, logName, extraArgs);
  }

  /** Starts Basalt as {@link #start} does, with these options for its JVM (class data sharing, say). */
  public static BasaltProcess startWithJvmOptions(List<String> jvmOptions, Path dataDir, String logName,
      String... extraArgs) throws IOException {
    return start(List.of(), jvmOptions, dataDir, logName, extraArgs);
  }

  /** Starts Basalt through {@code launcher} (see {@link #startWith}) with these options for its JVM. */
  public static BasaltProcess startWith(List<String> launcher, List<String> jvmOptions, Path dataDir,
      String logName, String... extraArgs) throws IOException {
    return start(launcher, jvmOptions, dataDir, logName, extraArgs);
  }

  private static BasaltProcess start(List<String> launcher, List<String> jvmOptions, Path dataDir, String logName,
      String... extraArgs) throws IOException {
    Path jar = serverJar();
    Path logDir = Path.of("target", "basalt-logs");
    Files.createDirectories(logDir);
    Path log = logDir.resolve(logName + ".log");
    List<String> command = new ArrayList<>(launcher);
    command.addAll(List.of(javaExecutable(), "-Xmx512m"));
    command.addAll(ServerClassArchive.jvmOptions(jar, jvmOptions, List.of(extraArgs)));
    command.addAll(TestServerJvmOptions.get());
    command.addAll(jvmOptions);
    command.addAll(List.of("-jar", jar.toString(),
        "--data-dir", dataDir.toString(), "--zookeeper-port", "0", "--rpc-port", "0", "--info-port", "0",
        "--hostname", "127.0.0.1"));
    command.addAll(List.of(extraArgs));
    long logStart = Files.exists(log) ? Files.size(log) : 0;
    Process process = ChildProcesses.endWithThisJvm(new ProcessBuilder(command)
        .redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()))
        .start());
    CompletableFuture<Matcher> ready = CompletableFuture.supplyAsync(() -> awaitReadyLine(process));
    try {
      return new BasaltProcess(process, dataDir, log, logStart,
          ready.get(START_TIMEOUT_SECONDS, TimeUnit.SECONDS));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
      throw new IOException("interrupted while waiting for Basalt to start", e);
    } catch (ExecutionException | TimeoutException e) {
      if (e instanceof ExecutionException) {
        // Its standard output closed: it is exiting, and its status is known once it has.
        waitBriefly(process);
      }
      process.destroyForcibly();
      throw new IOException("Basalt did not become ready (exit status "
          + (process.isAlive() ? "none, still running" : process.exitValue()) + "); see " + log.toAbsolutePath()
          + ":\n" + tail(log, logStart), e);
    }
  }

  private static void waitBriefly(Process process) throws IOException {
    try {
      process.waitFor(10, TimeUnit.SECONDS);
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
      throw new IOException("interrupted while waiting for Basalt to exit", interrupted);
    }
  }

  private static Matcher awaitReadyLine(Process process) {
    BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    try {
      String line = out.readLine();
      if (line == null) {
        throw new IllegalStateException("Basalt exited before it was ready");
      }
      Matcher matcher = READY.matcher(line);
      if (!matcher.matches()) {
        throw new IllegalStateException("unexpected first line on standard output: " + line);
      }
      // Keep draining standard output so the server never blocks on a full pipe.
      Thread drain = new Thread(() -> {
        try {
          while (out.readLine() != null) {
            // Basalt prints nothing else on standard output.
          }
        } catch (IOException e) {
          // the process ended
        }
      }, "basalt-stdout");
      drain.setDaemon(true);
      drain.start();
      return matcher;
    } catch (IOException e) {
      throw new IllegalStateException("cannot read Basalt's output", e);
    }
  }

  public String zookeeperHost() {
    return zookeeperHost;
  }

  public int zookeeperPort() {
    return zookeeperPort;
  }

  @Override
  public String zookeeperQuorum() {
    return zookeeperHost + ":" + zookeeperPort;
  }

  @Override
  public List<String> rpcAddresses() {
    return List.of(rpcAddress());
  }

  /** {@code host:port} of the RPC port, for RPC-registry clients' bootstrap servers. */
  public String rpcAddress() {
    return rpcHost + ":" + rpcPort;
  }

  /**
   * {@code host:port} of a gateway the ready line names ({@code rest} or {@code thrift}: started with
   * {@code --rest-port} or {@code --thrift-port}).
   */
  public String gatewayAddress(String name) {
    String address = gateways.get(name);
    if (address == null) {
      throw new IllegalStateException("Basalt's ready line names no " + name + " gateway: " + gateways);
    }
    return address;
  }

  public Path dataDir() {
    return dataDir;
  }

  public Path log() {
    return log;
  }

  /** What this process has logged so far; the log file may also hold earlier runs under the same name. */
  public List<String> logLines() throws IOException {
    return linesFrom(log, logStart);
  }

  /** The lines of a log file from a byte offset on: what one process appended to a log shared by name. */
  static List<String> linesFrom(Path log, long offset) throws IOException {
    byte[] bytes = Files.readAllBytes(log);
    int from = (int) Math.min(offset, bytes.length);
    return new String(bytes, from, bytes.length - from, StandardCharsets.UTF_8).lines().toList();
  }

  /** The JSON the server's info port answers on {@code /status}: its tables, call counts and uptime. */
  public String status() throws IOException {
    return info("/status");
  }

  /**
   * What the server's info port answers on {@code pathAndQuery}, such as {@code /replicas?digest=true} on a cluster
   * member.
   */
  public String info(String pathAndQuery) throws IOException {
    URI status = URI.create("http://127.0.0.1:" + infoPort() + pathAndQuery);
    try (InputStream in = status.toURL().openStream()) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  /** The info port the server logged it listens on. */
  public int infoPort() throws IOException {
    Matcher port = null;
    for (String line : logLines()) {
      Matcher matcher = INFO_PORT.matcher(line);
      if (matcher.find()) {
        port = matcher;
      }
    }
    if (port == null) {
      throw new IOException("Basalt logged no info port; see " + log.toAbsolutePath());
    }
    return Integer.parseInt(port.group(1));
  }

  public boolean isAlive() {
    return process.isAlive();
  }

  /**
   * Waits up to {@code timeoutMillis} for the process to end by itself; returns its exit status, or -1 if it is
   * still running.
   */
  public int awaitExit(long timeoutMillis) throws InterruptedException {
    return process.waitFor(timeoutMillis, TimeUnit.MILLISECONDS) ? process.exitValue() : -1;
  }

  /** The server's process id, for tools such as {@code jcmd} (see {@link JvmHeap}). */
  public long pid() {
    return process.pid();
  }

  /** Sends SIGTERM and waits for a clean exit; returns the exit status. */
  public int stop() throws IOException {
    process.destroy();
    try {
      if (!process.waitFor(60, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new IOException("Basalt did not stop within 60 s of SIGTERM; see " + log.toAbsolutePath());
      }
      return process.exitValue();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
      throw new IOException("interrupted while stopping Basalt", e);
    }
  }

  /** Kills the process with SIGKILL, as a crash would. */
  public void kill() throws InterruptedException {
    process.destroyForcibly();
    process.waitFor(30, TimeUnit.SECONDS);
  }

  @Override
  public void close() throws IOException {
    if (process.isAlive()) {
      stop();
    }
  }

  private static Path serverJar() throws IOException {
    String configured = System.getProperty("basalt.server.jar");
    if (configured == null) {
      throw new IOException("system property basalt.server.jar is not set; run the tests through Maven");
    }
    Path jar = Path.of(configured).toAbsolutePath().normalize();
    if (!Files.isRegularFile(jar)) {
      throw new IOException("no Basalt server jar at " + jar + "; build it first (mvn package)");
    }
    return jar;
  }

  /** The java launcher of the JVM running the tests, so child processes run on the same Java. */
  static String javaExecutable() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  /**
   * The lines this start wrote to the log: its error line ("basalt: error: ...") first, since threads still logging
   * while the process exits can push it out of the last 30 lines, which follow.
   */
  private static String tail(Path log, long logStart) {
    try {
      byte[] all = Files.readAllBytes(log);
      int from = (int) Math.min(logStart, all.length);
      List<String> lines = new String(all, from, all.length - from, StandardCharsets.UTF_8).lines().toList();
      StringBuilder text = new StringBuilder();
      lines.stream().filter(line -> line.startsWith("basalt: error:")).forEach(line -> text.append(line).append('\n'));
      return text.append(String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()))).toString();
    } catch (IOException e) {
      return "(log unreadable: " + e.getMessage() + ")";
    }
  }
}
