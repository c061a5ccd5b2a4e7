package io.basalt.hbase.metrics;

import io.basalt.hbase.stats.TabletRequests;
import io.basalt.storage.TabletSize;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.hbase.TableName;

/**
 * HBase's per-table bean, {@code RegionServer,sub=Tables}: for each table, attributes named {@code
 * Namespace_<ns>_table_<qualifier>_metric_<metric>} summing its regions on this server, and the number of tables.
 * As in HBase, a table's {@code totalRequestCount} is its read and write requests (the server's counts calls), and
 * its {@code tableSize} is its files and memstore. hbase:meta is left out, as from {@link RegionsRecord}.
 */
final class TablesRecord implements MetricsRecord {
  private final RecentFigures figures;

  TablesRecord(RecentFigures figures) {
    this.figures = figures;
  }

  @Override
  public String jmxName() {
    return "RegionServer,sub=Tables";
  }

  @Override
  public String recordName() {
    return "Tables";
  }

  /** One table's regions summed. */
  private static final class Sum {
    long regions;
    long stores;
    long reads;
    long filteredReads;
    long writes;
    TabletSize size = TabletSize.EMPTY;
  }

  @Override
  public void writeTo(MetricsOutput out) {
    out.tag("Context", "regionserver");
    out.tag("Hostname", Hosts.localName());
    Map<TableName, Sum> tables = new LinkedHashMap<>();
    for (RegionFigures.Figure figure : figures.get()) {
      if (figure.info().isMetaRegion()) {
        continue;
      }
      Sum sum = tables.computeIfAbsent(figure.info().getTable(), name -> new Sum());
      sum.regions++;
      sum.stores += figure.stores();
      sum.size = sum.size.plus(figure.size());
      if (figure.requests().isPresent()) {
        TabletRequests requests = figure.requests().get();
        sum.reads += requests.readRequests();
        sum.filteredReads += requests.filteredReadRequests();
        sum.writes += requests.writeRequests();
      }
    }
    out.gauge("numTables", tables.size());
    tables.forEach((table, sum) -> {
      String prefix = "Namespace_" + table.getNamespaceAsString() + "_table_" + table.getQualifierAsString()
          + "_metric_";
      long bytes = sum.size.fileBytes() + sum.size.memtableBytes();
      out.counter(prefix + "readRequestCount", sum.reads);
      out.counter(prefix + "filteredReadRequestCount", sum.filteredReads);
      out.counter(prefix + "writeRequestCount", sum.writes);
      out.counter(prefix + "totalRequestCount", sum.reads + sum.writes);
      out.gauge(prefix + "memStoreSize", sum.size.memtableBytes());
      out.gauge(prefix + "storeFileCount", sum.size.fileCount());
      out.gauge(prefix + "storeFileSize", sum.size.fileBytes());
      out.gauge(prefix + "tableSize", bytes);
      out.gauge(prefix + "averageRegionSize", bytes / sum.regions);
      out.gauge(prefix + "regionCount", sum.regions);
      out.gauge(prefix + "storeCount", sum.stores);
      out.gauge(prefix + "staticBloomSize", sum.size.filterBytes());
      out.gauge(prefix + "staticIndexSize", sum.size.indexBytes());
    });
  }
}
