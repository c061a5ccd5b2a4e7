package io.basalt.tools.snapshot;

import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What an import has loaded, shown on standard output as it goes: regions done of all, the bytes of their files,
 * the rate and the time left at that rate. On a terminal one line rewritten every second; otherwise (a log file)
 * a line every ten seconds. The bytes are those of the snapshot's files a region loads, a reference counted as half
 * of its parent's file, so the rate and time left follow what the server reads.
 */
final class ImportProgress implements AutoCloseable {
  private final int regions;
  private final long bytes;
  private final PrintStream out;
  private final boolean terminal;
  private final long startNanos = System.nanoTime();
  private final AtomicInteger regionsDone = new AtomicInteger();
  private final AtomicLong bytesDone = new AtomicLong();
  private final AtomicLong cellsDone = new AtomicLong();
  private final ScheduledExecutorService ticker;

  ImportProgress(int regions, long bytes, PrintStream out) {
    this.regions = regions;
    this.bytes = bytes;
    this.out = out;
    this.terminal = System.console() != null;
    this.ticker = Executors.newSingleThreadScheduledExecutor(runnable -> {
      Thread thread = new Thread(runnable, "import-progress");
      thread.setDaemon(true);
      return thread;
    });
    long period = terminal ? 1 : 10;
    ticker.scheduleAtFixedRate(this::show, period, period, TimeUnit.SECONDS);
  }

  void regionDone(long regionBytes, long regionCells) {
    bytesDone.addAndGet(regionBytes);
    cellsDone.addAndGet(regionCells);
    regionsDone.incrementAndGet();
  }

  int regionsDone() {
    return regionsDone.get();
  }

  long cells() {
    return cellsDone.get();
  }

  long bytes() {
    return bytesDone.get();
  }

  double seconds() {
    return (System.nanoTime() - startNanos) / 1e9;
  }

  /** The progress line. */
  String line() {
    double seconds = seconds();
    long done = bytesDone.get();
    double rate = seconds > 0 ? done / seconds : 0;
    String left = done == 0 ? "?" : String.format(Locale.ROOT, "%.0f s", Math.max(0, bytes - done) / rate);
    return String.format(Locale.ROOT, "loaded %d/%d regions, %s of %s, %s/s, %.1f s, %s left", regionsDone.get(),
        regions, size(done), size(bytes), size((long) rate), seconds, left);
  }

  static String size(long bytes) {
    if (bytes < 1024 * 1024) {
      return String.format(Locale.ROOT, "%.1f KiB", bytes / 1024.0);
    }
    if (bytes < 1024L * 1024 * 1024) {
      return String.format(Locale.ROOT, "%.1f MiB", bytes / (1024.0 * 1024));
    }
    return String.format(Locale.ROOT, "%.2f GiB", bytes / (1024.0 * 1024 * 1024));
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
