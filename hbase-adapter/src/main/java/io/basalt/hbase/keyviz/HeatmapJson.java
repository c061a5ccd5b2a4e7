package io.basalt.hbase.keyviz;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hbase.thirdparty.com.google.gson.stream.JsonWriter;

/**
 * The Key Visualizer's data for its page, as JSON: per table, its columns of one tier and one metric (the bucket
 * starts written once per distinct set), and the diagnostics over them. One metric at a time keeps six hours of
 * minutes of a thousand buckets to a few megabytes. Rows are written as HBase prints them ({@code
 * Bytes.toStringBinary}), so that any bytes are safe to show.
 */
public final class HeatmapJson {
  /** What the page can color the heatmap by. */
  public enum Metric {
    OPERATIONS("operations"), READ_BYTES("readBytes"), WRITE_BYTES("writeBytes"), P99_MICROS("p99Micros");

    private final String queryName;

    Metric(String queryName) {
      this.queryName = queryName;
    }

    /** The metric named so in a query, or null. */
    public static Metric named(String name) {
      for (Metric metric : values()) {
        if (metric.queryName.equals(name)) {
          return metric;
        }
      }
      return null;
    }

    long[] of(ActivityColumn column) {
      return switch (this) {
        case OPERATIONS -> column.operations();
        case READ_BYTES -> column.readBytes();
        case WRITE_BYTES -> column.writeBytes();
        case P99_MICROS -> column.p99Micros();
      };
    }
  }

  private HeatmapJson() {}

  /** Writes the tables' columns (table name to its columns, oldest first) and the busiest tablets. */
  public static void write(Writer out, Tier tier, Metric metric, long fromMillis, long toMillis,
      Map<String, List<ActivityColumn>> tables, List<HotTablet> hotTablets) throws IOException {
    JsonWriter json = new JsonWriter(out);
    json.beginObject();
    json.name("tier").value(tier.queryName());
    json.name("metric").value(metric.queryName);
    json.name("from").value(fromMillis);
    json.name("to").value(toMillis);
    json.name("tables").beginArray();
    List<KeyDiagnostics.HotRange> hotRanges = new ArrayList<>();
    List<KeyDiagnostics.RowFigure> hotRows = new ArrayList<>();
    List<KeyDiagnostics.RowFigure> largeRows = new ArrayList<>();
    for (Map.Entry<String, List<ActivityColumn>> table : tables.entrySet()) {
      writeTable(json, table.getKey(), table.getValue(), metric);
      hotRanges.addAll(KeyDiagnostics.hotRanges(table.getKey(), table.getValue()));
      hotRows.addAll(KeyDiagnostics.hotRows(table.getKey(), table.getValue()));
      largeRows.addAll(KeyDiagnostics.largeRows(table.getKey(), table.getValue()));
    }
    json.endArray();
    json.name("hotRanges").beginArray();
    for (KeyDiagnostics.HotRange range : hotRanges) {
      json.beginObject().name("table").value(range.table()).name("start").value(row(range.startRow()))
          .name("end").value(row(range.endRow())).name("operations").value(range.operations())
          .name("share").value(range.share()).endObject();
    }
    json.endArray();
    writeRows(json, "hotRows", "operations", hotRows);
    writeRows(json, "largeRows", "bytes", largeRows);
    json.name("hotTablets").beginArray();
    for (HotTablet tablet : hotTablets) {
      json.beginObject().name("table").value(tablet.table()).name("region").value(tablet.region())
          .name("start").value(row(tablet.startRow())).name("end").value(row(tablet.endRow()))
          .name("requestsPerSecond").value(tablet.requestsPerSecond())
          .name("readRequests").value(tablet.readRequests())
          .name("writeRequests").value(tablet.writeRequests()).endObject();
    }
    json.endArray();
    json.endObject();
    json.flush();
  }

  private static void writeTable(JsonWriter json, String table, List<ActivityColumn> columns, Metric metric)
      throws IOException {
    json.beginObject().name("name").value(table);
    Map<KeyBuckets, Integer> sets = new LinkedHashMap<>();
    for (ActivityColumn column : columns) {
      sets.putIfAbsent(column.buckets(), sets.size());
    }
    json.name("bucketSets").beginArray();
    for (KeyBuckets buckets : sets.keySet()) {
      json.beginArray();
      for (int i = 0; i < buckets.count(); i++) {
        json.value(row(buckets.start(i)));
      }
      json.endArray();
    }
    json.endArray();
    json.name("columns").beginArray();
    for (ActivityColumn column : columns) {
      json.beginObject().name("start").value(column.startMillis()).name("minutes").value(column.minutes())
          .name("set").value(sets.get(column.buckets())).name("values").beginArray();
      for (long value : metric.of(column)) {
        json.value(value);
      }
      json.endArray().endObject();
    }
    json.endArray().endObject();
  }

  private static void writeRows(JsonWriter json, String name, String valueName,
      List<KeyDiagnostics.RowFigure> rows) throws IOException {
    json.name(name).beginArray();
    for (KeyDiagnostics.RowFigure row : rows) {
      json.beginObject().name("table").value(row.table()).name("row").value(row(row.row()))
          .name(valueName).value(row.value());
      if (row.share() > 0) {
        json.name("share").value(row.share());
      }
      json.endObject();
    }
    json.endArray();
  }

  private static String row(byte[] row) {
    return Bytes.toStringBinary(row);
  }
}
