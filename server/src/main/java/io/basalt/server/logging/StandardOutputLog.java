package io.basalt.server.logging;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Standard output for the libraries a node runs, each line a log record: a server's standard output carries its
 * ready line alone, which bin/basalt and the test harness read as the first line. ZooKeeper's purge of its old files
 * prints each file it removes there ({@code PurgeTxnLog}), and did so before the ready line of a node restarted late
 * in a 100-kill run, which its harness then took for a broken start.
 */
public final class StandardOutputLog extends OutputStream {
  private static final Logger LOG = LoggerFactory.getLogger("stdout");

  private final ByteArrayOutputStream line = new ByteArrayOutputStream();

  private StandardOutputLog() {}

  /**
   * Sends whatever is printed on {@code System.out} from now on to the log, and returns the stream standard output
   * was, for the server's own line.
   */
  public static PrintStream claim() {
    PrintStream original = System.out;
    System.setOut(new PrintStream(new StandardOutputLog(), true, StandardCharsets.UTF_8));
    return original;
  }

  @Override
  public synchronized void write(int b) {
    if (b == '\n') {
      flushLine();
    } else if (b != '\r') {
      line.write(b);
    }
  }

  @Override
  public synchronized void flush() {
    // A line is logged whole when it ends; a print without one waits for the rest of its line.
  }

  @Override
  public synchronized void close() {
    if (line.size() > 0) {
      flushLine();
    }
  }

  private void flushLine() {
    LOG.info("{}", line.toString(StandardCharsets.UTF_8));
    line.reset();
  }
}
