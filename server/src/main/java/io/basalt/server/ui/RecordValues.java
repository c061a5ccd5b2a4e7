package io.basalt.server.ui;

import io.basalt.hbase.metrics.MetricsOutput;
import io.basalt.hbase.metrics.MetricsRecord;
import io.basalt.server.metrics.MetricsBeans;
import java.util.HashMap;
import java.util.Map;

/**
 * One metrics record's values by attribute name: how the pages read what the metrics already measure (RocksDB's
 * memory and background work, the RPC server's connections and handlers) without a second way of measuring it.
 */
final class RecordValues implements MetricsOutput {
  private final Map<String, Number> values = new HashMap<>();

  /** The values of the record published as {@code Hadoop:service=HBase,name=<jmxName>}; none if there is none. */
  static Map<String, Number> of(MetricsBeans metrics, String jmxName) {
    RecordValues collected = new RecordValues();
    for (MetricsRecord record : metrics.records()) {
      if (record.jmxName().equals(jmxName)) {
        record.writeTo(collected);
        break;
      }
    }
    return collected.values;
  }

  @Override
  public void tag(String name, String value) {
    // tags describe the record, not a figure
  }

  @Override
  public void counter(String name, long value) {
    values.put(name, value);
  }

  @Override
  public void gauge(String name, long value) {
    values.put(name, value);
  }

  @Override
  public void gauge(String name, double value) {
    values.put(name, value);
  }
}
