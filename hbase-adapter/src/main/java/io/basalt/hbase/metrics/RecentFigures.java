package io.basalt.hbase.metrics;

import io.basalt.storage.TabletSize;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Region figures for the metrics records, with sizes measured at most once per period: asking RocksDB for the sizes
 * of ten thousand tablets takes tens of milliseconds, and a scrape reads several records. HBase recomputes its server
 * and table figures every five seconds ({@code hbase.regionserver.metrics.period}); so does this. The regions and
 * their request counts are read afresh every time, so only sizes are up to a period old.
 */
final class RecentFigures {
  private static final Logger LOG = LoggerFactory.getLogger(RecentFigures.class);

  private final RegionFigures figures;
  private final long periodNanos;
  private Map<String, TabletSize> sizes = Map.of();
  private long measuredAtNanos;
  private boolean measured;

  RecentFigures(RegionFigures figures, long periodMillis) {
    this.figures = figures;
    this.periodNanos = periodMillis * 1_000_000;
  }

  synchronized List<RegionFigures.Figure> get() {
    long now = System.nanoTime();
    if (!measured || now - measuredAtNanos >= periodNanos) {
      try {
        sizes = figures.sizes(null);
      } catch (IOException e) {
        // The previous sizes stand until a measure succeeds; the failure is the store's, and it is logged.
        LOG.warn("Could not measure the regions' sizes for metrics; keeping the previous sizes", e);
      }
      measured = true;
      measuredAtNanos = now;
    }
    // A disabled table's regions are closed, and HBase's region server has no metrics of closed regions.
    return figures.figures(sizes, null, true);
  }
}
