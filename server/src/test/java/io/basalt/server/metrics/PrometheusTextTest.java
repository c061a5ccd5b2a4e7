package io.basalt.server.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.basalt.hbase.metrics.MetricsRecord;
import java.io.IOException;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** /prometheus text, in the shape HBase 2.6.4's servlet wrote (raw/04-edge/prom-qry.txt). */
class PrometheusTextTest {
  private final FakeRecord server = FakeRecord.of("RegionServer,sub=Server", "Server", out -> {
    out.tag("zookeeperQuorum", "127.0.0.1:31181");
    out.tag("serverName", "127.0.0.1,31120,1795866554989");
    out.tag("clusterId", "c0a91a3d-d5b2-4617-a417-c6938780f93a");
    out.tag("Context", "regionserver");
    out.tag("Hostname", "vm");
    out.counter("totalRequestCount", 196);
    out.gauge("regionCount", 3L);
    out.gauge("blockCacheCountHitPercent", 91.484215);
  });

  @Test
  void aTypeLineBeforeEverySampleLabelledWithTheTags() throws IOException {
    String labels = "{zookeeperquorum=\"127.0.0.1:31181\",servername=\"127.0.0.1,31120,1795866554989\","
        + "clusterid=\"c0a91a3d-d5b2-4617-a417-c6938780f93a\",context=\"regionserver\",hostname=\"vm\"}";
    assertEquals("# TYPE server_total_request_count counter\n"
        + "server_total_request_count" + labels + " 196\n"
        + "# TYPE server_region_count gauge\n"
        + "server_region_count" + labels + " 3\n"
        + "# TYPE server_block_cache_count_hit_percent gauge\n"
        + "server_block_cache_count_hit_percent" + labels + " 91.484215\n", write(List.of(server), null));
  }

  @Test
  void recordsFollowEachOtherWithoutBlankLinesAndEmptyTagsAreKept() throws IOException {
    FakeRecord jvm = FakeRecord.of("JvmMetrics", "JvmMetrics", out -> {
      out.tag("Context", "jvm");
      out.tag("SessionId", "");
      out.gauge("MemNonHeapMaxM", -1.0);
    });
    FakeRecord untagged = FakeRecord.of("Untagged", "Untagged", out -> out.gauge("zero", 0.0));
    assertEquals("# TYPE jvm_metrics_mem_non_heap_max_m gauge\n"
        + "jvm_metrics_mem_non_heap_max_m{context=\"jvm\",sessionid=\"\"} -1.0\n"
        + "# TYPE untagged_zero gauge\n"
        + "untagged_zero{} 0.0\n", write(List.of(jvm, untagged), null));
  }

  @Test
  void qryKeepsTheSamplesWhoseNameContainsIt() throws IOException {
    assertEquals(2, write(List.of(server), "total_request").split("\n").length);
    assertEquals("", write(List.of(server), "no_such_metric"));
  }

  @Test
  void aRecordThatFailsIsLeftOutWhole() throws IOException {
    FakeRecord failing = FakeRecord.of("Failing", "Failing", out -> {
      out.gauge("first", 1L);
      throw new IllegalStateException("cannot read");
    });
    assertEquals(write(List.of(server), null), write(List.of(failing, server), null));
  }

  @Test
  void repeatedScrapesWriteTheSame() throws IOException {
    PrometheusText text = new PrometheusText();
    StringWriter first = new StringWriter();
    StringWriter second = new StringWriter();
    text.write(List.of(server), null, first);
    text.write(List.of(server), null, second);
    assertEquals(first.toString(), second.toString());
  }

  private static String write(List<? extends MetricsRecord> records, String qry) throws IOException {
    StringWriter out = new StringWriter();
    new PrometheusText().write(List.copyOf(records), qry, out);
    return out.toString();
  }
}
