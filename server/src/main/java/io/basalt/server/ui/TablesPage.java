package io.basalt.server.ui;

import io.basalt.server.info.WebPages;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.hbase.TableName;

/**
 * {@code /tablesDetailed.jsp}: every table served, a page of {@value Paging#ROWS} at a time, with its regions, size,
 * requests and compaction state; {@code ?filter=} keeps the tables whose names hold it, {@code ?page=} picks a page.
 */
final class TablesPage implements Handler {
  private final TableList tables;

  TablesPage(TableList tables) {
    this.tables = tables;
  }

  @Override
  public WebPages.Page answer(Query query) throws IOException, PageException {
    String filter = query.filter();
    int page = query.page();
    List<TableName> names = tables.names(filter);
    Paging paging = Paging.of(names.size(), page);
    Html html = Layout.begin("Tables", "/tablesDetailed.jsp");
    TableList.writeFilter(html, filter);
    if (names.isEmpty()) {
      html.element("p", filter.isEmpty() ? "No tables." : "No table's name holds \u201c" + filter + "\u201d.",
          "class", "none");
    } else {
      paging.writeLinks(html, number -> Urls.of("/tablesDetailed.jsp", "filter", filter, "page", number));
      TableList.write(html, tables.lines(paging.rows(names)));
      paging.writeLinks(html, number -> Urls.of("/tablesDetailed.jsp", "filter", filter, "page", number));
    }
    return Answers.html(200, Layout.end(html));
  }
}
