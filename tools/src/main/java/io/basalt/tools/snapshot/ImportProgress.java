package io.basalt.tools.snapshot;

import io.basalt.tools.ProgressLine;
import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What an import has loaded, shown on standard output as it goes: regions done of all, the bytes of their files,
 * the rate and the time left at that rate ({@link ProgressLine} shows it). The bytes are those of the snapshot's
 * files a region loads, a reference counted as half of its parent's file, so the rate and time left follow what the
 * server reads.
 */
final class ImportProgress implements AutoCloseable {
  private final int regions;
  private final long bytes;
  private final long startNanos = System.nanoTime();
  private final AtomicInteger regionsDone = new AtomicInteger();
  private final AtomicLong bytesDone = new AtomicLong();
  private final AtomicLong cellsDone = new AtomicLong();
  private final ProgressLine shown;

  ImportProgress(int regions, long bytes, PrintStream out) {
    this.regions = regions;
    this.bytes = bytes;
    this.shown = new ProgressLine("import-progress", out, this::line);
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
        regions, ProgressLine.size(done), ProgressLine.size(bytes), ProgressLine.size((long) rate), seconds,
        left);
  }

  @Override
  public void close() {
    shown.close();
  }
}
