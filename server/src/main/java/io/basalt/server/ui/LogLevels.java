package io.basalt.server.ui;

import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Loggers' levels in HBase's names, over java.util.logging, where Basalt's SLF4J logging goes (slf4j-jdk14 maps
 * TRACE to FINEST, DEBUG to FINE, INFO to INFO, WARN to WARNING and ERROR to SEVERE; so does this, both ways, with
 * OFF and ALL as they are). java.util.logging holds loggers weakly, so a level set on a logger nobody else holds (a
 * package's, say) would vanish with it at the next collection: the loggers set here are held for the server's life.
 */
final class LogLevels {
  /** HBase's level names, most verbose first. */
  static final String[] NAMES = {"ALL", "TRACE", "DEBUG", "INFO", "WARN", "ERROR", "OFF"};

  private final Map<String, Logger> set = new ConcurrentHashMap<>();

  /** A logger's level, as set on it or inherited from the nearest ancestor with one. */
  record Effective(String level, String julLevel, String setOn) {}

  Effective effective(String name) {
    Logger logger = Logger.getLogger(name);
    for (Logger at = logger; at != null; at = at.getParent()) {
      Level level = at.getLevel();
      if (level != null) {
        return new Effective(hbaseName(level), level.getName(), at.getName().isEmpty() ? "the root logger"
            : at.getName());
      }
    }
    return new Effective("INFO", Level.INFO.getName(), "the default");
  }

  /** Sets a logger's level; {@code hbaseLevel} must be one of {@link #NAMES} (any case). */
  void set(String name, String hbaseLevel) {
    Logger logger = Logger.getLogger(name);
    logger.setLevel(julLevel(hbaseLevel));
    set.put(name, logger);
  }

  /** The java.util.logging level of an HBase level name, or null if it names none. */
  static Level julLevel(String hbaseLevel) {
    return switch (hbaseLevel.toUpperCase(Locale.ROOT)) {
      case "ALL" -> Level.ALL;
      case "TRACE" -> Level.FINEST;
      case "DEBUG" -> Level.FINE;
      case "INFO" -> Level.INFO;
      case "WARN" -> Level.WARNING;
      case "ERROR", "FATAL" -> Level.SEVERE;
      case "OFF" -> Level.OFF;
      default -> null;
    };
  }

  /** The HBase name of a java.util.logging level: the most verbose HBase level it lets through. */
  static String hbaseName(Level level) {
    int value = level.intValue();
    if (value == Level.OFF.intValue()) {
      return "OFF";
    }
    if (value >= Level.SEVERE.intValue()) {
      return "ERROR";
    }
    if (value >= Level.WARNING.intValue()) {
      return "WARN";
    }
    if (value >= Level.INFO.intValue()) {
      return "INFO";
    }
    if (value >= Level.FINE.intValue()) {
      return "DEBUG";
    }
    return value <= Level.ALL.intValue() ? "ALL" : "TRACE";
  }
}
