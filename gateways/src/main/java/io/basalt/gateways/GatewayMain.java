package io.basalt.gateways;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;
import org.apache.hadoop.conf.Configuration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code java -cp <gateway jars> io.basalt.gateways.GatewayMain rest|thrift2...}: runs the named HBase gateways in
 * this JVM, as Basalt starts them beside itself. Reads their configuration from standard input
 * ({@link LaunchProperties}), starts each, and prints one line on standard output: {@code Gateways ready: rest=PORT
 * thrift=PORT} once all listen, or {@code Gateways failed: NAME why} (exit status 1). Then it serves until standard
 * input ends: Basalt closes it to stop them, and so does the kernel when Basalt dies, however it dies, so the
 * gateways never outlive the server they serve. Anything else printed on standard output goes to standard error,
 * where the log is, so that the line Basalt reads comes first.
 */
public final class GatewayMain {
  private static final Logger LOG = LoggerFactory.getLogger(GatewayMain.class);
  private static final int EXIT_START_FAILED = 1;
  private static final int EXIT_USAGE = 2;
  private static final Duration THRIFT_START_TIMEOUT = Duration.ofSeconds(60);

  private GatewayMain() {}

  public static void main(String[] args) throws IOException {
    GatewayLogging.install();
    if (args.length == 0 || !List.of("rest", "thrift2").containsAll(List.of(args))) {
      System.err.println("usage: GatewayMain rest|thrift2... (the configuration comes on standard input)");
      System.exit(EXIT_USAGE);
    }
    TerminalInterrupts.ignore();
    PrintStream answer = System.out;
    System.setOut(System.err);
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    Configuration conf = LaunchProperties.hbaseConfiguration(LaunchProperties.read(in));
    List<Gateway> gateways = new ArrayList<>();
    StringJoiner ready = new StringJoiner(" ", "Gateways ready: ", "");
    for (String name : args) {
      String port = name.equals("rest") ? conf.get(RestGateway.PORT) : conf.get(ThriftGateway.PORT);
      try {
        Gateway gateway = name.equals("rest") ? RestGateway.start(conf)
            : ThriftGateway.start(conf, THRIFT_START_TIMEOUT);
        gateways.add(gateway);
        LOG.info("HBase's {} server listens on port {}", gateway.name(), gateway.port());
        ready.add((name.equals("rest") ? "rest=" : "thrift=") + gateway.port());
      } catch (Exception | LinkageError e) {
        if (!StartFailure.portTaken(e)) {
          LOG.error("HBase's {} server cannot start on port {}", name, port, e);
        }
        answer.println("Gateways failed: " + name + " " + StartFailure.describe(e));
        answer.flush();
        stopAll(gateways);
        System.exit(EXIT_START_FAILED);
      }
    }
    answer.println(ready);
    answer.flush();
    while (in.read() >= 0) {
      // Nothing more is sent: what matters is the end of the stream.
    }
    LOG.info("Basalt closed the gateways' standard input: stopping them");
    stopAll(gateways);
    // HBase's servers leave non-daemon threads behind (Jetty's, the connection cache's chore), so end here.
    System.exit(0);
  }

  private static void stopAll(List<Gateway> gateways) {
    for (Gateway gateway : gateways) {
      try {
        gateway.stop();
      } catch (Exception e) {
        LOG.warn("Stopping the {} gateway failed: {}", gateway.name(), e.toString());
      }
    }
  }
}
