package io.basalt.hbase.service;

import io.basalt.hbase.compaction.CompactionQueue;
import io.basalt.hbase.region.Region;
import io.basalt.hbase.region.RegionDirectory;
import io.basalt.hbase.schema.HBaseTable;
import io.basalt.hbase.schema.TableDirectory;
import io.basalt.hbase.stats.TabletRequests;
import io.basalt.hbase.stats.TabletStatistics;
import io.basalt.storage.TabletSize;
import io.basalt.storage.errors.StorageException;
import io.basalt.storage.errors.UnknownTableException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.hbase.RegionMetrics;
import org.apache.hadoop.hbase.RegionMetricsBuilder;
import org.apache.hadoop.hbase.Size;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.RegionInfo;

/**
 * What Basalt reports about its regions in cluster status and region loads: each region's store (family) count, its
 * compactions, its tablet's request counts and its tablet's sizes, measured afresh for every report. hbase:meta is
 * computed, so it has no files, and its requests are not counted.
 */
final class RegionReports {
  private static final long KILOBYTE = 1024;
  private static final long MEGABYTE = 1024 * KILOBYTE;

  private final RegionDirectory directory;
  private final TableDirectory tables;
  private final CompactionQueue compactions;
  private final TabletStatistics statistics;

  RegionReports(RegionDirectory directory, TableDirectory tables, CompactionQueue compactions,
      TabletStatistics statistics) {
    this.directory = directory;
    this.tables = tables;
    this.compactions = compactions;
    this.statistics = statistics;
  }

  /** Metrics of every region, or of one table's regions when {@code table} is not null. */
  List<RegionMetrics> metrics(TableName table) throws IOException {
    Map<String, TabletSize> sizes = new HashMap<>();
    for (HBaseTable served : tables.all()) {
      if (table == null || table.equals(served.name())) {
        sizes.putAll(sizesOf(served));
      }
    }
    List<RegionMetrics> metrics = new ArrayList<>();
    for (Region region : directory.all()) {
      RegionInfo info = region.info();
      if (table != null && !table.equals(info.getTable())) {
        continue;
      }
      int stores = info.isMetaRegion() ? 1
          : tables.table(info.getTable()).map(t -> t.descriptor().getColumnFamilyCount()).orElse(0);
      RegionMetricsBuilder builder = RegionMetricsBuilder.newBuilder(info.getRegionName()).setStoreCount(stores)
          .setLastMajorCompactionTimestamp(compactions.lastMajorCompaction(info))
          .setCompactionState(compactions.state(info));
      addSize(builder, sizes.getOrDefault(info.getEncodedName(), TabletSize.EMPTY));
      Optional<TabletRequests> requests = statistics.find(info.getEncodedName());
      if (requests.isPresent()) {
        builder.setReadRequestCount(requests.get().readRequests())
            .setFilteredReadRequestCount(requests.get().filteredReadRequests())
            .setWriteRequestCount(requests.get().writeRequests());
      }
      metrics.add(builder.build());
    }
    return metrics;
  }

  /** The sizes of a table's tablets by region encoded name; none for a table dropped since it was listed. */
  private static Map<String, TabletSize> sizesOf(HBaseTable table) throws IOException {
    List<TabletSize> sizes;
    try {
      sizes = table.storage().approximateSizes(table.definition().tablets());
    } catch (UnknownTableException e) {
      return Map.of(); // its regions are leaving the directory too
    } catch (StorageException e) {
      throw new IOException("cannot measure the regions of " + table.name() + ": " + e.getMessage(), e);
    }
    Map<String, TabletSize> byRegion = new HashMap<>();
    for (int i = 0; i < sizes.size(); i++) {
      byRegion.put(table.regions().get(i).getEncodedName(), sizes.get(i));
    }
    return byRegion;
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
