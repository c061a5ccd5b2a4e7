package io.basalt.server.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.hbase.metrics.MetricsOutput;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

class JvmMetricsRecordTest {
  @Test
  void hasHBasesTagsAndMetricsWithTheirTypes() throws IOException {
    Written written = read(new JvmMetricsRecord());
    assertEquals(List.of("Context", "ProcessName", "SessionId", "Hostname"), List.copyOf(written.tags.keySet()));
    assertEquals("jvm", written.tags.get("Context"));
    assertEquals("Master", written.tags.get("ProcessName"), "a standalone HBase's one process is its master");
    assertEquals("", written.tags.get("SessionId"));

    // HBase's JvmMetrics on /prometheus, but the collectors' own (they depend on the JVM's collector) and LogFatal.
    Map<String, String> expected = new LinkedHashMap<>();
    for (String line : PrometheusNamesTest.lines("hbase-2.6.4-rs-prometheus-types.txt")) {
      String[] parts = line.split(" ");
      if (parts[0].startsWith("jvm_metrics_") && !parts[0].contains("_g1_") && !parts[0].endsWith("log_fatal")) {
        expected.put(parts[0], parts[1]);
      }
    }
    Map<String, String> actual = new LinkedHashMap<>();
    for (Map.Entry<String, String> metric : written.types.entrySet()) {
      if (!isPerCollector(metric.getKey())) {
        actual.put(PrometheusNames.convert("JvmMetrics", metric.getKey()), metric.getValue());
      }
    }
    assertEquals(List.copyOf(expected.entrySet()), List.copyOf(actual.entrySet()), "names, types and order");
    assertEquals("double gauge", written.kinds.get("MemHeapUsedM"));
    assertEquals("long gauge", written.kinds.get("ThreadsRunnable"));
  }

  @Test
  void countsEachCollectorsCollectionsAndTheirSum() {
    Written written = read(new JvmMetricsRecord());
    long sum = 0;
    for (var collector : ManagementFactory.getGarbageCollectorMXBeans()) {
      assertTrue(written.values.containsKey("GcCount" + collector.getName()), collector.getName());
      sum += (Long) written.values.get("GcCount" + collector.getName());
    }
    assertEquals(sum, written.values.get("GcCount"));
    assertTrue((Long) written.values.get("ThreadsRunnable") > 0);
    assertEquals(-1.0, (Double) written.values.get("MemNonHeapMaxM"), "the JVM sets no maximum by default");
    double used = (Double) written.values.get("MemHeapUsedM");
    assertEquals(Float.toString((float) used), Double.toString(used), "a float's digits, as HBase shows them");
  }

  @Test
  void countsLogRecordsByLevel() {
    JvmMetricsRecord record = new JvmMetricsRecord();
    Written before = read(record);
    Logger.getLogger(JvmMetricsRecordTest.class.getName()).warning("a warning JvmMetrics counts");
    Written after = read(record);
    assertEquals((Long) before.values.get("LogWarn") + 1, after.values.get("LogWarn"));
    assertEquals(before.values.get("LogError"), after.values.get("LogError"));
  }

  private static boolean isPerCollector(String metric) {
    return (metric.startsWith("GcCount") && !metric.equals("GcCount"))
        || (metric.startsWith("GcTimeMillis") && !metric.equals("GcTimeMillis"));
  }

  private static Written read(JvmMetricsRecord record) {
    Written written = new Written();
    record.writeTo(written);
    return written;
  }

  private static final class Written implements MetricsOutput {
    final Map<String, String> tags = new LinkedHashMap<>();
    final Map<String, String> types = new LinkedHashMap<>();
    final Map<String, String> kinds = new LinkedHashMap<>();
    final Map<String, Object> values = new LinkedHashMap<>();

    @Override
    public void tag(String name, String value) {
      tags.put(name, value);
    }

    @Override
    public void counter(String name, long value) {
      put(name, "counter", "long counter", value);
    }

    @Override
    public void gauge(String name, long value) {
      put(name, "gauge", "long gauge", value);
    }

    @Override
    public void gauge(String name, double value) {
      put(name, "gauge", "double gauge", value);
    }

    private void put(String name, String type, String kind, Object value) {
      types.put(name, type);
      kinds.put(name, kind);
      values.put(name, value);
    }
  }
}
