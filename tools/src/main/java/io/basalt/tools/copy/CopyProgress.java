package io.basalt.tools.copy;

import io.basalt.tools.ProgressLine;
import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Counts what one table's copy or comparison has done, shown on standard error as it goes ({@link ProgressLine}).
 */
final class CopyProgress implements AutoCloseable {
  private final String what;
  private final int regions;
  private final long startNanos = System.nanoTime();
  private final AtomicInteger regionsDone = new AtomicInteger();
  private final AtomicLong rows = new AtomicLong();
  private final AtomicLong cells = new AtomicLong();
  private final ProgressLine shown;

  CopyProgress(String what, int regions, PrintStream out) {
    this.what = what;
    this.regions = regions;
    this.shown = new ProgressLine("copy-progress", out, this::line);
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

  @Override
  public void close() {
    shown.close();
  }
}
