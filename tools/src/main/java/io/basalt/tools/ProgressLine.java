package io.basalt.tools;

import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * A long-running tool's progress, one line of it shown while it works: on a terminal the line is rewritten in place
 * every second; otherwise (output kept in a log file) a new line is added every ten seconds, which keeps the log
 * short. Closing shows the last line, kept. The line itself is the tool's ({@code line}); the copy, the snapshot
 * import and the export each count their own things.
 */
public final class ProgressLine implements AutoCloseable {
  private final PrintStream out;
  private final Supplier<String> line;
  private final boolean terminal;
  private final ScheduledExecutorService ticker;

  public ProgressLine(String threadName, PrintStream out, Supplier<String> line) {
    this.out = out;
    this.line = line;
    this.terminal = System.console() != null;
    this.ticker = Executors.newSingleThreadScheduledExecutor(runnable -> {
      Thread thread = new Thread(runnable, threadName);
      thread.setDaemon(true);
      return thread;
    });
    long period = terminal ? 1 : 10;
    ticker.scheduleAtFixedRate(this::show, period, period, TimeUnit.SECONDS);
  }

  private synchronized void show() {
    out.print(terminal ? "\r" + line.get() : line.get() + System.lineSeparator());
    out.flush();
  }

  @Override
  public synchronized void close() {
    ticker.shutdownNow();
    if (terminal) {
      out.print("\r");
    }
    out.println(line.get());
    out.flush();
  }

  /** A size in KiB, MiB or GiB, as a progress line gives it. */
  public static String size(long bytes) {
    if (bytes < 1024 * 1024) {
      return String.format(Locale.ROOT, "%.1f KiB", bytes / 1024.0);
    }
    if (bytes < 1024L * 1024 * 1024) {
      return String.format(Locale.ROOT, "%.1f MiB", bytes / (1024.0 * 1024));
    }
    return String.format(Locale.ROOT, "%.2f GiB", bytes / (1024.0 * 1024 * 1024));
  }
}
