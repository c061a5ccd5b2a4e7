package io.basalt.server.ui;

import io.basalt.hbase.keyviz.ActivityColumn;
import io.basalt.hbase.keyviz.HeatmapJson;
import io.basalt.hbase.keyviz.KeyVisualizer;
import io.basalt.hbase.keyviz.Tier;
import io.basalt.hbase.metrics.ServerMetrics;
import io.basalt.hbase.schema.TableDirectory;
import io.basalt.server.info.WebPages;
import java.io.IOException;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.hbase.TableName;

/**
 * {@code /keyviz/data?table=&tier=&metric=}: the Key Visualizer's columns and diagnostics as JSON ({@link
 * HeatmapJson}), over the tier's whole retention: six hours of minutes, four days of ten minutes, 28 days of hours.
 * An unknown table is a 404; a table no longer served but with columns kept is still shown.
 */
final class KeyVisualizerData implements Handler {
  /** Tablets listed as the busiest. */
  private static final int HOT_TABLETS = 10;

  private final Optional<KeyVisualizer> keys;
  private final TableDirectory tables;
  private final ServerMetrics metrics;

  KeyVisualizerData(Optional<KeyVisualizer> keys, TableDirectory tables, ServerMetrics metrics) {
    this.keys = keys;
    this.tables = tables;
    this.metrics = metrics;
  }

  @Override
  public WebPages.Page answer(Query query) throws IOException, PageException {
    if (keys.isEmpty()) {
      throw PageException.notFound("This server keeps no Key Visualizer record (basalt.keyvisualizer.enabled).");
    }
    Tier tier = KeyVisualizerPage.tier(query);
    HeatmapJson.Metric metric = KeyVisualizerPage.metric(query);
    String table = query.get("table");
    if (table != null && table.isEmpty()) {
      table = null;
    }
    long to = System.currentTimeMillis() + 60_000; // the minute in progress too
    long from = to - tier.retention().toMillis();
    Map<String, List<ActivityColumn>> columns = keys.get().columns(table, tier, from, to);
    if (table != null && columns.isEmpty() && !served(table)) {
      throw PageException.notFound("No table " + table + " is served here, and none of that name has columns.");
    }
    StringWriter json = new StringWriter();
    HeatmapJson.write(json, tier, metric, from, to, columns, metrics.busiestRegions(table, HOT_TABLETS));
    return Answers.text(200, "application/json; charset=utf-8", json.toString());
  }

  private boolean served(String table) throws PageException {
    try {
      return tables.table(TableName.valueOf(table)).isPresent();
    } catch (IllegalArgumentException e) {
      throw PageException.badRequest("'" + table + "' is not a table name: " + e.getMessage());
    }
  }
}
