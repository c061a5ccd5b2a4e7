package io.basalt.hbase.metrics;

import io.basalt.hbase.stats.TabletRequests;
import java.time.Clock;
import java.util.function.ToLongFunction;
import org.apache.hadoop.hbase.client.RegionInfo;

/**
 * HBase's per-region bean, {@code RegionServer,sub=Regions}: for each region, attributes named {@code
 * Namespace_<ns>_table_<qualifier>_region_<encoded name>_metric_<metric>}: its stores and their size, its request
 * counts, and its operations by kind. hbase:meta is left out: Basalt computes it rather than storing it, and counts
 * none of its requests, so its figures would all be zero.
 */
final class RegionsRecord implements MetricsRecord {
  private final RecentFigures figures;
  private final ToLongFunction<RegionInfo> lastMajorCompaction;
  private final Clock clock;

  RegionsRecord(RecentFigures figures, ToLongFunction<RegionInfo> lastMajorCompaction, Clock clock) {
    this.figures = figures;
    this.lastMajorCompaction = lastMajorCompaction;
    this.clock = clock;
  }

  @Override
  public String jmxName() {
    return "RegionServer,sub=Regions";
  }

  @Override
  public String recordName() {
    return "Regions";
  }

  @Override
  public void writeTo(MetricsOutput out) {
    out.tag("Context", "regionserver");
    out.tag("Hostname", Hosts.localName());
    long now = clock.millis();
    for (RegionFigures.Figure figure : figures.get()) {
      RegionInfo info = figure.info();
      if (info.isMetaRegion()) {
        continue;
      }
      String prefix = "Namespace_" + info.getTable().getNamespaceAsString() + "_table_"
          + info.getTable().getQualifierAsString() + "_region_" + info.getEncodedName() + "_metric_";
      out.gauge(prefix + "storeCount", figure.stores());
      out.gauge(prefix + "storeFileCount", figure.size().fileCount());
      out.gauge(prefix + "memStoreSize", figure.size().memtableBytes());
      out.gauge(prefix + "storeFileSize", figure.size().fileBytes());
      // HBase's quirk kept: a region never major-compacted is as old as the epoch.
      out.counter(prefix + "lastMajorCompactionAge", now - lastMajorCompaction.applyAsLong(info));
      TabletRequests requests = figure.requests().orElse(null);
      out.counter(prefix + "readRequestCount", requests == null ? 0 : requests.readRequests());
      out.counter(prefix + "filteredReadRequestCount", requests == null ? 0 : requests.filteredReadRequests());
      out.counter(prefix + "writeRequestCount", requests == null ? 0 : requests.writeRequests());
      out.counter(prefix + "replicaid", info.getReplicaId());
      out.counter(prefix + "incrementCount", requests == null ? 0 : requests.increments());
      out.counter(prefix + "scanCount", requests == null ? 0 : requests.scans());
      out.counter(prefix + "deleteCount", requests == null ? 0 : requests.deletes());
      out.counter(prefix + "appendCount", requests == null ? 0 : requests.appends());
      out.counter(prefix + "putCount", requests == null ? 0 : requests.puts());
      out.counter(prefix + "getCount", requests == null ? 0 : requests.gets());
    }
  }
}
