package io.basalt.gateways;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.logging.Formatter;
import java.util.logging.Level;
import java.util.logging.LogRecord;

/**
 * Basalt's log line, {@code 2026-11-26 00:04:31.688 INFO  [gateways main] GatewayMain: ...}, with "gateways" before
 * the thread's name: the gateways write to the same log as Basalt, and their lines must be told apart. Levels read
 * as SLF4J names them, as in Basalt's own lines.
 */
public final class GatewayLogFormatter extends Formatter {
  private static final DateTimeFormatter TIME =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS").withZone(ZoneId.systemDefault());

  @Override
  public String format(LogRecord record) {
    StringBuilder line = new StringBuilder(160);
    TIME.formatTo(record.getInstant(), line);
    line.append(' ').append(levelName(record.getLevel()))
        .append(" [gateways ").append(Thread.currentThread().getName()).append("] ")
        .append(shortName(record.getLoggerName())).append(": ")
        .append(formatMessage(record))
        .append(System.lineSeparator());
    if (record.getThrown() != null) {
      StringWriter trace = new StringWriter();
      record.getThrown().printStackTrace(new PrintWriter(trace));
      line.append(trace);
    }
    return line.toString();
  }

  private static String levelName(Level level) {
    int value = level.intValue();
    if (value >= Level.SEVERE.intValue()) {
      return "ERROR";
    } else if (value >= Level.WARNING.intValue()) {
      return "WARN ";
    } else if (value >= Level.INFO.intValue()) {
      return "INFO ";
    } else if (value >= Level.FINE.intValue()) {
      return "DEBUG";
    }
    return "TRACE";
  }

  private static String shortName(String loggerName) {
    return loggerName == null ? "" : loggerName.substring(loggerName.lastIndexOf('.') + 1);
  }
}
