package io.basalt.server.metrics;

import io.basalt.hbase.metrics.MetricsOutput;
import io.basalt.hbase.metrics.MetricsRecord;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.management.MBeanAttributeInfo;
import javax.management.MBeanInfo;

/**
 * One reading of a {@link MetricsRecord} as a JMX bean sees it: the bean's description (attributes in the record's
 * order, tags as {@code tag.<name>} strings, counters and long gauges as {@code Long}, double gauges as {@code
 * Double}) and the values read. Immutable, so a reader may keep answering from it while another reading is taken.
 */
final class RecordSnapshot {
  private static final String STRING = String.class.getName();
  private static final String LONG = Long.class.getName();
  private static final String DOUBLE = Double.class.getName();

  private final MBeanInfo info;
  private final Map<String, Object> values;
  private final long takenNanos;
  private final List<String> duplicates;

  private RecordSnapshot(MBeanInfo info, Map<String, Object> values, long takenNanos, List<String> duplicates) {
    this.info = info;
    this.values = values;
    this.takenNanos = takenNanos;
    this.duplicates = duplicates;
  }

  /** Reads {@code record} once. Whatever the record throws, the caller gets. */
  static RecordSnapshot read(MetricsRecord record, long nowNanos) {
    Collector collector = new Collector();
    record.writeTo(collector);
    MBeanInfo info = new MBeanInfo(record.jmxName(), null,
        collector.attributes.toArray(new MBeanAttributeInfo[0]), null, null, null);
    return new RecordSnapshot(info, Collections.unmodifiableMap(collector.values), nowNanos,
        List.copyOf(collector.duplicates));
  }

  /** A bean with no attributes, for a record that could not be read even once. */
  static RecordSnapshot empty(MetricsRecord record, long nowNanos) {
    return new RecordSnapshot(new MBeanInfo(record.jmxName(), null, new MBeanAttributeInfo[0], null, null, null),
        Map.of(), nowNanos, List.of());
  }

  /** The same values, counted as read at {@code nowNanos}. */
  RecordSnapshot restamped(long nowNanos) {
    return new RecordSnapshot(info, values, nowNanos, duplicates);
  }

  MBeanInfo info() {
    return info;
  }

  /** The attribute's value, or null if this reading has no such attribute. */
  Object value(String attribute) {
    return values.get(attribute);
  }

  long takenNanos() {
    return takenNanos;
  }

  /** Attribute names the record wrote more than once (only the first was kept). */
  List<String> duplicates() {
    return duplicates;
  }

  private static final class Collector implements MetricsOutput {
    private final List<MBeanAttributeInfo> attributes = new ArrayList<>();
    private final Map<String, Object> values = new HashMap<>();
    private final List<String> duplicates = new ArrayList<>();

    @Override
    public void tag(String name, String value) {
      add("tag." + name, STRING, value == null ? "" : value); // as metrics2 shows an unset tag
    }

    @Override
    public void counter(String name, long value) {
      add(name, LONG, value);
    }

    @Override
    public void gauge(String name, long value) {
      add(name, LONG, value);
    }

    @Override
    public void gauge(String name, double value) {
      add(name, DOUBLE, value);
    }

    private void add(String name, String type, Object value) {
      if (values.putIfAbsent(name, value) != null) {
        duplicates.add(name);
        return;
      }
      // The description is the name itself: HBase's JSON writer then prints the plain value even when asked for
      // descriptions, as it does for metrics2 attributes without one.
      attributes.add(new MBeanAttributeInfo(name, type, name, true, false, false));
    }
  }
}
