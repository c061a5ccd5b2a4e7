package io.basalt.server.logging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.concurrent.atomic.AtomicReference;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import org.junit.jupiter.api.Test;

class LogLineFormatterTest {
  private final LogLineFormatter formatter = new LogLineFormatter();

  @Test
  void oneLineWithLocalTimeLevelThreadShortLoggerNameAndMessage() {
    Instant at = LocalDateTime.of(2026, 11, 26, 0, 4, 31, 688_000_000).atZone(ZoneId.systemDefault()).toInstant();
    LogRecord record = record(Level.INFO, "io.basalt.storage.TabletStore", "Opened store at /data with 3 tables");
    record.setInstant(at);
    assertEquals("2026-11-26 00:04:31.688 INFO  [" + Thread.currentThread().getName()
        + "] TabletStore: Opened store at /data with 3 tables" + System.lineSeparator(), formatter.format(record));
  }

  @Test
  void levelsReadAsSlf4jNamesThemPaddedToOneWidth() {
    assertEquals("ERROR", LogLineFormatter.levelName(Level.SEVERE));
    assertEquals("WARN ", LogLineFormatter.levelName(Level.WARNING));
    assertEquals("INFO ", LogLineFormatter.levelName(Level.INFO));
    assertEquals("DEBUG", LogLineFormatter.levelName(Level.CONFIG));
    assertEquals("DEBUG", LogLineFormatter.levelName(Level.FINE));
    assertEquals("TRACE", LogLineFormatter.levelName(Level.FINER));
    assertEquals("TRACE", LogLineFormatter.levelName(Level.FINEST));
  }

  @Test
  void aThrowableFollowsAsItsStackTrace() {
    LogRecord record = record(Level.WARNING, "org.apache.zookeeper.ClientCnxn", "Session lost");
    record.setThrown(new IllegalStateException("connection reset"));
    String[] lines = formatter.format(record).split(System.lineSeparator());
    assertTrue(lines[0].endsWith(" WARN  [" + Thread.currentThread().getName() + "] ClientCnxn: Session lost"),
        lines[0]);
    assertEquals("java.lang.IllegalStateException: connection reset", lines[1]);
    assertTrue(lines[2].startsWith("\tat io.basalt.server.logging.LogLineFormatterTest."), lines[2]);
  }

  @Test
  void parametersOfJdkStyleMessagesAreFilledIn() {
    LogRecord record = record(Level.INFO, "sun.net.Something", "{0} of {1} done");
    record.setParameters(new Object[] {3, 4});
    assertTrue(formatter.format(record).contains("] Something: 3 of 4 done"));
  }

  @Test
  void aRecordFormattedOnAnotherThreadShowsItsThreadsId() throws Exception {
    AtomicReference<LogRecord> made = new AtomicReference<>();
    Thread other = new Thread(() -> made.set(record(Level.INFO, "x.Y", "from elsewhere")), "other-thread");
    other.start();
    other.join();
    String line = formatter.format(made.get());
    assertTrue(line.contains(" [thread-" + other.getId() + "] Y: from elsewhere"), line);
    assertFalse(line.contains(Thread.currentThread().getName()), line);
  }

  private static LogRecord record(Level level, String logger, String message) {
    LogRecord record = new LogRecord(level, message);
    record.setLoggerName(logger);
    return record;
  }
}
