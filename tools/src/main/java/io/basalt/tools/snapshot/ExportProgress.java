package io.basalt.tools.snapshot;

import io.basalt.tools.ProgressLine;
import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What an export has written, shown on standard output as it goes, as {@link ImportProgress} shows an import's:
 * regions done of all, cells, the bytes of the HFiles written and their rate ({@link ProgressLine} shows it).
 * Counted per region finished: a region's cells are
 * read and written in one pass, and their total is not known before.
 */
final class ExportProgress implements AutoCloseable {
  private final int regions;
  private final long startNanos = System.nanoTime();
  private final AtomicInteger regionsDone = new AtomicInteger();
  private final AtomicLong bytesDone = new AtomicLong();
  private final AtomicLong cellsDone = new AtomicLong();
  private final AtomicLong filesDone = new AtomicLong();
  private final ProgressLine shown;

  ExportProgress(int regions, PrintStream out) {
    this.regions = regions;
    this.shown = new ProgressLine("export-progress", out, this::line);
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
        regionsDone.get(), regions, cellsDone.get(), ProgressLine.size(done), ProgressLine.size((long) rate),
        seconds);
  }

  @Override
  public void close() {
    shown.close();
  }
}
