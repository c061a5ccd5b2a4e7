package io.basalt.tools;

import java.io.IOException;
import java.io.InputStream;
import java.util.logging.Level;
import java.util.logging.LogManager;
import java.util.logging.Logger;

/**
 * How the tools' libraries log (the HBase client, Hadoop, ZooKeeper): their lines would drown a tool's own progress
 * lines, so they go to standard error at WARNING (INFO with --verbose), unless
 * {@code -Djava.util.logging.config.file} names a configuration of the user's own.
 */
public final class ToolLogging {
  private static final String DEFAULTS = "basalt-tools-logging.properties";

  private ToolLogging() {}

  /** Applies the tools' logging defaults; {@code tool} names the command in a warning if they cannot be read. */
  public static void quiet(String tool, boolean verbose) {
    if (System.getProperty("java.util.logging.config.file") != null
        || System.getProperty("java.util.logging.config.class") != null) {
      return;
    }
    try (InputStream defaults = ToolLogging.class.getResourceAsStream("/" + DEFAULTS)) {
      if (defaults == null) {
        throw new IOException(DEFAULTS + " is missing from the class path");
      }
      LogManager.getLogManager().readConfiguration(defaults);
    } catch (IOException e) {
      System.err.println(tool + ": cannot read the logging configuration, the JDK's defaults apply: "
          + e.getMessage());
      return;
    }
    if (verbose) {
      Logger.getLogger("").setLevel(Level.INFO);
    }
  }
}
