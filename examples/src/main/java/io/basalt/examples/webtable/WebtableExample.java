package io.basalt.examples.webtable;

import static io.basalt.examples.webtable.WebtableSchema.ANCHOR;
import static io.basalt.examples.webtable.WebtableSchema.CONTENTS;
import static io.basalt.examples.webtable.WebtableSchema.HTML;
import static io.basalt.examples.webtable.WebtableSchema.LANGUAGE;
import static io.basalt.examples.webtable.WebtableSchema.LANGUAGE_CODE;
import static io.basalt.examples.webtable.WebtableSchema.WEBTABLE;

import io.basalt.examples.common.ExampleOptions;
import io.basalt.examples.common.ProgressBar;
import io.basalt.examples.common.Stopwatch;
import io.basalt.examples.common.Tables;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.BufferedMutator;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Lessons: reverse host names so a domain's pages sit together; keep a cell's history as versions with a limit the
 * server enforces; use column qualifiers as data.
 *
 * <p>The example crawls an invented web five times into {@code webtable}, then lists every page of cnn.com with one
 * prefix scan, reads the stored history of one page (three versions, though five crawls were written), and lists
 * the sites linking to it from the names of its {@code anchor} columns.
 *
 * <p>Arguments: {@code [pages [zookeeper-host[:port]]]}, default 2,000 pages.
 */
public final class WebtableExample {
  public static final int DEFAULT_PAGES = 2_000;
  public static final long SEED = 2006L;
  public static final int CRAWLS = 5;
  /** Crawl n happens n - 1 days after this, at midnight UTC. */
  public static final LocalDate FIRST_CRAWL = LocalDate.of(2024, 3, 1);

  public static final String DOMAIN_ASKED = "cnn.com";
  public static final String PAGE_ASKED = WebGenerator.homePageUrl("www.cnn.com");

  private static final int ROWS_SHOWN = 5;

  private final Connection connection;
  private final PrintStream out;

  public WebtableExample(Connection connection, PrintStream out) {
    this.connection = connection;
    this.out = out;
  }

  public static void main(String[] args) throws IOException {
    ExampleOptions options = ExampleOptions.parse(args, DEFAULT_PAGES);
    System.out.println("Webtable example against Basalt at " + options.target());
    try (Connection connection = ConnectionFactory.createConnection(options.configuration())) {
      new WebtableExample(connection, System.out).run(options.size());
    }
  }

  /** One stored version of a page. */
  public record PageVersion(long timestamp, String html) {}

  /** What the example found, for checking. */
  public record Results(List<String> domainRows, List<PageVersion> history, Map<String, String> anchors) {}

  public Results run(int pageCount) throws IOException {
    Stopwatch total = Stopwatch.start();
    WebGenerator web = new WebGenerator(SEED, pageCount);
    try (Admin admin = connection.getAdmin()) {
      Tables.recreate(admin, WebtableSchema.descriptor());
    }
    crawl(web);

    Stopwatch domainScan = Stopwatch.start();
    List<String> domainRows = pagesOfDomain(DOMAIN_ASKED);
    printDomain(web, domainRows, domainScan);
    List<PageVersion> history = pageHistory(PAGE_ASKED);
    printHistory(history);
    Map<String, String> anchors = anchorsOf(PAGE_ASKED);
    printAnchors(anchors);

    out.println("\nWebtable example done in " + total);
    return new Results(domainRows, history, anchors);
  }

  /** When crawl {@code crawl} (1, 2, ...) fetched its pages: the timestamp of the versions it wrote. */
  public static long crawlTimestamp(int crawl) {
    return FIRST_CRAWL.plusDays(crawl - 1L).atStartOfDay().toInstant(ZoneOffset.UTC).toEpochMilli();
  }

  /**
   * Every crawl writes each page's contents as a new version stamped with the crawl's time. The first crawl also
   * records each page's language and, on every linked page, one anchor column per linking site.
   */
  private void crawl(WebGenerator web) throws IOException {
    Stopwatch crawling = Stopwatch.start();
    long writes = (long) web.pages().size() * CRAWLS + web.links().size();
    try (BufferedMutator webtable = connection.getBufferedMutator(WEBTABLE);
        ProgressBar progress = new ProgressBar("crawling", writes)) {
      for (int crawl = 1; crawl <= CRAWLS; crawl++) {
        for (WebPage page : web.pages()) {
          Put put = new Put(Bytes.toBytes(WebtableSchema.rowKey(page)))
              .addColumn(CONTENTS, HTML, crawlTimestamp(crawl), Bytes.toBytes(web.html(page, crawl)));
          if (crawl == 1) {
            put.addColumn(LANGUAGE, LANGUAGE_CODE, Bytes.toBytes(page.language()));
          }
          webtable.mutate(put);
          progress.advance();
        }
        if (crawl == 1) {
          for (Link link : web.links()) {
            webtable.mutate(new Put(Bytes.toBytes(WebtableSchema.rowKey(link.to())))
                .addColumn(ANCHOR, Bytes.toBytes(link.fromHost()), Bytes.toBytes(link.text())));
            progress.advance();
          }
        }
      }
    }
    out.printf(Locale.ROOT, "Crawled %,d pages %d times (%,d links among them) into %s in %s%n",
        web.pages().size(), CRAWLS, web.links().size(), WEBTABLE, crawling);
  }

  /**
   * The row keys of every page of a domain, sub-domains included: one prefix scan. Only the small language family
   * is read, so the pages' contents stay on the server.
   */
  public List<String> pagesOfDomain(String domain) throws IOException {
    Scan scan = new Scan()
        .setStartStopRowForPrefixScan(Bytes.toBytes(WebtableSchema.domainPrefix(domain)))
        .addFamily(LANGUAGE);
    List<String> rows = new ArrayList<>();
    try (Table table = connection.getTable(WEBTABLE);
        ResultScanner scanner = table.getScanner(scan)) {
      for (Result row : scanner) {
        rows.add(Bytes.toString(row.getRow()));
      }
    }
    return rows;
  }

  /** Every stored version of a page's contents, newest first. */
  public List<PageVersion> pageHistory(String url) throws IOException {
    Get get = new Get(Bytes.toBytes(WebtableSchema.rowKeyOfUrl(url)))
        .addColumn(CONTENTS, HTML)
        .readAllVersions(); // as many as the family keeps
    List<PageVersion> versions = new ArrayList<>();
    try (Table table = connection.getTable(WEBTABLE)) {
      for (Cell cell : table.get(get).getColumnCells(CONTENTS, HTML)) {
        versions.add(new PageVersion(cell.getTimestamp(), Bytes.toString(CellUtil.cloneValue(cell))));
      }
    }
    return versions;
  }

  /** The sites linking to a page and the text of their links: the anchor family's column names and values. */
  public Map<String, String> anchorsOf(String url) throws IOException {
    Get get = new Get(Bytes.toBytes(WebtableSchema.rowKeyOfUrl(url))).addFamily(ANCHOR);
    Map<String, String> anchors = new TreeMap<>();
    try (Table table = connection.getTable(WEBTABLE)) {
      NavigableMap<byte[], byte[]> columns = table.get(get).getFamilyMap(ANCHOR);
      if (columns != null) {
        columns.forEach((site, text) -> anchors.put(Bytes.toString(site), Bytes.toString(text)));
      }
    }
    return anchors;
  }

  private void printDomain(WebGenerator web, List<String> rows, Stopwatch took) {
    String prefix = WebtableSchema.domainPrefix(DOMAIN_ASKED);
    out.printf(Locale.ROOT, "%nEvery page of %s: one prefix scan of %s, %,d pages in %s:%n", DOMAIN_ASKED, prefix,
        rows.size(), took);
    Map<String, Integer> pagesPerHost = new TreeMap<>();
    for (String row : rows) {
      pagesPerHost.merge(row.substring(0, row.indexOf('/')), 1, Integer::sum);
    }
    pagesPerHost.forEach((host, pages) -> out.printf(Locale.ROOT, "  %-18s %,d pages%n", host, pages));
    for (String row : rows.subList(0, Math.min(ROWS_SHOWN, rows.size()))) {
      out.println("  row " + row);
    }
    out.printf(Locale.ROOT, "  Keyed by host names as written (www.cnn.com/...), the same pages would lie in %d "
        + "separate%n  stretches of the table, among other sites' pages.%n", stretchesWithHostsAsWritten(web));
  }

  /** How many separate runs of rows the domain's pages would form if the keys kept the host names as written. */
  private static int stretchesWithHostsAsWritten(WebGenerator web) {
    List<WebPage> byWrittenUrl = new ArrayList<>(web.pages());
    byWrittenUrl.sort((a, b) -> (a.host() + a.path()).compareTo(b.host() + b.path()));
    int stretches = 0;
    boolean inDomain = false;
    for (WebPage page : byWrittenUrl) {
      boolean isDomain = page.host().endsWith("." + DOMAIN_ASKED);
      if (isDomain && !inDomain) {
        stretches++;
      }
      inDomain = isDomain;
    }
    return stretches;
  }

  private void printHistory(List<PageVersion> history) {
    out.printf(Locale.ROOT, "%nStored versions of %s (row %s): %d crawls were written, the contents family keeps "
        + "%d, newest first:%n", PAGE_ASKED, WebtableSchema.rowKeyOfUrl(PAGE_ASKED), CRAWLS, history.size(),
        WebtableSchema.CONTENT_VERSIONS);
    for (PageVersion version : history) {
      String html = version.html();
      String crawlLine = html.substring(html.indexOf("<p>crawl"), html.indexOf("</p>", html.indexOf("<p>crawl")) + 4);
      out.printf(Locale.ROOT, "  %s  %,d bytes  %s%n", Instant.ofEpochMilli(version.timestamp()), html.length(),
          crawlLine);
    }
  }

  private void printAnchors(Map<String, String> anchors) {
    out.printf(Locale.ROOT, "%nSites linking to %s: the qualifiers of its anchor family (%d columns in this row "
        + "only; other rows have their own):%n", PAGE_ASKED, anchors.size());
    anchors.forEach((site, text) -> out.printf(Locale.ROOT, "  anchor:%-18s \"%s\"%n", site, text));
  }
}
