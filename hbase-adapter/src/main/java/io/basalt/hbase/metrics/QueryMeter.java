package io.basalt.hbase.metrics;

import org.apache.hadoop.hbase.metrics.impl.DropwizardMeter;

/**
 * Events counted with their recent rates, as HBase publishes its query meters: {@code <name>_count}, {@code
 * _mean_rate} and the one, five and fifteen minute moving rates (all gauges, as HBase types them). The meter is
 * HBase's own ({@link DropwizardMeter}): marking adds to a {@code LongAdder} and ticks the rates every five seconds.
 */
public final class QueryMeter {
  private final DropwizardMeter meter = new DropwizardMeter();

  public void mark(long events) {
    meter.mark(events);
  }

  public long count() {
    return meter.getCount();
  }

  public void writeTo(String name, MetricsOutput out) {
    out.gauge(name + "_count", meter.getCount());
    out.gauge(name + "_mean_rate", meter.getMeanRate());
    out.gauge(name + "_1min_rate", meter.getOneMinuteRate());
    out.gauge(name + "_5min_rate", meter.getFiveMinuteRate());
    out.gauge(name + "_15min_rate", meter.getFifteenMinuteRate());
  }
}
