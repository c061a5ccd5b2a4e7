package io.basalt.hbase.metrics;

/**
 * One group of metrics as HBase publishes it: a JMX bean named {@code Hadoop:service=HBase,name=}{@link #jmxName()}
 * and a record of the same metrics on {@code /prometheus}, whose metric names start with {@link #recordName()}.
 * A record is read afresh each time it is written, so what it writes is as current as its sources.
 */
public interface MetricsRecord {
  /** The bean's name after {@code Hadoop:service=HBase,name=}, such as {@code RegionServer,sub=Server}. */
  String jmxName();

  /**
   * The name HBase's metrics system gives the record, which starts each of its Prometheus names: {@code Server} for
   * {@code RegionServer,sub=Server}, {@code RegionServer} for {@code RegionServer,sub=IPC}.
   */
  String recordName();

  /** Writes the record's tags, then its metrics, in the order HBase lists them. */
  void writeTo(MetricsOutput out);
}
