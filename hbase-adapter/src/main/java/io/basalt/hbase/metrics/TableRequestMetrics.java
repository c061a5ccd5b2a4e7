package io.basalt.hbase.metrics;

import org.apache.hadoop.hbase.TableName;

/**
 * One table's request latencies and query rates on this server, HBase's bean {@code
 * RegionServer,sub=TableRequests_Namespace_<ns>_table_<qualifier>} (HBase 2.6 has no {@code TableLatencies} bean:
 * these took its place). HBase's table histograms come from its newer metrics registry, which publishes no ranges.
 */
public final class TableRequestMetrics implements MetricsRecord {
  private final String jmxName;
  private final String recordName;
  final OperationTimes times;
  final QueryMeter reads = new QueryMeter();
  final QueryMeter writes = new QueryMeter();

  TableRequestMetrics(TableName table, long intervalMillis) {
    this.recordName = "TableRequests_Namespace_" + table.getNamespaceAsString() + "_table_"
        + table.getQualifierAsString();
    this.jmxName = "RegionServer,sub=" + recordName;
    this.times = new OperationTimes(false, intervalMillis);
  }

  @Override
  public String jmxName() {
    return jmxName;
  }

  @Override
  public String recordName() {
    return recordName;
  }

  @Override
  public void writeTo(MetricsOutput out) {
    out.tag("Context", "regionserver");
    out.tag("Hostname", Hosts.localName());
    reads.writeTo("TableReadQueryPerSecond", out);
    writes.writeTo("TableWriteQueryPerSecond", out);
    times.writeTableNames(out);
  }
}
