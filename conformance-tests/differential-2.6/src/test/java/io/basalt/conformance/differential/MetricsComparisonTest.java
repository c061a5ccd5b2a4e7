package io.basalt.conformance.differential;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.differential.MetricNames.Attribute;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * MetricsComparison and the readings it compares, on small pages written here: MetricsOracleTest can only fail
 * against a Basalt without metrics, so what it would let through and what it would catch is checked without
 * servers.
 */
class MetricsComparisonTest {
  private static final String SERVER = MetricNames.RS_SERVER;
  private static final String REGIONS = MetricNames.RS_REGIONS;

  @Test
  void jmxNamesMustBeHBasesWithRegionsMaskedAndBucketsComparedByShape() throws Exception {
    JmxReading hbase = JmxReading.parse(jmx(
        bean(SERVER, "\"tag.serverName\": \"127.0.0.1,16020,1\", \"Put_num_ops\": 3, \"Put_TimeRangeCount_0-1\": 3,"
            + " \"ScanSize_num_ops\": 1, \"ScanSize_SizeRangeCount_100-1000\": 1"),
        bean(REGIONS, "\"Namespace_default_table_t_region_77fafbc0_metric_putCount\": 3")));
    JmxReading basalt = JmxReading.parse(jmx(
        bean(SERVER, "\"tag.serverName\": \"basalt\", \"Put_num_ops\": 3, \"Put_TimeRangeCount_3-10\": 1,"
            + " \"Put_TimeRangeCount_2-4\": 1, \"ScanSize_TimeRangeCount_1-3\": 1, \"putCount\": 3,"
            + " \"ScanSize_num_ops\": \"1\""),
        bean(REGIONS, "\"Namespace_default_table_t_region_0a1b2c_metric_putCount\": 3"),
        bean(MetricNames.BASALT, "\"tablets\": 1"),
        bean("Hadoop:service=HBase,name=RegionServer,sub=Tablets", "\"count\": 1")));

    MetricsComparison comparison = new MetricsComparison();
    comparison.jmxNames(basalt, List.of(hbase), "t");

    assertEquals(List.of(
        "/jmx: bean " + SERVER + ": 3 attribute(s) HBase's bean lacks: Put_TimeRangeCount_2-4, "
            + "ScanSize_TimeRangeCount_1-3, putCount",
        "/jmx: bean " + SERVER + ": values of another kind than HBase's: ScanSize_num_ops (string, HBase: number)",
        "/jmx: Basalt serves bean Hadoop:service=HBase,name=RegionServer,sub=Tablets, HBase has none of that name"),
        comparison.differences());
  }

  @Test
  void prometheusNamesMustBeHBasesWithItsTypesAndLabelNames() throws Exception {
    PrometheusReading hbase = PrometheusReading.parse(String.join("\n",
        "# TYPE server_total_request_count counter",
        "server_total_request_count{servername=\"127.0.0.1,16020,1\",context=\"regionserver\"} 196",
        "# TYPE server_put_num_ops counter",
        "server_put_num_ops{servername=\"127.0.0.1,16020,1\",context=\"regionserver\"} 3",
        "# TYPE server_region_count gauge",
        "server_region_count{servername=\"127.0.0.1,16020,1\",context=\"regionserver\"} 3",
        "# TYPE regions_namespace_default_table_t_region_77fafbc0_metric_put_count counter",
        "regions_namespace_default_table_t_region_77fafbc0_metric_put_count{context=\"regionserver\"} 3"));
    PrometheusReading basalt = PrometheusReading.parse(String.join("\n",
        "# TYPE server_total_request_count counter",
        "server_total_request_count{context=\"regionserver\",servername=\"basalt,1,2\"} 196",
        "# TYPE server_put_time_range_count_1_3 counter",
        "server_put_time_range_count_1_3{servername=\"basalt,1,2\",context=\"regionserver\"} 1",
        "# TYPE server_region_count counter",
        "server_region_count{context=\"regionserver\"} 1",
        "# TYPE regions_namespace_default_table_t_region_0a1b2c_metric_put_count counter",
        "regions_namespace_default_table_t_region_0a1b2c_metric_put_count{context=\"regionserver\"} 3",
        "# TYPE basalt_tablets gauge",
        "basalt_tablets 1",
        "server_made_up 1"));

    MetricsComparison comparison = new MetricsComparison();
    comparison.prometheusNames(basalt, hbase, "t");

    assertEquals(List.of(
        "/prometheus: server_region_count is a counter on Basalt, a gauge on HBase",
        "/prometheus: server_region_count has labels {context} on Basalt, [context,servername] on HBase",
        "/prometheus: 1 name(s) HBase does not serve: server_made_up"),
        comparison.differences());
  }

  @Test
  void countsMustGrowAlike() {
    Attribute gets = new Attribute(SERVER, "rpcGetRequestCount");
    Attribute puts = new Attribute(SERVER, "Put_num_ops");
    Attribute scans = new Attribute(SERVER, "rpcScanRequestCount");
    Map<Attribute, Long> hbase = new LinkedHashMap<>(Map.of(gets, 60L));
    hbase.put(puts, 100L);
    hbase.put(scans, 3L);
    Map<Attribute, Long> basalt = new LinkedHashMap<>(Map.of(gets, 60L));
    basalt.put(puts, 110L);
    basalt.put(scans, null);

    MetricsComparison comparison = new MetricsComparison();
    comparison.counts(hbase, basalt);

    assertEquals(List.of(
        "count RegionServer,sub=Server Put_num_ops: grew by 100 on HBase, by 110 on Basalt",
        "counts Basalt lacks in bean " + SERVER + " (growth on HBase): rpcScanRequestCount (+3)"),
        comparison.differences());
    assertNull(new MetricsComparison().message());
  }

  private static String jmx(String... beans) {
    return "{\"beans\": [" + String.join(", ", beans) + "]}";
  }

  private static String bean(String name, String attributes) {
    return "{\"name\": \"" + name + "\", \"modelerType\": \"x\", " + attributes + "}";
  }

  @Test
  void namesOfOtherTablesAreToldApart() {
    assertTrue(MetricNames.isOfAnotherTable("Namespace_default_table_compaction_2_metric_readRequestCount",
        "metrics_5"));
    assertTrue(MetricNames.isOfAnotherTable("table_requests_namespace_default_table_metrics_51get_time_num_ops",
        "metrics_5"));
    assertFalse(MetricNames.isOfAnotherTable("table_requests_namespace_default_table_metrics_5get_time_num_ops",
        "metrics_5"));
    assertFalse(MetricNames.isOfAnotherTable("Namespace_default_table_metrics_5_region_abc_metric_putCount",
        "metrics_5"));
    assertFalse(MetricNames.isOfAnotherTable("server_total_request_count", "metrics_5"));
  }
}
