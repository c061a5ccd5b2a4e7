package io.basalt.server.gateways;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * HBase's REST and Thrift2 servers running beside Basalt, in a JVM of their own (both in one): a child process,
 * not this JVM, because they bring hbase-server, Jetty, Jersey and Hadoop 2, some 120 jars that Basalt's start
 * should not scan or load (docs/gateways.md has the numbers), with their own versions of libraries Basalt uses too,
 * their own statics (Hadoop's metrics system, JMX beans under Hadoop:service=HBase names that Basalt's region server
 * beans also take) and their own heap. Basalt starts them once it serves, and its ready line waits for theirs.
 *
 * <p>Their standard input is the one tie between the two: the configuration goes down it, and closing it stops the
 * gateways; the kernel closes it when Basalt dies, so they never outlive it. Their standard output carries one line,
 * ready or failed; their standard error is Basalt's, so their log lines are in Basalt's log.
 */
public final class GatewayProcess implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(GatewayProcess.class);
  private static final String READY = "Gateways ready:";
  private static final String FAILED = "Gateways failed:";
  private static final long STOP_WAIT_SECONDS = 30;

  private final Process process;
  private final Map<String, Integer> ports;
  private volatile boolean closing;

  private GatewayProcess(Process process, Map<String, Integer> ports) {
    this.process = process;
    this.ports = Collections.unmodifiableMap(new LinkedHashMap<>(ports));
  }

  /**
   * Starts the gateways, to reach Basalt through the ZooKeeper {@code zookeeperQuorum} ({@code host:port,...}), and
   * returns once every one of them listens, or fails saying why, with the remedy.
   */
  public static GatewayProcess start(GatewayLaunch launch, String zookeeperQuorum, Duration timeout)
      throws GatewayStartException, InterruptedException {
    Process process;
    try {
      process = new ProcessBuilder(launch.command()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    } catch (IOException e) {
      throw new GatewayStartException("cannot start the gateways' JVM: " + e.getMessage(), e);
    }
    try {
      OutputStream in = process.getOutputStream();
      in.write(launch.standardInput(zookeeperQuorum).getBytes(StandardCharsets.UTF_8));
      in.flush();
    } catch (IOException e) {
      // It exited at once (its reason is on standard error): the reading below reports the exit.
      LOG.debug("Writing the gateways' configuration failed", e);
    }
    BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    // On a thread of its own: a blocking read has no place in the common pool.
    CompletableFuture<String> firstLine = CompletableFuture.supplyAsync(() -> {
      try {
        return out.readLine();
      } catch (IOException e) {
        return null; // as if it had printed nothing: its exit is reported below
      }
    }, read -> {
      Thread reader = new Thread(read, "basalt-gateways-ready");
      reader.setDaemon(true);
      reader.start();
    });
    String line;
    try {
      line = firstLine.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      process.destroyForcibly();
      throw new GatewayStartException("the gateways did not start within " + timeout.toSeconds()
          + " s; their log lines above say how far they came");
    } catch (ExecutionException e) {
      line = null;
    } catch (InterruptedException e) {
      process.destroyForcibly();
      throw e;
    }
    if (line == null || !line.startsWith(READY)) {
      process.destroyForcibly();
      throw new GatewayStartException(failure(launch, line, process));
    }
    GatewayProcess gateways = new GatewayProcess(process, ports(line));
    gateways.watch(out);
    return gateways;
  }

  /** The one line saying why, with the option to change when a port is taken. */
  private static String failure(GatewayLaunch launch, String line, Process process) throws InterruptedException {
    if (line == null) {
      process.waitFor(STOP_WAIT_SECONDS, TimeUnit.SECONDS);
      return "the gateways' JVM exited with status " + (process.isAlive() ? "none" : process.exitValue())
          + " before it was ready; its log lines above say why";
    }
    if (!line.startsWith(FAILED)) {
      return "the gateways' JVM printed '" + line + "' where it should say whether it is ready";
    }
    // "Gateways failed: NAME message..."
    String detail = line.substring(FAILED.length()).trim();
    for (GatewayLaunch.Gateway gateway : launch.gateways()) {
      if (detail.startsWith(gateway.name() + " ")) {
        String message = "the " + gateway.title() + " gateway cannot start on port " + gateway.port() + ": "
            + detail.substring(gateway.name().length() + 1);
        return message.contains("another process holds the port")
            ? message + "; choose another with " + gateway.flag() + " or " + gateway.property() : message;
      }
    }
    return "the gateways cannot start: " + detail;
  }

  /** {@code rest=8080 thrift=9090} to {rest: 8080, thrift: 9090}. */
  private static Map<String, Integer> ports(String readyLine) {
    Map<String, Integer> ports = new LinkedHashMap<>();
    for (String field : readyLine.substring(READY.length()).trim().split(" ")) {
      int equals = field.indexOf('=');
      ports.put(field.substring(0, equals), Integer.parseInt(field.substring(equals + 1)));
    }
    return ports;
  }

  /** Reports an exit Basalt did not ask for, and keeps their standard output drained. */
  private void watch(BufferedReader out) {
    Thread drain = new Thread(() -> {
      try {
        for (String line = out.readLine(); line != null; line = out.readLine()) {
          LOG.info("gateways: {}", line);
        }
      } catch (IOException e) {
        // the process ended
      }
    }, "basalt-gateways-output");
    drain.setDaemon(true);
    drain.start();
    process.onExit().thenRun(() -> {
      if (!closing) {
        LOG.error("The gateways' JVM exited with status {}: HBase's REST and Thrift2 servers (ports {}) are "
            + "down while Basalt goes on serving; their log lines above say why", process.exitValue(), ports);
      }
    });
  }

  /** The gateways' ports by the name the ready line gives them: {@code rest} and {@code thrift}. */
  public Map<String, Integer> ports() {
    return ports;
  }

  /** {@code rest=HOST:PORT thrift=HOST:PORT}, the gateways' part of Basalt's ready line. */
  public String readyFields(String host) {
    StringBuilder fields = new StringBuilder();
    ports.forEach((name, port) -> fields.append(fields.length() == 0 ? "" : " ").append(name).append('=')
        .append(host).append(':').append(port));
    return fields.toString();
  }

  /**
   * Stops the gateways: their standard input closes, they stop their servers and exit. One that has not exited
   * after {@value #STOP_WAIT_SECONDS} s is killed. Safe to call more than once.
   */
  @Override
  public void close() {
    closing = true;
    try {
      process.getOutputStream().close();
      if (!process.waitFor(STOP_WAIT_SECONDS, TimeUnit.SECONDS)) {
        LOG.warn("The gateways did not stop within {} s of being told to; killing them", STOP_WAIT_SECONDS);
        process.destroyForcibly();
        process.waitFor(STOP_WAIT_SECONDS, TimeUnit.SECONDS);
      }
    } catch (IOException e) {
      process.destroyForcibly();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
  }
}
