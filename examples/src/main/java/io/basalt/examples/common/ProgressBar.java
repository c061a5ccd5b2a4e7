package io.basalt.examples.common;

import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A one-line text progress bar for long loads, redrawn in place on standard error so that standard output keeps
 * only the example's results:
 *
 * <pre>  loading flights [##############----------------]  47%  47,000/100,000</pre>
 *
 * Safe to advance from several threads.
 */
public final class ProgressBar implements AutoCloseable {
  private static final int WIDTH = 30;

  private final String label;
  private final long total;
  private final PrintStream out;
  private final AtomicLong done = new AtomicLong();
  private int drawnPercent = -1;

  public ProgressBar(String label, long total) {
    this(label, total, System.err);
  }

  public ProgressBar(String label, long total, PrintStream out) {
    this.label = label;
    this.total = Math.max(1, total);
    this.out = out;
    draw(0);
  }

  public void advance() {
    advance(1);
  }

  public void advance(long steps) {
    long now = done.addAndGet(steps);
    // Redraw only when the whole percentage changes: a terminal is slower than the load.
    if ((int) (100 * Math.min(now, total) / total) != drawnPercent) {
      draw(now);
    }
  }

  private synchronized void draw(long now) {
    int percent = (int) (100 * Math.min(now, total) / total);
    if (percent == drawnPercent) {
      return;
    }
    drawnPercent = percent;
    int filled = percent * WIDTH / 100;
    out.print(String.format(Locale.ROOT, "\r  %s [%s%s] %3d%%  %,d/%,d", label, "#".repeat(filled),
        "-".repeat(WIDTH - filled), percent, now, total));
    out.flush();
  }

  /** Ends the line, so that what is printed next starts on a line of its own. */
  @Override
  public synchronized void close() {
    draw(done.get());
    out.println();
  }
}
