package io.basalt.server.audit;

import io.basalt.hbase.security.Audit;
import io.basalt.hbase.security.AuditEvent;
import io.basalt.server.config.BasaltConfig;
import io.basalt.server.config.ConfigException;
import io.basalt.server.config.Settings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.Locale;
import java.util.logging.FileHandler;
import java.util.logging.Formatter;
import java.util.logging.Level;
import java.util.logging.LogRecord;

/**
 * The audit log ({@code basalt.audit.log}): one JSON object per line for each security decision recorded (all of
 * them, or denials only), in a file of its own that rolls over at a size and keeps a number of old files. It is
 * written with the JDK's {@link FileHandler}, which rotates and locks the file; the server's own log says nothing
 * of what is here.
 */
public final class AuditLog implements Audit, AutoCloseable {
  private enum Mode { OFF, DENIED, ALL }

  private final Mode mode;
  private final FileHandler file;
  private final Clock clock;

  private AuditLog(Mode mode, FileHandler file, Clock clock) {
    this.mode = mode;
    this.file = file;
    this.clock = clock;
  }

  /** The configured audit log, or {@link Audit#NONE} when it is off. */
  public static Audit open(BasaltConfig config, Path dataDir, Clock clock) throws ConfigException {
    Mode mode;
    try {
      mode = Mode.valueOf(config.get(Settings.AUDIT_LOG).trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new ConfigException(Settings.AUDIT_LOG.key() + " must be off, denied or all, not '"
          + config.get(Settings.AUDIT_LOG) + "'");
    }
    if (mode == Mode.OFF) {
      return NONE;
    }
    String configured = config.get(Settings.AUDIT_LOG_FILE).trim();
    Path path = configured.isEmpty() ? dataDir.resolve("audit").resolve("audit.log") : Path.of(configured);
    try {
      if (path.getParent() != null) {
        Files.createDirectories(path.getParent());
      }
      // FileHandler numbers the files of its rotation with %g: audit.log.0 is the one being written.
      FileHandler file = new FileHandler(path.toString().replace("%", "%%") + ".%g",
          config.positiveInt(Settings.AUDIT_LOG_MAX_BYTES), config.positiveInt(Settings.AUDIT_LOG_FILES), true);
      file.setEncoding("UTF-8");
      file.setFormatter(new LineFormatter());
      file.setLevel(Level.ALL);
      return new AuditLog(mode, file, clock);
    } catch (IOException e) {
      throw new ConfigException("cannot open the audit log " + path + ": " + e.getMessage());
    }
  }

  @Override
  public boolean records(boolean allowed) {
    return mode == Mode.ALL || !allowed;
  }

  @Override
  public void record(AuditEvent event) {
    if (!records(event.allowed())) {
      return;
    }
    LogRecord line = new LogRecord(Level.INFO, json(clock.instant(), event));
    file.publish(line);
    file.flush();
  }

  static String json(Instant time, AuditEvent event) {
    return "{\"time\":\"" + time + "\",\"user\":" + quote(event.user()) + ",\"auth\":" + quote(event.method())
        + ",\"remote\":" + quote(event.remote()) + ",\"action\":" + quote(event.action()) + ",\"scope\":"
        + quote(event.scope()) + ",\"allowed\":" + event.allowed() + ",\"reason\":" + quote(event.reason()) + "}";
  }

  /** A JSON string: quotes, backslashes and control characters escaped, so any user name stays one line. */
  private static String quote(String text) {
    StringBuilder quoted = new StringBuilder("\"");
    for (int i = 0; text != null && i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '"' || c == '\\') {
        quoted.append('\\').append(c);
      } else if (c < 0x20 || c == 0x7f) {
        quoted.append(String.format("\\u%04x", (int) c));
      } else {
        quoted.append(c);
      }
    }
    return quoted.append('"').toString();
  }

  @Override
  public void close() {
    file.close();
  }

  /** The message as it is, one per line. */
  private static final class LineFormatter extends Formatter {
    @Override
    public String format(LogRecord record) {
      return record.getMessage() + System.lineSeparator();
    }
  }
}
