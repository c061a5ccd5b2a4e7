package io.basalt.server.ui;

import io.basalt.hbase.compaction.CompactionQueue;
import io.basalt.hbase.schema.HBaseTable;
import io.basalt.hbase.schema.TableDirectory;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.CompactionState;

/**
 * The tables served, each with its regions' figures summed: the list the server's page and the tables page show,
 * hbase:meta included (Basalt computes it from the tables; it has one region and counts nothing).
 */
final class TableList {
  /** One table's line: its regions' figures summed, and their compaction state taken together. */
  record Line(TableName name, String state, int regions, long bytes, long files, long reads, long writes,
      double requestsPerSecond, CompactionState compaction) {}

  private final TableDirectory tables;
  private final CompactionQueue compactions;
  private final ServerSources.RegionMeasure measure;

  TableList(ServerSources sources) {
    this.tables = sources.frontend().tables();
    this.compactions = sources.frontend().compactions();
    this.measure = sources.regions();
  }

  /**
   * The names of the tables whose names hold {@code filter} (ignoring case), in the order of their names (HBase's
   * TableName sorts by hash code first), hbase:meta among them.
   */
  List<TableName> names(String filter) {
    String wanted = filter.toLowerCase(Locale.ROOT);
    List<TableName> names = new ArrayList<>();
    if (TableName.META_TABLE_NAME.getNameAsString().contains(wanted)) {
      names.add(TableName.META_TABLE_NAME);
    }
    for (HBaseTable table : tables.all()) {
      if (table.name().getNameAsString().toLowerCase(Locale.ROOT).contains(wanted)) {
        names.add(table.name());
      }
    }
    names.sort(Comparator.comparing(TableName::getNameAsString));
    return names;
  }

  /** The lines of {@code shown}, from every region measured now. */
  List<Line> lines(List<TableName> shown) throws IOException {
    return lines(shown, measure.measure(null));
  }

  /**
   * The lines of {@code shown}, from {@code regions}: every region's figures (one pass over the store's tablets
   * costs less than one per table shown), of which only the shown tables' are summed.
   */
  List<Line> lines(List<TableName> shown, List<RegionRow> regions) {
    Map<TableName, Sum> sums = new HashMap<>();
    for (TableName name : shown) {
      sums.put(name, new Sum());
    }
    for (RegionRow row : regions) {
      Sum sum = sums.get(row.info().getTable());
      if (sum != null) {
        sum.add(row, compactions.state(row.info()));
      }
    }
    List<Line> lines = new ArrayList<>();
    for (TableName name : shown) {
      Sum sum = sums.get(name);
      String state = name.equals(TableName.META_TABLE_NAME) ? "ENABLED"
          : tables.table(name).map(table -> table.state().name()).orElse("DROPPED");
      lines.add(new Line(name, state, sum.regions, sum.bytes, sum.files, sum.reads, sum.writes, sum.rate,
          sum.compaction));
    }
    return lines;
  }

  /** The table of {@code lines}. */
  static void write(Html html, List<Line> lines) {
    html.open("table", "class", "list tables");
    html.headings("Table", "State", "Regions", "Size", "Files", "Read requests", "Write requests", "Requests/s",
        "Compaction");
    for (Line line : lines) {
      html.open("tr");
      html.open("td").link(Urls.table(line.name().getNameAsString()), line.name().getNameAsString()).close("td");
      html.cell(line.state());
      html.number(Format.count(line.regions()));
      html.number(Format.bytes(line.bytes()));
      html.number(Format.count(line.files()));
      html.number(Format.count(line.reads()));
      html.number(Format.count(line.writes()));
      html.number(Format.rate(line.requestsPerSecond()));
      html.cell(line.compaction());
      html.close("tr");
    }
    html.close("table");
  }

  /** The filter form: it asks the tables page for the tables whose names hold what is typed. */
  static void writeFilter(Html html, String filter) {
    html.open("form", "method", "get", "action", "/tablesDetailed.jsp", "class", "filter");
    html.element("label", "Tables whose name holds", "for", "filter");
    html.open("input", "type", "search", "id", "filter", "name", "filter", "value", filter);
    html.element("button", "Filter", "type", "submit");
    html.close("form");
  }

  /** A table's regions summed. */
  private static final class Sum {
    int regions;
    long bytes;
    long files;
    long reads;
    long writes;
    double rate;
    CompactionState compaction = CompactionState.NONE;

    void add(RegionRow row, CompactionState state) {
      regions++;
      bytes += row.bytes();
      files += row.files();
      reads += row.readRequests();
      writes += row.writeRequests();
      rate += row.requestsPerSecond();
      compaction = Compactions.combine(compaction, state);
    }
  }
}
