package io.basalt.server.ui;

import io.basalt.hbase.compaction.CompactionQueue;
import io.basalt.hbase.schema.HBaseTable;
import io.basalt.server.info.WebPages;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.CompactionState;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * {@code /table.jsp?name=<table>}: one table's attributes and figures, its regions a page of {@value Paging#ROWS}
 * at a time ({@code &page=}), in row order, and its schema. An unknown table is a 404 page, a name HBase could not
 * give a table a 400 page.
 */
final class TablePage implements Handler {
  private final ServerSources sources;

  TablePage(ServerSources sources) {
    this.sources = sources;
  }

  @Override
  public WebPages.Page answer(Query query) throws IOException, PageException {
    String given = query.required("name");
    int page = query.page();
    TableName name;
    try {
      name = TableName.valueOf(given);
    } catch (IllegalArgumentException e) {
      throw PageException.badRequest("'" + given + "' is not a table name: " + e.getMessage());
    }
    boolean meta = name.equals(TableName.META_TABLE_NAME);
    Optional<HBaseTable> table = sources.frontend().tables().table(name);
    if (!meta && table.isEmpty()) {
      throw PageException.notFound("There is no table " + name.getNameAsString() + ".");
    }
    List<RegionRow> regions = new ArrayList<>(sources.regions().measure(name));
    regions.sort((a, b) -> RegionInfo.COMPARATOR.compare(a.info(), b.info()));
    Paging paging = Paging.of(regions.size(), page);
    CompactionQueue compactions = sources.frontend().compactions();

    Html html = Layout.begin("Table " + name.getNameAsString(), "/tablesDetailed.jsp");
    Layout.section(html, "attributes", "Table Attributes");
    attributes(html, name, table, regions, compactions);
    Layout.section(html, "regions", "Table Regions");
    paging.writeLinks(html, number -> Urls.of("/table.jsp", "name", name.getNameAsString(), "page", number));
    RegionList.write(html, paging.rows(regions), compactions);
    paging.writeLinks(html, number -> Urls.of("/table.jsp", "name", name.getNameAsString(), "page", number));
    if (table.isPresent()) {
      Layout.section(html, "schema", "Table Schema");
      schema(html, table.get().descriptor());
    } else {
      html.element("p", "Basalt computes hbase:meta from the tables it serves, in one region; it keeps no schema "
          + "of its own.", "class", "none");
    }
    return Answers.html(200, Layout.end(html));
  }

  private static void attributes(Html html, TableName name, Optional<HBaseTable> table, List<RegionRow> regions,
      CompactionQueue compactions) {
    long bytes = 0;
    long files = 0;
    long reads = 0;
    long writes = 0;
    double rate = 0;
    CompactionState compaction = CompactionState.NONE;
    for (RegionRow row : regions) {
      bytes += row.bytes();
      files += row.files();
      reads += row.readRequests();
      writes += row.writeRequests();
      rate += row.requestsPerSecond();
      compaction = Compactions.combine(compaction, compactions.state(row.info()));
    }
    html.open("dl", "class", "summary");
    term(html, "State", table.map(t -> t.state().name()).orElse("ENABLED"));
    term(html, "Regions", Format.count(regions.size()));
    term(html, "Size", Format.bytes(bytes) + " in " + Format.count(files) + " files");
    term(html, "Requests", Format.count(reads) + " reads, " + Format.count(writes) + " writes, "
        + Format.rate(rate) + "/s");
    term(html, "Compaction", compaction.name());
    if (table.isPresent()) {
      TableDescriptor descriptor = table.get().descriptor();
      term(html, "Families", Format.count(descriptor.getColumnFamilyCount()));
      Map<String, String> values = new TreeMap<>();
      descriptor.getValues().forEach((key, value) -> values.put(Bytes.toStringBinary(key.get()),
          Bytes.toStringBinary(value.get())));
      values.forEach((key, value) -> term(html, key, value));
    } else {
      term(html, "Table", name.getNameAsString() + ", computed by Basalt");
    }
    html.close("dl");
  }

  /** Each family's properties side by side, as HBase's table page shows them. */
  private static void schema(Html html, TableDescriptor descriptor) {
    ColumnFamilyDescriptor[] families = descriptor.getColumnFamilies();
    Map<String, String[]> properties = new TreeMap<>();
    for (int i = 0; i < families.length; i++) {
      int column = i;
      families[i].getValues().forEach((key, value) -> properties.computeIfAbsent(Bytes.toStringBinary(key.get()),
          k -> new String[families.length])[column] = Bytes.toStringBinary(value.get()));
    }
    html.open("table", "class", "list schema");
    html.open("tr").element("th", "Property \\ Family");
    for (ColumnFamilyDescriptor family : families) {
      html.element("th", Bytes.toStringBinary(family.getName()));
    }
    html.close("tr");
    properties.forEach((property, values) -> {
      html.open("tr").cell(property);
      for (String value : values) {
        html.cell(value == null ? "" : value);
      }
      html.close("tr");
    });
    html.close("table");
  }

  private static void term(Html html, String name, String value) {
    html.element("dt", name).element("dd", value);
  }
}
