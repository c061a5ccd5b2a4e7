package io.basalt.tools.snapshot;

import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What an export has written, shown on standard output as it goes, as {@link ImportProgress} shows an import's:
 * regions done of all, cells, the bytes of the HFiles written and their rate. On a terminal one line rewritten
 * every second; otherwise (a log file) a line every ten seconds. Counted per region finished: a region's cells are
 * read and written in one pass, and their total is not known before.
 */
final class ExportProgress implements AutoCloseable {
  private final int regions;
  private final PrintStream out;
  private final boolean terminal;
  private final long startNanos = System.nanoTime();
  private final AtomicInteger regionsDone = new AtomicInteger();
  private final AtomicLong bytesDone = new AtomicLong();
  private final AtomicLong cellsDone = new AtomicLong();
  private final AtomicLong filesDone = new AtomicLong();
  private final ScheduledExecutorService ticker;

  ExportProgress(int regions, PrintStream out) {
    this.regions = regions;
    this.out = out;
    this.terminal = System.console() != null;
    this.ticker = Executors.newSingleThreadScheduledExecutor(runnable -> {
      Thread thread = new Thread(runnable, "export-progress");
      thread.setDaemon(true);
      return thread;
    });
    long period = terminal ? 1 : 10;
    ticker.scheduleAtFixedRate(this::show, period, period, TimeUnit.SECONDS);
  }

  void regionDone(RegionExport.ExportedRegion region) {
    bytesDone.addAndGet(region.bytes());
    cellsDone.addAndGet(region.cells());
    filesDone.addAndGet(region.files().size());
    regionsDone.incrementAndGet();
  }

  long cells() {
    return cellsDone.get();
  }

  long bytes() {
    return bytesDone.get();
  }

  long files() {
    return filesDone.get();
  }

  double seconds() {
    return (System.nanoTime() - startNanos) / 1e9;
  }

  /** The progress line. */
  String line() {
    double seconds = seconds();
    long done = bytesDone.get();
    double rate = seconds > 0 ? done / seconds : 0;
    return String.format(Locale.ROOT, "exported %d/%d regions, %,d cells, %s of HFiles, %s/s, %.1f s",
        regionsDone.get(), regions, cellsDone.get(), ImportProgress.size(done), ImportProgress.size((long) rate),
        seconds);
  }

  private synchronized void show() {
    out.print(terminal ? "\r" + line() : line() + System.lineSeparator());
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
