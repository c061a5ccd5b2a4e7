package io.basalt.server.metrics;

import io.basalt.hbase.metrics.MetricsOutput;
import io.basalt.hbase.metrics.MetricsRecord;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/** A metrics record written by a lambda, which counts how often it was read. */
public final class FakeRecord implements MetricsRecord {
  private final String jmxName;
  private final String recordName;
  private final Consumer<MetricsOutput> writer;
  private final AtomicInteger reads = new AtomicInteger();

  private FakeRecord(String jmxName, String recordName, Consumer<MetricsOutput> writer) {
    this.jmxName = jmxName;
    this.recordName = recordName;
    this.writer = writer;
  }

  public static FakeRecord of(String jmxName, String recordName, Consumer<MetricsOutput> writer) {
    return new FakeRecord(jmxName, recordName, writer);
  }

  /** HBase's {@code RegionServer,sub=Quotas}: its two tags and nothing else. */
  public static FakeRecord quotas() {
    return of("RegionServer,sub=Quotas", "Quotas", out -> {
      out.tag("Context", "regionserver");
      out.tag("Hostname", "vm");
    });
  }

  public int reads() {
    return reads.get();
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
    reads.incrementAndGet();
    writer.accept(out);
  }
}
