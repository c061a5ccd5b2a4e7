package io.basalt.conformance.gateways;

import io.basalt.conformance.harness.HBaseOracleProcess;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The gateways' launcher that Basalt ships (io.basalt.gateways.GatewayMain, with the same jars), started by the
 * test in front of real HBase the way Basalt starts it in front of itself: configuration on standard input, one
 * ready line back, stopped by closing standard input. So both servers are fronted by the very same REST and Thrift2
 * servers, configured alike.
 */
final class GatewayLauncher implements AutoCloseable {
  static final long READY_SECONDS = 120;

  private final Process process;

  private GatewayLauncher(Process process) {
    this.process = process;
  }

  /** Starts both gateways with these properties; their log goes to {@code log}. */
  static GatewayLauncher start(Map<String, String> properties, Path log) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
        .toString()));
    command.addAll(List.of(GatewayServers.GATEWAY_JVM_OPTIONS.split(" ")));
    command.addAll(HBaseOracleProcess.jdk17Flags());
    command.addAll(List.of("-cp", GatewayServers.gatewaysClasspath(), "io.basalt.gateways.GatewayMain", "rest",
        "thrift2"));
    Files.createDirectories(log.getParent());
    Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()))
        .start();
    Properties text = new Properties();
    text.putAll(properties);
    StringWriter configuration = new StringWriter();
    text.store(configuration, null);
    OutputStream in = process.getOutputStream();
    in.write((configuration + "\n").getBytes(StandardCharsets.UTF_8));
    in.flush();
    BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    CompletableFuture<String> line = CompletableFuture.supplyAsync(() -> {
      try {
        return out.readLine();
      } catch (IOException e) {
        return null;
      }
    });
    String ready;
    try {
      ready = line.get(READY_SECONDS, TimeUnit.SECONDS);
    } catch (Exception e) {
      process.destroyForcibly();
      throw new IOException("the gateways gave no ready line within " + READY_SECONDS + " s; see " + log, e);
    }
    if (ready == null || !ready.startsWith("Gateways ready:")) {
      process.destroyForcibly();
      throw new IOException("the gateways did not start: " + ready + "; see " + log);
    }
    return new GatewayLauncher(process);
  }

  /** Closes their standard input, which stops them, and waits. */
  @Override
  public void close() throws IOException {
    process.getOutputStream().close();
    try {
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
  }
}
