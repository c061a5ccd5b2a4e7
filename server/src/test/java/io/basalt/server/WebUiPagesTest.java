package io.basalt.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.server.config.BasaltConfig;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.CompactionState;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The status pages of a running server after a stock client's workload: each page's status and content, values
 * with markup in them escaped everywhere (row keys, family names, table attributes, configuration values, query
 * parameters), and bad requests answered with 400 and 404 pages while the port serves on.
 */
class WebUiPagesTest {
  private static final TableName TABLE = TableName.valueOf("web_ui:orders-2024.v1");
  private static final String MARKUP_KEY = "<script>alert(1)</script>";
  private static final String MARKUP_FAMILY = "<b onmouseover=x>";
  private static final byte[] ODD_KEY = {'k', 0, (byte) 0xff, '"', '\'', '&'};

  @TempDir
  static Path dir;
  private static BasaltServer server;
  private static InfoPortClient info;

  @BeforeAll
  static void startAndRunAWorkload() throws Exception {
    Map<String, String> settings = LoopbackSettings.of(dir.resolve("data"));
    settings.put("basalt.test.markup", "<script>alert('conf')</script>");
    settings.put("hbase.rpc.tls.keystore.password", "hunter2");
    server = BasaltServer.start(BasaltConfig.of(settings));
    info = new InfoPortClient(server.identity().infoPort());
    Configuration conf = HBaseConfiguration.create();
    String[] zookeeper = server.zookeeperAddress().split(":");
    conf.set("hbase.zookeeper.quorum", zookeeper[0]);
    conf.set("hbase.zookeeper.property.clientPort", zookeeper[1]);
    try (Connection connection = ConnectionFactory.createConnection(conf); Admin admin = connection.getAdmin()) {
      admin.createNamespace(NamespaceDescriptor.create(TABLE.getNamespaceAsString()).build());
      admin.createTable(TableDescriptorBuilder.newBuilder(TABLE)
          .setColumnFamily(ColumnFamilyDescriptorBuilder.of("f"))
          .setColumnFamily(ColumnFamilyDescriptorBuilder.of(MARKUP_FAMILY))
          .setValue("note", "<script>alert('attribute')</script>")
          .build(), new byte[][] {ODD_KEY, Bytes.toBytes(MARKUP_KEY)});
      try (Table table = connection.getTable(TABLE)) {
        for (byte[] row : List.of(ODD_KEY, Bytes.toBytes(MARKUP_KEY), Bytes.toBytes("a"), Bytes.toBytes("z"))) {
          table.put(new Put(row).addColumn(Bytes.toBytes("f"), Bytes.toBytes("q"), Bytes.toBytes("value")));
        }
      }
      admin.snapshot("orders_snapshot", TABLE);
      admin.majorCompact(TABLE);
      long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
      while (admin.getCompactionState(TABLE) != CompactionState.NONE && System.nanoTime() < deadline) {
        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
      }
    }
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.stop();
    }
  }

  @Test
  void theRootLeadsToTheMasterPage() throws Exception {
    HttpResponse<String> root = info.get("/");
    assertEquals(302, root.statusCode());
    assertEquals("/master-status", root.headers().firstValue("location").orElseThrow());
    HttpResponse<String> page = info.get("/master-status");
    assertEquals(200, page.statusCode());
    assertEquals("text/html; charset=utf-8", page.headers().firstValue("content-type").orElseThrow());
    assertTrue(page.headers().firstValue("content-security-policy").orElseThrow().contains("default-src 'none'"));
    for (String section : List.of("Region Servers", "Backup Masters", "Tables", "Tasks", "Software Attributes")) {
      assertTrue(page.body().contains(">" + section + "</h2>"), section + " in " + page.body());
    }
    assertTrue(page.body().contains(server.identity().serverName().getServerName()), page.body());
    assertTrue(page.body().contains(server.identity().clusterId()), page.body());
    assertTrue(page.body().contains("href=\"/table.jsp?name=web_ui%3Aorders-2024.v1\""), page.body());
    assertTrue(page.body().contains("RocksDB memory"), page.body());
    assertTrue(page.body().contains("Block cache"), page.body());
    assertEscaped(page.body());
  }

  @Test
  void theTablePageShowsRegionsKeysAndSchemaEscaped() throws Exception {
    HttpResponse<String> page = info.get("/table.jsp?name=" + TABLE.getNameAsString());
    assertEquals(200, page.statusCode());
    String body = page.body();
    assertTrue(body.contains("<dt>Regions</dt><dd>3</dd>"), body);
    assertTrue(body.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "the split key, escaped: " + body);
    assertTrue(body.contains("k\\x00\\xFF&quot;&#39;&amp;"), "the odd key as toStringBinary, escaped: " + body);
    assertTrue(body.contains("<th>&lt;b onmouseover=x&gt;</th>"), "the family, escaped: " + body);
    assertTrue(body.contains("&lt;script&gt;alert(&#39;attribute&#39;)&lt;/script&gt;"), body);
    assertEscaped(body);
    String meta = info.get("/table.jsp?name=hbase:meta").body();
    assertTrue(meta.contains("<dt>Regions</dt><dd>1</dd>"), "computed, with its one region: " + meta);
  }

  @Test
  void theTablesPageFiltersAndEscapesTheFilter() throws Exception {
    String body = info.get("/tablesDetailed.jsp?filter=ORDERS").body();
    assertTrue(body.contains(">web_ui:orders-2024.v1</a>"), body);
    assertFalse(body.contains(">hbase:meta</a>"), "filtered out: " + body);
    HttpResponse<String> none = info.get("/tablesDetailed.jsp?filter=%3Cscript%3E");
    assertEquals(200, none.statusCode());
    assertTrue(none.body().contains("No table&#39;s name holds \u201c&lt;script&gt;\u201d"), none.body());
    assertEscaped(none.body());
  }

  @Test
  void proceduresSnapshotsAndTasks() throws Exception {
    String procedures = info.get("/procedures.jsp").body();
    assertTrue(procedures.contains("<td>CreateTableProcedure</td>"), procedures);
    assertTrue(procedures.contains("<td>SnapshotProcedure</td>"), procedures);
    String snapshots = info.get("/snapshotsStats.jsp").body();
    assertTrue(snapshots.contains("href=\"/snapshot.jsp?name=orders_snapshot\""), snapshots);
    String snapshot = info.get("/snapshot.jsp?name=orders_snapshot").body();
    assertTrue(snapshot.contains(">web_ui:orders-2024.v1</a>"), snapshot);
    assertEquals(404, info.get("/snapshot.jsp?name=%3Cscript%3E").statusCode());
  }

  @Test
  void aProcedureUnderWayIsATask() throws Exception {
    CountDownLatch started = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    ExecutorService master = Executors.newSingleThreadExecutor();
    try {
      Future<Long> procedure = master.submit(() -> server.frontend().master().procedures().run(
          "RestoreSnapshotProcedure", "operator", () -> {
            started.countDown();
            awaitRelease(release);
          }));
      assertTrue(started.await(10, TimeUnit.SECONDS));
      String tasks = info.get("/master-status").body();
      assertTrue(tasks.contains("<tr><td>copy</td><td>RestoreSnapshotProcedure asked for by operator</td>"
          + "<td>RUNNING</td>"), tasks);
      String procedures = info.get("/procedures.jsp").body();
      assertTrue(procedures.contains("<td>RestoreSnapshotProcedure</td><td>operator</td><td>RUNNING</td>"),
          procedures);
      release.countDown();
      procedure.get(10, TimeUnit.SECONDS);
      assertTrue(info.get("/master-status").body().contains("No task is running or queued."));
    } finally {
      release.countDown();
      master.shutdownNow();
    }
  }

  private static void awaitRelease(CountDownLatch latch) throws IOException {
    try {
      if (!latch.await(30, TimeUnit.SECONDS)) {
        throw new IOException("the test never let the procedure end");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    }
  }

  @Test
  void badRequestsGetPagesSayingWhyAndThePortServesOn() throws Exception {
    Map<String, Integer> expected = Map.ofEntries(
        Map.entry("/table.jsp", 400),
        Map.entry("/table.jsp?name=", 400),
        Map.entry("/table.jsp?name=nosuch", 404),
        Map.entry("/table.jsp?name=a%3Ab%3Ac", 400),
        Map.entry("/table.jsp?name=" + TABLE.getNameAsString() + "&page=0", 400),
        Map.entry("/table.jsp?name=" + TABLE.getNameAsString() + "&page=2", 400),
        Map.entry("/tablesDetailed.jsp?page=abc", 400),
        Map.entry("/tablesDetailed.jsp?page=-1", 400),
        Map.entry("/tablesDetailed.jsp?page=99999999999", 400),
        Map.entry("/procedures.jsp?page=1e3", 400),
        Map.entry("/nosuch.jsp", 404),
        Map.entry("/static/nosuch.css", 404),
        Map.entry("/static/../logging.properties", 404),
        Map.entry("/conf?format=yaml", 400),
        Map.entry("/conf?name=no.such.property", 404),
        Map.entry("/logLevel?log=x&level=LOUD", 400),
        Map.entry("/logLevel?level=DEBUG", 400),
        Map.entry("/tablesDetailed.jsp?filter=" + "x".repeat(2000), 400));
    for (Map.Entry<String, Integer> request : expected.entrySet()) {
      HttpResponse<String> answer = info.get(request.getKey());
      assertEquals(request.getValue(), answer.statusCode(), request.getKey() + ": " + answer.body());
      assertTrue(answer.body().startsWith("<!DOCTYPE html>"), request.getKey() + " answers a page");
      assertEscaped(answer.body());
    }
    String malformed = info.raw("/table.jsp?name=%zz%3Cscript%3E");
    assertTrue(malformed.startsWith("HTTP/1.1 400 "), malformed);
    assertTrue(malformed.contains("<!DOCTYPE html>"), malformed);
    assertEquals(405, info.send(info.request("/master-status").POST(HttpRequest.BodyPublishers.noBody()).build())
        .statusCode());
    HttpResponse<String> head = info.send(info.request("/master-status")
        .method("HEAD", HttpRequest.BodyPublishers.noBody()).build());
    assertEquals(200, head.statusCode());
    assertEquals("", head.body());
    assertEquals(200, info.get("/status").statusCode());
    assertEquals(200, info.get("/master-status").statusCode());
  }

  @Test
  void confIsHadoopsXmlOrJsonWithSecretsRedacted() throws Exception {
    HttpResponse<String> xml = info.get("/conf");
    assertEquals(200, xml.statusCode());
    assertEquals("text/xml; charset=utf-8", xml.headers().firstValue("content-type").orElseThrow());
    assertTrue(xml.body().contains("<name>hbase.regionserver.handler.count</name><value>30</value>"), xml.body());
    assertTrue(xml.body().contains("<name>hbase.rpc.tls.keystore.password</name><value>&lt;redacted&gt;</value>"),
        xml.body());
    assertFalse(xml.body().contains("hunter2"));
    assertTrue(xml.body().contains("&lt;script&gt;alert('conf')&lt;/script&gt;"), xml.body());
    HttpResponse<String> json = info.get("/conf?format=json&name=hbase.rpc.tls.keystore.password");
    assertEquals("application/json; charset=utf-8", json.headers().firstValue("content-type").orElseThrow());
    assertTrue(json.body().contains("\"value\":\"<redacted>\""), json.body());
  }

  @Test
  void logLevelShowsAndSetsAJavaUtilLoggingLevel() throws Exception {
    String name = "io.basalt.test.webui";
    String shown = info.get("/logLevel?log=" + name).body();
    assertTrue(shown.contains("<dt>Effective level</dt><dd>INFO"), shown);
    HttpResponse<String> set = info.get("/logLevel?log=" + name + "&level=debug");
    assertEquals(200, set.statusCode());
    assertTrue(set.body().contains("<dd>DEBUG (java.util.logging FINE, set on " + name + ")</dd>"), set.body());
    assertEquals(Level.FINE, Logger.getLogger(name).getLevel());
    assertTrue(info.get("/logLevel?log=%3Cscript%3E").body().contains("<dd>&lt;script&gt;</dd>"));
  }

  @Test
  void stacksArePlainTextWithWholeStacks() throws Exception {
    HttpResponse<String> stacks = info.get("/stacks");
    assertEquals("text/plain; charset=utf-8", stacks.headers().firstValue("content-type").orElseThrow());
    assertTrue(stacks.body().contains("\"info-render\""), "the thread rendering it: " + stacks.body());
    assertTrue(stacks.body().contains("    at "), stacks.body());
  }

  @Test
  void theStylesheetComesFromTheJar() throws Exception {
    HttpResponse<String> css = info.get("/static/basalt.css");
    assertEquals(200, css.statusCode());
    assertEquals("text/css; charset=utf-8", css.headers().firstValue("content-type").orElseThrow());
    assertTrue(css.body().contains("nav.paging"), css.body());
  }

  /** Pages rendering at once, as many as the port's render threads and queue hold, while /status answers. */
  @Test
  void pagesRenderOffThePortsEventLoop() throws Exception {
    ExecutorService browsers = Executors.newFixedThreadPool(8);
    try {
      List<Future<HttpResponse<String>>> pages = new ArrayList<>();
      for (int i = 0; i < 8; i++) {
        pages.add(browsers.submit(() -> info.get("/master-status")));
      }
      assertEquals(200, info.get("/status").statusCode());
      for (Future<HttpResponse<String>> page : pages) {
        int status = page.get(60, TimeUnit.SECONDS).statusCode();
        assertTrue(status == 200 || status == 503, "rendered, or refused while the queue was full: " + status);
      }
    } finally {
      browsers.shutdownNow();
    }
  }

  /** No value became markup: the pages have no script, and the markup the workload put in values stays text. */
  private static void assertEscaped(String body) {
    assertFalse(body.contains("<script"), body);
    assertFalse(body.contains("<b onmouseover"), body);
  }
}
