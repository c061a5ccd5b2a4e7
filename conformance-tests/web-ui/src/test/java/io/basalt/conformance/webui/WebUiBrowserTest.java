package io.basalt.conformance.webui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.BasaltServerExtension;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Every status page in a real browser, after a stock client's workload: what each shows, its links and forms
 * followed by clicking, and nothing logged as an error in the browser's console (a value shown as markup would be
 * caught here too: the pages' security policy blocks scripts, and logs each one it blocks); and the Key
 * Visualizer's heatmap showing a hot spot made by the test where its rows are. One Basalt, one browser.
 */
class WebUiBrowserTest {
  @RegisterExtension
  static final BasaltServerExtension BASALT = new BasaltServerExtension();

  private static Browser browser;
  private static String base;
  /** Console errors a test expects (a 404 page's own load is one); the others fail it. */
  private final List<String> expectedErrors = new ArrayList<>();

  @BeforeAll
  static void installWorkAndOpen() throws Exception {
    Chromium.ensureInstalled();
    Workload.run(BASALT.process());
    Workload.fillHotTable(BASALT.process());
    base = "http://127.0.0.1:" + BASALT.process().infoPort();
    browser = Browser.start();
  }

  @AfterAll
  static void close() throws IOException {
    if (browser != null) {
      browser.close();
    }
  }

  @AfterEach
  void theConsoleHasNoErrors() {
    List<String> errors = new ArrayList<>();
    for (LogEntry entry : browser.console()) {
      if (entry.getLevel().intValue() >= Level.SEVERE.intValue()
          && expectedErrors.stream().noneMatch(entry.getMessage()::contains)) {
        errors.add(entry.getMessage());
      }
    }
    assertEquals(List.of(), errors, "errors in the browser's console");
  }

  @Test
  void theServerPageHasHBasesSectionsAndLeadsToATable() throws Exception {
    browser.open(base + "/");
    assertTrue(browser.url().endsWith("/master-status"), browser.url());
    assertEquals(List.of("Region Servers", "Backup Masters", "Tables", "Tasks", "Software Attributes"),
        texts(browser.findAll("h2")));
    assertTrue(summary("Cluster ID").matches("[0-9a-f-]{36}"), summary("Cluster ID"));
    int regions = 1 + 5 + Workload.EVENT_REGIONS + Workload.SMALL_TABLES + 1; // meta, orders, events, small, hot
    assertTrue(summary("Regions").startsWith(String.valueOf(regions)),
        summary("Regions"));
    assertTrue(summary("Heap").contains("used of"), summary("Heap"));
    assertTrue(summary("RocksDB memory").contains("memtables"), summary("RocksDB memory"));
    assertTrue(summary("Block cache").matches("[0-9,]+ lookups, [0-9.]+% hits; .*|no lookups yet"),
        summary("Block cache"));
    browser.screenshot("master-status");
    browser.clickAndAwait(link(Workload.ORDERS.getNameAsString()), "table.jsp");
    assertEquals("Table " + Workload.ORDERS.getNameAsString(), browser.find("h1").getText());
  }

  @Test
  void theTablesAreListedAHundredAPageAndFiltered() throws Exception {
    browser.open(base + "/tablesDetailed.jsp");
    assertEquals(100, tableRows("table.tables").size());
    browser.screenshot("tables");
    browser.clickAndAwait(browser.find("a.next"), "page=2");
    assertTrue(browser.url().endsWith("/tablesDetailed.jsp?page=2"), browser.url());
    int tables = 4 + Workload.SMALL_TABLES; // hbase:meta, orders, events, the hot one and the small ones
    assertEquals(tables - 100, tableRows("table.tables").size());
    browser.clickAndAwait(browser.find("a.previous"), "page=1");
    WebElement filter = browser.find("#filter");
    filter.clear();
    filter.sendKeys("ORDERS");
    browser.clickAndAwait(browser.find("form.filter button"), "filter=ORDERS");
    List<List<String>> rows = tableRows("table.tables");
    assertEquals(1, rows.size(), rows.toString());
    assertEquals(Workload.ORDERS.getNameAsString(), rows.get(0).get(0));
    assertEquals("5", rows.get(0).get(2), "its regions");
  }

  @Test
  void aTablesRegionsShowTheirKeysAsTextAndTheirCounts() throws Exception {
    browser.open(base + "/table.jsp?name=" + Workload.ORDERS.getNameAsString());
    List<List<String>> regions = tableRows("table.regions");
    assertEquals(5, regions.size());
    assertTrue(regions.stream().allMatch(r -> r.get(1).matches("[^,]+,\\d+,\\d+")), "each region's server: "
        + regions);
    assertEquals(List.of("(first)", Workload.MARKUP_KEY, "g", "n", "t"), regions.stream().map(r -> r.get(2)).toList(),
        "start keys, the markup shown as text");
    long reads = regions.stream().mapToLong(r -> Long.parseLong(r.get(8).replace(",", ""))).sum();
    assertEquals(Workload.READS, reads, "read requests");
    assertTrue(regions.stream().allMatch(r -> r.get(11).equals("NONE")), "no compaction running");
    assertTrue(regions.stream().noneMatch(r -> r.get(12).equals("never")), "each was major-compacted");
    List<String> families = texts(browser.findAll("table.schema th"));
    assertTrue(families.contains(Workload.MARKUP_FAMILY), families.toString());
    browser.screenshot("table");

    browser.open(base + "/table.jsp?name=" + Workload.EVENTS.getNameAsString());
    assertEquals(100, tableRows("table.regions").size());
    browser.clickAndAwait(browser.find("a.next"), "page=2");
    List<List<String>> second = tableRows("table.regions");
    assertEquals(Workload.EVENT_REGIONS - 100, second.size());
    assertEquals("e0100", second.get(0).get(2));
  }

  @Test
  void proceduresAndSnapshots() throws Exception {
    browser.open(base + "/procedures.jsp");
    List<String> newest = tableRows("table.finished").stream().map(row -> row.get(1)).toList();
    assertEquals(100, newest.size());
    assertEquals("CreateTableProcedure", newest.get(0), "the small tables were made last");
    browser.screenshot("procedures");
    browser.clickAndAwait(browser.find("a.next"), "page=2");
    List<String> older = tableRows("table.finished").stream().map(row -> row.get(1)).toList();
    assertTrue(older.contains("SnapshotProcedure") && older.contains("CreateNamespaceProcedure"), older.toString());
    browser.open(base + "/snapshotsStats.jsp");
    browser.screenshot("snapshots");
    browser.clickAndAwait(link(Workload.SNAPSHOT), "snapshot.jsp");
    assertEquals("Snapshot " + Workload.SNAPSHOT, browser.find("h1").getText());
    List<String> attributes = tableRows("table.attributes").get(0);
    assertEquals(Workload.ORDERS.getNameAsString(), attributes.get(0));
    browser.screenshot("snapshot");
  }

  @Test
  void logLevelsAreShownAndSetThroughTheForm() throws Exception {
    String logger = "io.basalt.hbase.compaction";
    browser.open(base + "/logLevel");
    WebElement name = browser.find("#set-log");
    name.sendKeys(logger);
    new Select(browser.find("#set-level")).selectByValue("DEBUG");
    browser.clickAndAwait(browser.find("form.set button"), "level=DEBUG");
    assertEquals("Set " + logger + " to DEBUG.", browser.find("p.done").getText());
    assertTrue(summary("Effective level").startsWith("DEBUG (java.util.logging FINE"), summary("Effective level"));
    browser.screenshot("loglevel");
    browser.open(base + "/logLevel?log=" + logger + "&level=INFO");
    assertTrue(summary("Effective level").startsWith("INFO"), summary("Effective level"));
  }

  @Test
  void configurationAndThreadDump() throws Exception {
    browser.open(base + "/conf");
    assertTrue(browser.source().contains("hbase.regionserver.handler.count"), "the XML is shown");
    browser.screenshot("conf");
    browser.open(base + "/stacks");
    assertTrue(browser.find("body").getText().startsWith("Thread dump of Basalt at "));
    browser.screenshot("stacks");
  }

  @Test
  void badRequestsShowPagesSayingWhy() throws Exception {
    expectedErrors.add("the server responded with a status of 4");
    browser.open(base + "/table.jsp?name=shop:nosuch");
    assertEquals("Not found", browser.find("h1").getText());
    assertEquals("There is no table shop:nosuch.", browser.find("p.error").getText());
    browser.screenshot("not-found");
    browser.open(base + "/tablesDetailed.jsp?page=abc");
    assertEquals("Bad request", browser.find("h1").getText());
    browser.open(base + "/table.jsp?name=%3Cscript%3Ealert(2)%3C%2Fscript%3E");
    assertEquals("Bad request", browser.find("h1").getText());
    assertTrue(browser.find("p.error").getText().startsWith("'<script>alert(2)</script>' is not a table name"));
    browser.open(base + "/no/such/page");
    assertEquals("Not found", browser.find("h1").getText());
    browser.clickAndAwait(browser.find("p a"), "/master-status");
    assertTrue(browser.url().endsWith("/master-status"), "and back: " + browser.url());
  }

  @Test
  void theKeyVisualizerShowsAHotSpotAtItsKeys() throws Exception {
    // The table is cut into buckets once it holds rows (within a second or two of its first requests).
    long deadline = System.nanoTime() + 30_000_000_000L;
    while (!BASALT.process().info("/keyviz/data?table=" + Workload.HOT.getNameAsString())
        .contains("\"bucketSets\":[[\"\",\"")) {
      assertTrue(System.nanoTime() < deadline, "the hot table was not cut into buckets within 30 s");
      Workload.readHotSpot(BASALT.process(), 100); // requests, which have a table with one bucket measured again
    }
    Workload.readHotSpot(BASALT.process(), Workload.HOT_GETS);
    browser.open(base + "/keyviz?table=" + Workload.HOT.getNameAsString());
    new WebDriverWait(browserDriver(), Duration.ofSeconds(20))
        .until(driver -> browser.find("#keyviz-status").getText().contains("columns"));
    // One range from about m000 to about m399, however finely the buckets cut it.
    List<List<String>> ranges = tableRows("#keyviz-hot-ranges");
    List<String> hottest = ranges.get(0);
    assertEquals(Workload.HOT.getNameAsString(), hottest.get(0));
    assertTrue(hottest.get(1).compareTo("l") >= 0 && hottest.get(1).compareTo("m1") < 0, "from " + ranges);
    assertTrue(hottest.get(2).compareTo("m3") > 0 && hottest.get(2).compareTo("n1") < 0, "to " + ranges);
    assertTrue(tableRows("#keyviz-hot-tablets").get(0).get(0).equals(Workload.HOT.getNameAsString()));
    // The latest column's cells of rows m200 and c200: the hot one is drawn brighter.
    String cell = "var l = window.basaltKeyVisualizer.layout(); var t = l.data.tables[0];"
        + "var c = t.columns[t.columns.length - 1]; var set = t.bucketSets[c.set]; var i = 0;"
        + "while (i + 1 < set.length && set[i + 1] <= arguments[0]) { i++; }"
        + "var x = l.starts.indexOf(c.start) * l.cell + 1; var y = Math.floor((i + 0.5) * l.band / set.length);"
        + "var p = document.getElementById('keyviz-canvas').getContext('2d').getImageData(x, y, 1, 1).data;"
        + "return [x, y, p[0] + p[1] + p[2]];";
    List<?> hot = (List<?>) browser.script(cell, "m200");
    List<?> cold = (List<?>) browser.script(cell, "c200");
    assertTrue(((Number) hot.get(2)).intValue() > ((Number) cold.get(2)).intValue() + 100,
        "the m rows' cell " + hot + " is brighter than the c rows' " + cold);
    browser.pointAt(browser.find("#keyviz-canvas"), ((Number) hot.get(0)).intValue(),
        ((Number) hot.get(1)).intValue());
    String tip = browser.find("#keyviz-tip").getText();
    assertTrue(tip.startsWith(Workload.HOT.getNameAsString()) && tip.contains("rows [m"), tip);
    browser.screenshot("keyviz");
  }

  private static org.openqa.selenium.WebDriver browserDriver() {
    return browser.driver();
  }

  private static List<List<String>> tableRows(String table) {
    return browser.rows(table);
  }

  /** The value a summary list gives a term. */
  private static String summary(String term) {
    for (WebElement dt : browser.findAll("dl.summary dt")) {
      if (dt.getText().equals(term)) {
        return dt.findElement(By.xpath("following-sibling::dd[1]")).getText();
      }
    }
    throw new AssertionError("no " + term + " on " + browser.url());
  }

  private static WebElement link(String text) {
    return browser.link(text);
  }

  private static List<String> texts(List<WebElement> elements) {
    return elements.stream().map(WebElement::getText).toList();
  }
}
