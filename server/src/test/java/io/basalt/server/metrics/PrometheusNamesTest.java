package io.basalt.server.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;

/**
 * The name rule against every name of a real HBase 2.6.4 region server: the attribute names of its /jmx and the
 * sample names of its /prometheus, captured a moment apart (trimmed copies in this package's test resources).
 */
class PrometheusNamesTest {
  @Test
  void everyAttributeOfHBasesJmxHasItsNameOnHBasesPrometheus() throws IOException {
    Map<String, String> types = prometheusTypes();
    List<String> absent = new ArrayList<>();
    int checked = 0;
    for (Map.Entry<String, List<String>> bean : jmxAttributes().entrySet()) {
      String record = recordName(bean.getKey());
      for (String attribute : bean.getValue()) {
        String name = PrometheusNames.convert(record, attribute);
        if (types.containsKey(name)) {
          checked++;
        } else {
          absent.add(bean.getKey() + " " + attribute + " -> " + name);
        }
      }
    }
    assertEquals(2878 - 4, checked, "all but JvmMetrics' per-collector names, which HBase's JSON leaves out");
    // A histogram's range buckets count the interval since the last reading, and are shown only when not zero:
    // those of the /jmx reading that the scrape a moment later had reset are the only names it lacks.
    assertEquals(List.of(), absent.stream().filter(line -> !line.contains("RangeCount_")).toList());
  }

  @Test
  void everyNameOnHBasesPrometheusComesFromAnAttribute() throws IOException {
    Set<String> produced = new HashSet<>();
    for (Map.Entry<String, List<String>> bean : jmxAttributes().entrySet()) {
      for (String attribute : bean.getValue()) {
        produced.add(PrometheusNames.convert(recordName(bean.getKey()), attribute));
      }
    }
    for (String collector : List.of("G1 Young Generation", "G1 Old Generation")) {
      produced.add(PrometheusNames.convert("JvmMetrics", "GcCount" + collector));
      produced.add(PrometheusNames.convert("JvmMetrics", "GcTimeMillis" + collector));
    }
    assertEquals(List.of(), prometheusTypes().keySet().stream().filter(name -> !produced.contains(name)).toList());
  }

  /** The region server's scrape had none: these are the master port's, scraped a second earlier. */
  @Test
  void rangeBucketsAsHBaseNamedThem() {
    assertEquals("master_process_call_time_time_range_count_0_1",
        PrometheusNames.convert("Master", "ProcessCallTime_TimeRangeCount_0-1"));
    assertEquals("master_queue_call_time_time_range_count_3_10",
        PrometheusNames.convert("Master", "QueueCallTime_TimeRangeCount_3-10"));
    assertEquals("master_response_size_size_range_count_0_10",
        PrometheusNames.convert("Master", "ResponseSize_SizeRangeCount_0-10"));
    assertEquals("master_request_size_size_range_count_1000_10000",
        PrometheusNames.convert("Master", "RequestSize_SizeRangeCount_1000-10000"));
  }

  @Test
  void theRulesQuirks() {
    assertEquals("server_total_request_count", PrometheusNames.convert("Server", "totalRequestCount"));
    assertEquals("server_put_99_9th_percentile", PrometheusNames.convert("Server", "Put_99.9th_percentile"));
    assertEquals("server_put_time_range_count_0_1", PrometheusNames.convert("Server", "Put_TimeRangeCount_0-1"));
    assertEquals("server_l1cache_hit_count", PrometheusNames.convert("Server", "l1CacheHitCount"));
    assertEquals("procedure_num_master_wa_ls", PrometheusNames.convert("Procedure", "numMasterWALs"));
    assertEquals("region_server_exceptions_region_moved_exception",
        PrometheusNames.convert("RegionServer", "exceptions.RegionMovedException"));
    assertEquals("wal_master_store_append_size", PrometheusNames.convert("WAL", "master:store.appendSize"));
    assertEquals("walt_append_size", PrometheusNames.convert("WAL", "t.appendSize"));
    assertEquals("jvm_metrics_gc_count_g1_young_generation",
        PrometheusNames.convert("JvmMetrics", "GcCountG1 Young Generation"));
  }

  @Test
  void aScrapeReusesTheNamesOfTheLastAndKeepsOnlyThoseItUsed() {
    PrometheusNames names = new PrometheusNames();
    PrometheusNames.Scrape first = names.scrape();
    String total = first.name("Server", "totalRequestCount");
    first.name("Server", "regionCount");
    first.finish();

    PrometheusNames.Scrape second = names.scrape();
    assertSame(total, second.name("Server", "totalRequestCount"), "looked up, not converted again");
    second.finish();

    PrometheusNames.Scrape third = names.scrape();
    String region = third.name("Server", "regionCount");
    assertEquals("server_region_count", region);
    assertTrue(region != first.name("Server", "regionCount"), "dropped by the scrape that did not use it");
  }

  /** The metrics2 record name of a bean, as HBase's table of them says (its sub, or its name; IPC: the server). */
  private static String recordName(String bean) throws IOException {
    try {
      ObjectName name = new ObjectName(bean);
      String sub = name.getKeyProperty("sub");
      if (sub == null || sub.equals("IPC") || name.getKeyProperty("name").equals("MetricsSystem")) {
        return name.getKeyProperty("name");
      }
      return sub;
    } catch (MalformedObjectNameException e) {
      throw new IOException(e);
    }
  }

  private static Map<String, List<String>> jmxAttributes() throws IOException {
    Map<String, List<String>> beans = new LinkedHashMap<>();
    List<String> attributes = null;
    for (String line : lines("hbase-2.6.4-rs-jmx-attributes.txt")) {
      if (line.startsWith("bean ")) {
        attributes = new ArrayList<>();
        beans.put(line.substring("bean ".length()), attributes);
      } else {
        attributes.add(line);
      }
    }
    return beans;
  }

  private static Map<String, String> prometheusTypes() throws IOException {
    Map<String, String> types = new LinkedHashMap<>();
    for (String line : lines("hbase-2.6.4-rs-prometheus-types.txt")) {
      String[] parts = line.split(" ");
      types.put(parts[0], parts[1]);
    }
    return types;
  }

  static List<String> lines(String resource) throws IOException {
    try (BufferedReader reader = new BufferedReader(new InputStreamReader(
        PrometheusNamesTest.class.getResourceAsStream(resource), StandardCharsets.UTF_8))) {
      return reader.lines().filter(line -> !line.startsWith("#")).toList();
    }
  }
}
