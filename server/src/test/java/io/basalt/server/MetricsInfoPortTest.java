package io.basalt.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.server.config.BasaltConfig;
import io.basalt.server.config.Settings;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A started server's metrics, as an HBase dashboard or scraper reads them: its info port's /jmx and /prometheus. */
class MetricsInfoPortTest {
  private static final String JVM_METRICS = "Hadoop:service=HBase,name=JvmMetrics";

  @TempDir
  Path dir;

  private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

  @Test
  void theInfoPortServesJmxAndPrometheus() throws Exception {
    BasaltServer server = start(0);
    try {
      int port = server.identity().infoPort();
      HttpResponse<String> all = get(port, "/jmx");
      assertEquals(200, all.statusCode());
      assertEquals("application/json; charset=utf8", all.headers().firstValue("content-type").orElseThrow());
      assertEquals("DENY", all.headers().firstValue("x-frame-options").orElseThrow());
      assertTrue(all.body().startsWith("{\n  \"beans\": [\n    {\n      \"name\": \"" + JVM_METRICS + "\""),
          "the server's beans first: " + all.body().substring(0, 200));
      assertTrue(all.body().contains("\"name\": \"java.lang:type=Memory\""), "then the JVM's");

      String jvm = get(port, "/jmx?qry=" + JVM_METRICS).body();
      assertEquals(1, jvm.split("\"name\": ").length - 1, jvm);
      assertTrue(jvm.contains("\"modelerType\": \"JvmMetrics\",\n      \"tag.Context\": \"jvm\",\n"
          + "      \"tag.ProcessName\": \"Master\",\n      \"tag.SessionId\": \"\",\n      \"tag.Hostname\": "), jvm);
      assertTrue(jvm.contains("\"MemHeapUsedM\": "), jvm);
      assertFalse(jvm.contains("GcCountG1"), "names with spaces are left out, as HBase's JSON does: " + jvm);

      HttpResponse<String> prometheus = get(port, "/prometheus");
      assertEquals(200, prometheus.statusCode());
      assertEquals("text/plain;charset=utf-8", prometheus.headers().firstValue("content-type").orElseThrow());
      assertTrue(prometheus.body().startsWith("# TYPE jvm_metrics_mem_non_heap_used_m gauge\n"
          + "jvm_metrics_mem_non_heap_used_m{context=\"jvm\",processname=\"Master\",sessionid=\"\",hostname=\""),
          prometheus.body());
      assertTrue(prometheus.body().contains("\n# TYPE jvm_metrics_gc_count counter\n"), prometheus.body());
    } finally {
      server.stop();
    }
  }

  @Test
  void aBadQueryStringNeverTakesThePortDown() throws Exception {
    BasaltServer server = start(0);
    try {
      int port = server.identity().infoPort();
      for (String bad : new String[] {"/jmx?qry=%zz", "/jmx?get=%", "/prometheus?qry=%e2%28", "/jmx?qry=%00:*"}) {
        String answer = raw(port, bad);
        assertTrue(answer.startsWith("HTTP/1.1 400 ") || answer.startsWith("HTTP/1.1 200 "), bad + ": " + answer);
      }
      assertEquals("{}", get(port, "/jmx?qry=:::").body());
      assertEquals(500, get(port, "/jmx?callback=x.y").statusCode());
      assertEquals(200, get(port, "/jmx?qry=" + JVM_METRICS).statusCode(), "and it goes on serving");
      assertEquals(200, get(port, "/status").statusCode());
    } finally {
      server.stop();
    }
  }

  /** Operators may read JMX with an agent and no info port: the beans are registered all the same. */
  @Test
  void withoutAnInfoPortTheBeansAreInJmx() throws Exception {
    MBeanServer platform = ManagementFactory.getPlatformMBeanServer();
    ObjectName jvmMetrics = new ObjectName(JVM_METRICS);
    BasaltServer server = start(-1);
    try {
      long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
      while (!platform.isRegistered(jvmMetrics) && System.nanoTime() < deadline) {
        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(10));
      }
      assertTrue(platform.isRegistered(jvmMetrics), "registered in the background once the server is ready");
      assertEquals("Master", platform.getAttribute(jvmMetrics, "tag.ProcessName"));
      assertTrue(server.metrics().view().isRegistered(jvmMetrics));
    } finally {
      server.stop();
    }
    assertFalse(platform.isRegistered(jvmMetrics), "unregistered when the server stops");
  }

  private BasaltServer start(int infoPort) throws Exception {
    Map<String, String> settings = LoopbackSettings.of(dir.resolve("data"));
    settings.put(Settings.INFO_PORT.key(), String.valueOf(infoPort));
    return BasaltServer.start(BasaltConfig.of(settings));
  }

  private HttpResponse<String> get(int port, String pathAndQuery) throws IOException, InterruptedException {
    return client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + pathAndQuery))
        .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
  }

  /** A GET sent as is (HttpClient refuses malformed escapes): the whole answer. */
  private static String raw(int port, String pathAndQuery) throws IOException {
    try (Socket socket = new Socket("127.0.0.1", port)) {
      socket.setSoTimeout(30_000);
      socket.getOutputStream().write(("GET " + pathAndQuery + " HTTP/1.1\r\nHost: x\r\n\r\n")
          .getBytes(StandardCharsets.US_ASCII));
      return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
