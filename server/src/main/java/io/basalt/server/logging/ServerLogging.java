package io.basalt.server.logging;

import java.io.IOException;
import java.io.InputStream;
import java.util.logging.LogManager;

/**
 * The server process logs through SLF4J to {@code java.util.logging}, which the JDK has already loaded: it is ready
 * in a few milliseconds, where log4j had taken a fifth of the CPU Basalt spent to its ready line (docs/benchmarks.md).
 * Basalt's defaults (conf/{@value #DEFAULTS}, a copy of which this package carries: INFO to standard error, one line
 * per record, chatty libraries at WARN) apply unless {@code -Djava.util.logging.config.file} names a configuration,
 * as bin/basalt does with conf/{@value #DEFAULTS} itself.
 */
public final class ServerLogging {
  static final String DEFAULTS = "logging.properties";
  private static final String MANAGER_PROPERTY = "java.util.logging.manager";

  private ServerLogging() {}

  /** Call first thing in {@code main}, before any logger exists: the log manager is chosen when it is first used. */
  public static void install() {
    if (System.getProperty(MANAGER_PROPERTY) == null) {
      System.setProperty(MANAGER_PROPERTY, ServerLogManager.class.getName());
    }
    if (System.getProperty("java.util.logging.config.file") != null
        || System.getProperty("java.util.logging.config.class") != null) {
      return;
    }
    try (InputStream defaults = ServerLogging.class.getResourceAsStream(DEFAULTS)) {
      if (defaults == null) {
        throw new IOException(DEFAULTS + " is missing from the class path");
      }
      LogManager.getLogManager().readConfiguration(defaults);
    } catch (IOException e) {
      // Logging then keeps the JDK's own defaults (INFO to standard error); the server itself is unaffected.
      System.err.println("basalt: cannot read the default logging configuration: " + e.getMessage());
    }
  }

  /** Closes the handlers (and so any log files) once nothing more will be logged: the last step of an exit. */
  public static void close() {
    if (LogManager.getLogManager() instanceof ServerLogManager manager) {
      manager.closeHandlers();
    }
  }
}
