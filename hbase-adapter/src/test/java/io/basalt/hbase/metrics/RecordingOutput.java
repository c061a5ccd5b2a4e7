package io.basalt.hbase.metrics;

import java.util.LinkedHashMap;
import java.util.Map;

/** A {@link MetricsOutput} keeping what a record wrote, in order, with each value's kind. */
final class RecordingOutput implements MetricsOutput {
  final Map<String, String> tags = new LinkedHashMap<>();
  final Map<String, Number> values = new LinkedHashMap<>();
  final Map<String, String> kinds = new LinkedHashMap<>();

  static RecordingOutput of(MetricsRecord record) {
    RecordingOutput out = new RecordingOutput();
    record.writeTo(out);
    return out;
  }

  @Override
  public void tag(String name, String value) {
    tags.put(name, value);
  }

  @Override
  public void counter(String name, long value) {
    values.put(name, value);
    kinds.put(name, "counter");
  }

  @Override
  public void gauge(String name, long value) {
    values.put(name, value);
    kinds.put(name, "gauge");
  }

  @Override
  public void gauge(String name, double value) {
    values.put(name, value);
    kinds.put(name, "gauge");
  }

  long get(String name) {
    Number value = values.get(name);
    if (value == null) {
      throw new AssertionError("no metric " + name + " among " + values.keySet());
    }
    return value.longValue();
  }
}
