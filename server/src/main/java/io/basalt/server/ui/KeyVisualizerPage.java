package io.basalt.server.ui;

import io.basalt.hbase.keyviz.HeatmapJson;
import io.basalt.hbase.keyviz.KeyVisualizer;
import io.basalt.hbase.keyviz.Tier;
import io.basalt.hbase.schema.HBaseTable;
import io.basalt.hbase.schema.TableDirectory;
import io.basalt.server.info.WebPages;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

/**
 * {@code /keyviz}: the Key Visualizer's heatmap of one table's or every table's row-key space over time, with the
 * choice of table, resolution and metric, and the lists of hot ranges, hot rows, large rows and the busiest tablets.
 * The heatmap is drawn in the browser by Basalt's own script ({@code /static/keyviz.js}) from {@code /keyviz/data}.
 */
final class KeyVisualizerPage implements Handler {
  private final Optional<KeyVisualizer> keys;
  private final TableDirectory tables;

  KeyVisualizerPage(Optional<KeyVisualizer> keys, TableDirectory tables) {
    this.keys = keys;
    this.tables = tables;
  }

  @Override
  public WebPages.Page answer(Query query) throws PageException {
    String table = query.get("table");
    Html html = Layout.begin("Key Visualizer", "/keyviz");
    if (keys.isEmpty()) {
      html.element("p", "This server keeps no Key Visualizer record (basalt.keyvisualizer.enabled is false).",
          "class", "none");
      return Answers.html(200, Layout.end(html));
    }
    html.element("p", "Where in each table's row keys the requests went: time across, the table's rows down (each "
        + "row of cells a bucket of about equal stored rows), one request in " + KeyVisualizer.SAMPLE_PERIOD
        + " sampled. Point at a cell for its key range and value.");
    TreeSet<String> names = new TreeSet<>(keys.get().activeTables());
    for (HBaseTable served : tables.all()) {
      names.add(served.name().getNameAsString());
    }
    html.open("form", "id", "keyviz-form", "class", "keyviz", "method", "get", "action", "/keyviz");
    html.open("label").text("Table ").open("select", "name", "table");
    html.element("option", "all tables", "value", "");
    for (String name : names) {
      html.element("option", name, "value", name, "selected", name.equals(table) ? "selected" : null);
    }
    html.close("select").close("label");
    html.open("label").text(" Resolution ").open("select", "name", "tier");
    for (Tier tier : Tier.values()) {
      html.element("option", tier.minutes() + " min, " + tier.retention().toHours() + " h", "value",
          tier.queryName());
    }
    html.close("select").close("label");
    html.open("label").text(" Metric ").open("select", "name", "metric");
    for (String[] metric : List.of(new String[] {"operations", "operations"},
        new String[] {"readBytes", "bytes read"}, new String[] {"writeBytes", "bytes written"},
        new String[] {"p99Micros", "p99 latency"})) {
      html.element("option", metric[1], "value", metric[0]);
    }
    html.close("select").close("label");
    html.raw(" <button type=\"submit\">Show</button>").close("form");
    html.element("p", "", "id", "keyviz-status", "class", "none");
    html.open("div", "class", "keyviz-frame").raw("<canvas id=\"keyviz-canvas\" width=\"600\" height=\"600\">")
        .text("The heatmap needs a browser with scripts and canvas.").raw("</canvas>").close("div");
    html.raw("<pre id=\"keyviz-tip\" class=\"keyviz-tip\" hidden></pre>");
    list(html, "hot-ranges", "Hot ranges", "Table", "From row", "To row", "Operations", "Share");
    list(html, "hot-rows", "Hot rows", "Table", "Row", "Operations", "Share");
    list(html, "large-rows", "Large rows", "Table", "Row", "Largest request");
    list(html, "hot-tablets", "Busiest tablets (last minute)", "Table", "Region", "Requests/s", "Reads", "Writes");
    html.raw("<script src=\"/static/keyviz.js\"></script>");
    return Answers.htmlWithScript(200, Layout.end(html));
  }

  private static void list(Html html, String id, String title, String... headings) {
    Layout.section(html, id, title);
    html.open("table", "class", "list");
    html.headings(headings);
    html.raw("<tbody id=\"keyviz-" + id + "\"></tbody>").close("table");
  }

  /** The parameters both the page and its data read, checked. */
  static Tier tier(Query query) throws PageException {
    String name = query.get("tier");
    Tier tier = name == null || name.isEmpty() ? Tier.MINUTE : Tier.named(name);
    if (tier == null) {
      throw PageException.badRequest("the resolution must be minute, ten-minutes or hour, not '" + name + "'");
    }
    return tier;
  }

  static HeatmapJson.Metric metric(Query query) throws PageException {
    String name = query.get("metric");
    HeatmapJson.Metric metric = name == null || name.isEmpty() ? HeatmapJson.Metric.OPERATIONS
        : HeatmapJson.Metric.named(name);
    if (metric == null) {
      throw PageException.badRequest("the metric must be operations, readBytes, writeBytes or p99Micros, not '"
          + name + "'");
    }
    return metric;
  }
}
