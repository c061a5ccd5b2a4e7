package io.basalt.server.info;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.server.metrics.FakeRecord;
import io.basalt.server.metrics.MetricsBeans;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** /jmx and /prometheus over HTTP: HBase's status codes, headers and bodies, and bodies of many megabytes. */
class MetricsEndpointsTest {
  private static final String QUOTAS = "Hadoop:service=HBase,name=RegionServer,sub=Quotas";
  private static final int REGIONS = 10_000;
  private static final int METRICS_PER_REGION = 30;

  private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
  private MetricsBeans metrics;
  private InfoServer info;

  @BeforeEach
  void bind() throws InterruptedException {
    metrics = new MetricsBeans();
    metrics.add(FakeRecord.quotas(), FakeRecord.of("RegionServer,sub=Regions", "Regions", out -> {
      out.tag("Context", "regionserver");
      out.tag("Hostname", "vm");
      for (int region = 0; region < REGIONS; region++) {
        String prefix = "Namespace_default_table_t_region_" + String.format("%032x", region) + "_metric_";
        for (int metric = 0; metric < METRICS_PER_REGION; metric++) {
          out.counter(prefix + "readRequestCount" + metric, region * 31L + metric);
        }
      }
    }));
    info = InfoServer.bind(new InetSocketAddress("127.0.0.1", 0), null, () -> "{\"status\":\"running\"}", null,
        metrics);
  }

  @AfterEach
  void close() {
    info.close();
    metrics.close();
  }

  @Test
  void jmxAnswersAsHBaseWithItsHeaders() throws Exception {
    HttpResponse<String> response = get("/jmx?qry=" + QUOTAS);
    assertEquals(200, response.statusCode());
    assertEquals("""
        {
          "beans": [
            {
              "name": "Hadoop:service=HBase,name=RegionServer,sub=Quotas",
              "modelerType": "RegionServer,sub=Quotas",
              "tag.Context": "regionserver",
              "tag.Hostname": "vm"
            }
          ]
        }""", response.body());
    HttpHeaders headers = response.headers();
    assertEquals("application/json; charset=utf8", headers.firstValue("content-type").orElseThrow());
    assertEquals(String.valueOf(response.body().length()), headers.firstValue("content-length").orElseThrow(),
        "a small body has a length");
    assertEquals("no-cache", headers.firstValue("cache-control").orElseThrow());
    assertEquals("no-cache", headers.firstValue("pragma").orElseThrow());
    assertTrue(headers.firstValue("expires").isPresent() && headers.firstValue("date").isPresent());
    assertEquals("DENY", headers.firstValue("x-frame-options").orElseThrow());
    assertEquals("nosniff", headers.firstValue("x-content-type-options").orElseThrow());
    assertEquals("1; mode=block", headers.firstValue("x-xss-protection").orElseThrow());
    assertEquals("Accept-Encoding, User-Agent", headers.firstValue("vary").orElseThrow());
  }

  @Test
  void jmxWithoutAQueryShowsTheServersBeansThenTheJvms() throws Exception {
    String body = get("/jmx?excl=Hadoop:service=HBase,name=RegionServer,sub=Regions").body();
    assertTrue(body.startsWith("{\n  \"beans\": [\n    {\n      \"name\": \"" + QUOTAS + "\""), body);
    assertTrue(body.contains("\"name\": \"java.lang:type=Runtime\""), body);
  }

  @Test
  void jmxCallbacksAndTheirRefusal() throws Exception {
    HttpResponse<String> jsonp = get("/jmx?qry=" + QUOTAS + "&callback=cb");
    assertEquals("application/javascript; charset=utf8", jsonp.headers().firstValue("content-type").orElseThrow());
    assertTrue(jsonp.body().startsWith("cb({") && jsonp.body().endsWith("});"), jsonp.body());
    assertEquals(500, get("/jmx?callback=alert(document.cookie)").statusCode(), "HBase's answer to such a name");
  }

  @Test
  void malformedQueriesAreAnsweredAndThePortGoesOn() throws Exception {
    HttpResponse<String> malformed = get("/jmx?qry=notanobjectname");
    assertEquals(200, malformed.statusCode());
    assertEquals("{}", malformed.body());
    // Escapes that are not ones, which HttpClient will not send.
    assertTrue(raw("/jmx?qry=%zz").startsWith("HTTP/1.1 400 "), raw("/jmx?qry=%zz"));
    assertTrue(raw("/prometheus?qry=%").startsWith("HTTP/1.1 400 "));
    assertEquals(200, get("/jmx?qry=" + QUOTAS).statusCode());
  }

  @Test
  void headAnswersTheHeadersAndOtherMethodsAreRefused() throws Exception {
    for (String path : new String[] {"/jmx", "/prometheus"}) {
      HttpResponse<String> head = client.send(request(path).method("HEAD", HttpRequest.BodyPublishers.noBody())
          .build(), HttpResponse.BodyHandlers.ofString());
      assertEquals(200, head.statusCode());
      assertEquals("", head.body());
      HttpResponse<String> post = client.send(request(path).POST(HttpRequest.BodyPublishers.ofString("x")).build(),
          HttpResponse.BodyHandlers.ofString());
      assertEquals(405, post.statusCode(), path);
    }
  }

  @Test
  void prometheusWritesTheRecordsAndFiltersByQry() throws Exception {
    HttpResponse<String> response = get("/prometheus?qry=region_0000000000000000000000000000000a_");
    assertEquals(200, response.statusCode());
    assertEquals("text/plain;charset=utf-8", response.headers().firstValue("content-type").orElseThrow());
    String[] lines = response.body().split("\n");
    assertEquals(2 * METRICS_PER_REGION, lines.length);
    assertEquals("# TYPE regions_namespace_default_table_t_region_0000000000000000000000000000000a_metric_read_"
        + "request_count0 counter", lines[0]);
    assertEquals("regions_namespace_default_table_t_region_0000000000000000000000000000000a_metric_read_request_"
        + "count0{context=\"regionserver\",hostname=\"vm\"} 310", lines[1]);
    assertEquals("", get("/prometheus?qry=no_such_metric").body());
  }

  @Test
  void bodiesOfManyMegabytesStreamInChunksAndCompressOnRequest() throws Exception {
    HttpResponse<String> jmx = get("/jmx?qry=Hadoop:service=HBase,name=RegionServer,sub=Regions");
    assertEquals(200, jmx.statusCode());
    assertFalse(jmx.headers().firstValue("content-length").isPresent(), "sent in chunks as it was written");
    assertEquals(REGIONS * METRICS_PER_REGION, jmx.body().split("_metric_readRequestCount").length - 1);
    assertTrue(jmx.body().length() > 10_000_000, "bytes: " + jmx.body().length());
    assertTrue(jmx.body().endsWith("\n    }\n  ]\n}"), "whole");

    HttpResponse<InputStream> prometheus = client.send(request("/prometheus").build(),
        HttpResponse.BodyHandlers.ofInputStream());
    CountingStream plain = new CountingStream(prometheus.body());
    assertEquals(2L * REGIONS * METRICS_PER_REGION, plain.lines());

    HttpResponse<InputStream> gzipped = client.send(request("/prometheus").header("Accept-Encoding", "gzip").build(),
        HttpResponse.BodyHandlers.ofInputStream());
    assertEquals("gzip", gzipped.headers().firstValue("content-encoding").orElseThrow());
    CountingStream compressed = new CountingStream(gzipped.body());
    CountingStream unzipped = new CountingStream(new GZIPInputStream(compressed));
    assertEquals(plain.lines(), unzipped.lines());
    assertEquals(plain.bytes(), unzipped.bytes());
    assertTrue(compressed.bytes() * 5 < plain.bytes(), "compressed to " + compressed.bytes());
  }

  /** Reads a stream to its end, counting bytes and lines, without keeping it. */
  private static final class CountingStream extends java.io.FilterInputStream {
    private long bytes;
    private long lines;

    CountingStream(InputStream in) {
      super(in);
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
      int n = super.read(buffer, offset, length);
      for (int i = 0; i < n; i++) {
        lines += buffer[offset + i] == '\n' ? 1 : 0;
      }
      bytes += Math.max(n, 0);
      return n;
    }

    long lines() throws IOException {
      drain();
      return lines;
    }

    long bytes() throws IOException {
      drain();
      return bytes;
    }

    private void drain() throws IOException {
      byte[] buffer = new byte[64 * 1024];
      while (read(buffer, 0, buffer.length) >= 0) {
        // counted by read
      }
    }
  }

  @Test
  void aClientThatDoesNotReadHoldsNeitherThePortNorTheOtherAnswers() throws Exception {
    Logger log = Logger.getLogger(StreamedAnswers.class.getName());
    Level level = log.getLevel();
    List<LogRecord> records = new CopyOnWriteArrayList<>();
    Handler capture = new Handler() {
      @Override
      public void publish(LogRecord record) {
        records.add(record);
      }

      @Override
      public void flush() {}

      @Override
      public void close() {}
    };
    log.setLevel(Level.FINE);
    log.addHandler(capture);
    try {
      try (Socket stalled = new Socket("127.0.0.1", info.port())) {
        OutputStream out = stalled.getOutputStream();
        for (int i = 0; i < 2; i++) { // both rendering threads end up waiting for it
          out.write(("GET /jmx?qry=Hadoop:service=HBase,name=RegionServer,sub=Regions HTTP/1.1\r\nHost: x\r\n\r\n")
              .getBytes(StandardCharsets.US_ASCII));
        }
        out.flush();
        HttpResponse<String> status = get("/status");
        assertEquals(200, status.statusCode());
        assertEquals("{\"status\":\"running\"}\n", status.body());
      }
      assertEquals(200, get("/jmx?qry=" + QUOTAS).statusCode(), "the stalled answers ended with their client");
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (records.stream().filter(record -> record.getMessage().contains("cut short")).count() < 1
          && System.nanoTime() < deadline) {
        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(10));
      }
      assertTrue(records.stream().anyMatch(record -> record.getMessage().contains("cut short")), "noted");
      assertEquals(List.of(), records.stream().filter(record -> record.getLevel().intValue() > Level.FINE.intValue())
          .map(LogRecord::getMessage).toList(), "a client that leaves is no failure of the server's");
    } finally {
      log.removeHandler(capture);
      log.setLevel(level);
    }
  }

  @Test
  void gzipIsWhatTheClientAccepts() {
    assertTrue(StreamedAnswers.acceptsGzip("gzip, deflate, br"));
    assertTrue(StreamedAnswers.acceptsGzip("deflate;q=1.0, GZIP;q=0.5"));
    assertFalse(StreamedAnswers.acceptsGzip("gzip;q=0"));
    assertFalse(StreamedAnswers.acceptsGzip("identity"));
    assertFalse(StreamedAnswers.acceptsGzip(null));
  }

  /** The whole answer to a GET sent as is: status line, headers and body. */
  private String raw(String pathAndQuery) throws IOException {
    try (Socket socket = new Socket("127.0.0.1", info.port())) {
      socket.setSoTimeout(30_000);
      socket.getOutputStream().write(("GET " + pathAndQuery + " HTTP/1.1\r\nHost: x\r\n\r\n")
          .getBytes(StandardCharsets.US_ASCII));
      return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  private HttpResponse<String> get(String pathAndQuery) throws IOException, InterruptedException {
    return client.send(request(pathAndQuery).build(), HttpResponse.BodyHandlers.ofString());
  }

  private HttpRequest.Builder request(String pathAndQuery) {
    return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + info.port() + pathAndQuery))
        .timeout(Duration.ofSeconds(60));
  }
}
