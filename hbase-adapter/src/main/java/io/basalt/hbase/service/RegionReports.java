package io.basalt.hbase.service;

import io.basalt.hbase.compaction.CompactionQueue;
import io.basalt.hbase.region.Region;
import io.basalt.hbase.region.RegionDirectory;
import io.basalt.hbase.schema.TableCatalog;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.RegionMetrics;
import org.apache.hadoop.hbase.RegionMetricsBuilder;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.RegionInfo;

/**
 * What Basalt reports about its regions in cluster status and region loads. For now the region's name, its store
 * (family) count and its compactions; sizes and request counts arrive with tablet statistics.
 */
final class RegionReports {
  private RegionReports() {}

  /** Metrics of every region, or of one table's regions when {@code table} is not null. */
  static List<RegionMetrics> metrics(RegionDirectory directory, TableCatalog catalog, CompactionQueue compactions,
      TableName table) {
    List<RegionMetrics> metrics = new ArrayList<>();
    for (Region region : directory.all()) {
      RegionInfo info = region.info();
      if (table != null && !table.equals(info.getTable())) {
        continue;
      }
      int stores = info.isMetaRegion() ? 1
          : catalog.table(info.getTable()).map(t -> t.descriptor().getColumnFamilyCount()).orElse(0);
      metrics.add(RegionMetricsBuilder.newBuilder(info.getRegionName()).setStoreCount(stores)
          .setLastMajorCompactionTimestamp(compactions.lastMajorCompaction(info))
          .setCompactionState(compactions.state(info)).build());
    }
    return metrics;
  }
}
