package io.basalt.gateways;

import java.io.IOException;
import java.io.InputStream;
import java.util.logging.LogManager;

/**
 * The gateways log through SLF4J to {@code java.util.logging}, as Basalt does, on the standard error they share
 * with Basalt: one log, one line per record ({@link GatewayLogFormatter}). HBase's and Hadoop's start-up chatter
 * is at WARN; the launcher's own lines say which gateway listens where. A
 * {@code -Djava.util.logging.config.file} among the gateways' JVM options replaces these defaults.
 */
final class GatewayLogging {
  private static final String DEFAULTS = "logging.properties";

  private GatewayLogging() {}

  static void install() {
    if (System.getProperty("java.util.logging.config.file") != null
        || System.getProperty("java.util.logging.config.class") != null) {
      return;
    }
    try (InputStream defaults = GatewayLogging.class.getResourceAsStream(DEFAULTS)) {
      if (defaults == null) {
        throw new IOException(DEFAULTS + " is missing from the class path");
      }
      LogManager.getLogManager().readConfiguration(defaults);
    } catch (IOException e) {
      System.err.println("gateways: cannot read the default logging configuration: " + e.getMessage());
    }
  }
}
