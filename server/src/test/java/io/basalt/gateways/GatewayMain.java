package io.basalt.gateways;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * Stands in for the gateways' launcher in the server's tests: the same class name, on the test class path, so that
 * GatewayProcess runs it as it runs the real one, in a JVM of its own. It speaks the launcher's protocol (properties
 * on standard input up to an empty line, one line back) and does what {@value #BEHAVIOUR} says: {@code serve} (ready,
 * then wait for the end of standard input, and leave the file {@value #STOPPED} names), {@code port-taken} (fail as a
 * gateway whose port is taken does) or {@code die} (ready, then exit at once with status 3).
 */
public final class GatewayMain {
  static final String BEHAVIOUR = "hbase.rest.test.behaviour";
  static final String STOPPED = "hbase.rest.test.stopped";

  private GatewayMain() {}

  public static void main(String[] args) throws IOException {
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    StringBuilder text = new StringBuilder();
    for (String line = in.readLine(); line != null && !line.isEmpty(); line = in.readLine()) {
      text.append(line).append('\n');
    }
    Properties properties = new Properties();
    properties.load(new StringReader(text.toString()));
    String port = properties.getProperty("hbase.rest.port");
    switch (properties.getProperty(BEHAVIOUR)) {
      case "serve" -> {
        System.out.println("Gateways ready: rest=" + port);
        System.out.flush();
        while (in.read() >= 0) {
          // until Basalt closes standard input
        }
        Files.writeString(Path.of(properties.getProperty(STOPPED)), "stopped");
      }
      case "port-taken" -> {
        System.out.println("Gateways failed: rest Failed to bind to /0.0.0.0:" + port
            + ": Address already in use (another process holds the port)");
        System.exit(1);
      }
      case "die" -> {
        System.out.println("Gateways ready: rest=" + port);
        System.out.flush();
        System.exit(3);
      }
      default -> throw new IllegalArgumentException(properties.getProperty(BEHAVIOUR));
    }
  }
}
