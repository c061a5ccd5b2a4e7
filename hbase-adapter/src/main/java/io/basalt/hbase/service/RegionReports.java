package io.basalt.hbase.service;

import io.basalt.hbase.compaction.CompactionQueue;
import io.basalt.hbase.metrics.RegionFigures;
import io.basalt.hbase.stats.TabletRequests;
import io.basalt.storage.TabletSize;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.RegionMetrics;
import org.apache.hadoop.hbase.RegionMetricsBuilder;
import org.apache.hadoop.hbase.Size;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.RegionInfo;

/**
 * What Basalt reports about its regions in cluster status and region loads: each region's {@link RegionFigures},
 * measured afresh for every report, and its compactions.
 */
final class RegionReports {
  private static final long KILOBYTE = 1024;
  private static final long MEGABYTE = 1024 * KILOBYTE;

  private final RegionFigures figures;
  private final CompactionQueue compactions;

  RegionReports(RegionFigures figures, CompactionQueue compactions) {
    this.figures = figures;
    this.compactions = compactions;
  }

  /** Metrics of every region, or of one table's regions when {@code table} is not null. */
  List<RegionMetrics> metrics(TableName table) throws IOException {
    List<RegionMetrics> metrics = new ArrayList<>();
    for (RegionFigures.Figure figure : figures.measure(table)) {
      RegionInfo info = figure.info();
      RegionMetricsBuilder builder = RegionMetricsBuilder.newBuilder(info.getRegionName())
          .setStoreCount(figure.stores())
          .setLastMajorCompactionTimestamp(compactions.lastMajorCompaction(info))
          .setCompactionState(compactions.state(info));
      addSize(builder, figure.size());
      if (figure.requests().isPresent()) {
        TabletRequests requests = figure.requests().get();
        builder.setReadRequestCount(requests.readRequests())
            .setFilteredReadRequestCount(requests.filteredReadRequests())
            .setWriteRequestCount(requests.writeRequests());
      }
      metrics.add(builder.build());
    }
    return metrics;
  }

  /**
   * Sizes as HBase reports a region's stores: files, memstore and uncompressed data in megabytes, index and bloom
   * filter in kilobytes. RocksDB's block index has one level, so its root level is the whole of it.
   */
  private static void addSize(RegionMetricsBuilder builder, TabletSize size) {
    builder.setStoreFileCount(size.fileCount())
        .setStoreFileSize(inUnits(size.fileBytes(), MEGABYTE, Size.Unit.MEGABYTE))
        .setRegionSizeMB(inUnits(size.fileBytes(), MEGABYTE, Size.Unit.MEGABYTE))
        .setUncompressedStoreFileSize(inUnits(size.uncompressedBytes(), MEGABYTE, Size.Unit.MEGABYTE))
        .setMemStoreSize(inUnits(size.memtableBytes(), MEGABYTE, Size.Unit.MEGABYTE))
        .setStoreFileIndexSize(inUnits(size.indexBytes(), KILOBYTE, Size.Unit.KILOBYTE))
        .setStoreFileRootLevelIndexSize(inUnits(size.indexBytes(), KILOBYTE, Size.Unit.KILOBYTE))
        .setStoreFileUncompressedDataIndexSize(inUnits(size.indexBytes(), KILOBYTE, Size.Unit.KILOBYTE))
        .setBloomFilterSize(inUnits(size.filterBytes(), KILOBYTE, Size.Unit.KILOBYTE));
  }

  /**
   * Whole units, as the region load's integer fields carry them, rounded as HBase's region server rounds: down,
   * except that anything above zero is at least one unit, so a small region does not look empty.
   */
  private static Size inUnits(long bytes, long unitBytes, Size.Unit unit) {
    long units = bytes <= 0 ? 0 : Math.max(1, bytes / unitBytes);
    return new Size(units, unit);
  }
}
