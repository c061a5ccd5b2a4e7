package io.basalt.server.metrics;

import java.util.concurrent.atomic.LongAdder;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Counts the log records this JVM publishes, by level, for JvmMetrics' {@code LogError}, {@code LogWarn} and {@code
 * LogInfo}, as Hadoop's event counter counts log4j's events. Basalt logs through SLF4J to {@code java.util.logging}
 * (as do the libraries, through their bridges), so a handler on the root logger sees every record logged at a level
 * its logger lets through, the same records the log shows. It cannot see a logger configured not to hand records
 * to the root's handlers, and there is no fatal level to count: SLF4J has none, and commons-logging's fatal arrives
 * as SEVERE, an error.
 */
final class LogEventCounter extends Handler {
  private static final LogEventCounter JVM = new LogEventCounter();
  private static final int ERROR = Level.SEVERE.intValue();
  private static final int WARN = Level.WARNING.intValue();
  private static final int INFO = Level.INFO.intValue();

  private final LongAdder errors = new LongAdder();
  private final LongAdder warnings = new LongAdder();
  private final LongAdder infos = new LongAdder();

  private LogEventCounter() {
    setLevel(Level.ALL);
  }

  /**
   * The JVM's counter, on the root logger. Attached again if a logging reconfiguration removed it (records logged in
   * between are not counted).
   */
  static LogEventCounter attached() {
    Logger root = Logger.getLogger("");
    synchronized (LogEventCounter.class) {
      for (Handler handler : root.getHandlers()) {
        if (handler == JVM) {
          return JVM;
        }
      }
      root.addHandler(JVM);
    }
    return JVM;
  }

  long errors() {
    return errors.sum();
  }

  long warnings() {
    return warnings.sum();
  }

  long infos() {
    return infos.sum();
  }

  @Override
  public void publish(LogRecord record) {
    int level = record.getLevel().intValue();
    if (level >= ERROR) {
      errors.increment();
    } else if (level >= WARN) {
      warnings.increment();
    } else if (level >= INFO) {
      infos.increment();
    }
  }

  @Override
  public void flush() {}

  @Override
  public void close() {} // counts stay readable after a logging reset; attached() puts the handler back
}
