package io.basalt.hbase.metrics;

/**
 * Where a {@link MetricsRecord} writes its values: tags (strings describing the record, JMX attributes {@code
 * tag.<name>} and Prometheus labels), counters (totals that only grow) and gauges (current values), each under its
 * HBase attribute name.
 */
public interface MetricsOutput {
  void tag(String name, String value);

  void counter(String name, long value);

  void gauge(String name, long value);

  void gauge(String name, double value);
}
