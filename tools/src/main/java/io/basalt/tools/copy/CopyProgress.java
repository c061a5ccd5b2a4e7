package io.basalt.tools.copy;

import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Counts what one table's copy or comparison has done and shows it on standard error once a second: on a terminal
 * as one line rewritten in place, otherwise (a log file) as a new line every ten seconds.
 */
final class CopyProgress implements AutoCloseable {
  private final String what;
  private final int regions;
  private final PrintStream out;
  private final boolean terminal;
  private final long startNanos = System.nanoTime();
  private final AtomicInteger regionsDone = new AtomicInteger();
  private final AtomicLong rows = new AtomicLong();
  private final AtomicLong cells = new AtomicLong();
  private final ScheduledExecutorService ticker;

  CopyProgress(String what, int regions, PrintStream out) {
    this.what = what;
    this.regions = regions;
    this.out = out;
    this.terminal = System.console() != null;
    this.ticker = Executors.newSingleThreadScheduledExecutor(runnable -> {
      Thread thread = new Thread(runnable, "copy-progress");
      thread.setDaemon(true);
      return thread;
    });
    long period = terminal ? 1 : 10;
    ticker.scheduleAtFixedRate(this::show, period, period, TimeUnit.SECONDS);
  }

  void addCells(long count) {
    cells.addAndGet(count);
  }

  void addRow() {
    rows.incrementAndGet();
  }

  void regionDone() {
    regionsDone.incrementAndGet();
  }

  long rows() {
    return rows.get();
  }

  long cells() {
    return cells.get();
  }

  double seconds() {
    return (System.nanoTime() - startNanos) / 1e9;
  }

  /** The line shown while working, and at the end. */
  String line() {
    double seconds = seconds();
    return String.format(Locale.ROOT, "%s: %d/%d regions, %,d rows, %,d cells, %,.0f cells/s, %.1f s", what,
        regionsDone.get(), regions, rows.get(), cells.get(), seconds > 0 ? cells.get() / seconds : 0.0, seconds);
  }

  private synchronized void show() {
    if (terminal) {
      out.print("\r" + line());
    } else {
      out.println(line());
    }
    out.flush();
  }

  @Override
  public synchronized void close() {
    ticker.shutdownNow();
    if (terminal) {
      out.print("\r");
    }
    out.println(line());
    out.flush();
  }
}
