package io.basalt.server.logging;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.logging.Formatter;
import java.util.logging.Level;
import java.util.logging.LogRecord;

/**
 * One line per record, {@code 2026-11-26 00:04:31.688 INFO  [main] TabletStore: Opened store ...}, followed by the
 * stack trace of a throwable the record carries. Levels read as SLF4J names them (WARN, not WARNING), so that a
 * line's level is the word after its time whichever library logged it.
 */
public final class LogLineFormatter extends Formatter {
  private static final DateTimeFormatter TIME =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS").withZone(ZoneId.systemDefault());

  @Override
  public String format(LogRecord record) {
    StringBuilder line = new StringBuilder(160);
    TIME.formatTo(record.getInstant(), line);
    line.append(' ').append(levelName(record.getLevel()))
        .append(" [").append(threadName(record)).append("] ")
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

  /** The SLF4J level a JUL level stands for, padded to five characters so that messages line up. */
  static String levelName(Level level) {
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

  /**
   * The console and file handlers format on the thread that logs, so the record's thread is normally this one and
   * its name can be shown; a record formatted elsewhere shows its thread's id.
   */
  private static String threadName(LogRecord record) {
    Thread current = Thread.currentThread();
    return record.getLongThreadID() == current.getId() ? current.getName() : "thread-" + record.getLongThreadID();
  }

  private static String shortName(String loggerName) {
    if (loggerName == null) {
      return "";
    }
    return loggerName.substring(loggerName.lastIndexOf('.') + 1);
  }
}
