package io.basalt.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.CompareOperator;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Append;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Row;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hbase.thirdparty.com.google.gson.JsonElement;
import org.apache.hbase.thirdparty.com.google.gson.JsonObject;
import org.apache.hbase.thirdparty.com.google.gson.JsonParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * HBase's metrics on the info port after a known workload by the stock client: {@code /jmx} counts each kind of call
 * and operation as HBase's region server does (server-wide, per table and per region), the IPC, master and storage
 * beans are there, and {@code /prometheus} shows the same counts under HBase's names. The workload's own table makes
 * its per-table and per-region counts exact; server-wide counts are compared before and after.
 */
class MetricsTest {
  private static final byte[] F = Bytes.toBytes("f");
  private static final byte[] Q = Bytes.toBytes("q");

  @RegisterExtension
  static final ConnectedBasalt BASALT = new ConnectedBasalt();

  @Test
  void jmxAndPrometheusCountTheWorkloadAsHBaseDoes() throws Exception {
    TableName name = TableName.valueOf("metrics_t");
    Table table = BASALT.createTable("metrics_t", "f");
    Map<String, Number> before = bean("RegionServer,sub=Server");
    for (int i = 0; i < 20; i++) {
      table.put(new Put(Bytes.toBytes(String.format("row%03d", i))).addColumn(F, Q, Bytes.toBytes("v" + i)));
    }
    for (int i = 0; i < 10; i++) {
      table.get(new Get(Bytes.toBytes(String.format("row%03d", i))));
    }
    int scanned = 0;
    try (ResultScanner scanner = table.getScanner(new Scan())) {
      for (Result ignored : scanner) {
        scanned++;
      }
    }
    assertEquals(20, scanned);
    for (int i = 0; i < 3; i++) {
      table.increment(new Increment(Bytes.toBytes("ctr")).addColumn(F, Q, 1));
    }
    for (int i = 0; i < 2; i++) {
      table.append(new Append(Bytes.toBytes("app")).addColumn(F, Q, Bytes.toBytes("x")));
    }
    assertTrue(table.checkAndMutate(CheckAndMutate.newBuilder(Bytes.toBytes("row000"))
        .ifMatches(F, Q, CompareOperator.EQUAL, Bytes.toBytes("v0"))
        .build(new Put(Bytes.toBytes("row000")).addColumn(F, Q, Bytes.toBytes("w")))).isSuccess());
    assertTrue(!table.checkAndMutate(CheckAndMutate.newBuilder(Bytes.toBytes("row001"))
        .ifMatches(F, Q, CompareOperator.EQUAL, Bytes.toBytes("nope"))
        .build(new Put(Bytes.toBytes("row001")).addColumn(F, Q, Bytes.toBytes("w")))).isSuccess());
    table.delete(new Delete(Bytes.toBytes("row019")));
    List<Row> batch = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      batch.add(new Put(Bytes.toBytes("batch" + i)).addColumn(F, Q, Bytes.toBytes("b")));
    }
    table.batch(batch, new Object[batch.size()]);

    Map<String, Number> server = bean("RegionServer,sub=Server");
    // Every call counts in totalRequestCount, each Multi once. Two scans, as HBase counts them: the client's lookup
    // of the table's region in hbase:meta, and the table's.
    Map<String, Long> expected = Map.ofEntries(Map.entry("Put_num_ops", 20L), Map.entry("Get_num_ops", 10L),
        Map.entry("Increment_num_ops", 3L), Map.entry("Append_num_ops", 2L), Map.entry("Delete_num_ops", 1L),
        Map.entry("CheckAndMutate_num_ops", 2L), Map.entry("CheckAndPut_num_ops", 2L),
        Map.entry("PutBatch_num_ops", 1L), Map.entry("ScanTime_num_ops", 2L),
        Map.entry("rpcGetRequestCount", 10L), Map.entry("rpcMutateRequestCount", 28L),
        Map.entry("rpcMultiRequestCount", 1L), Map.entry("checkMutatePassedCount", 1L),
        Map.entry("checkMutateFailedCount", 1L), Map.entry("rpcFullScanRequestCount", 1L),
        Map.entry("writeRequestCount", 32L), Map.entry("totalRequestCount", 41L));
    Map<String, Long> deltas = new HashMap<>();
    expected.keySet().forEach(metric -> deltas.put(metric, server.get(metric).longValue()
        - before.getOrDefault(metric, 0L).longValue()));
    assertEquals(expected, deltas);
    assertTrue(server.get("regionCount").longValue() >= 2, "hbase:meta and the table's region");

    Map<String, Number> tableRequests = bean("RegionServer,sub=TableRequests_Namespace_default_table_metrics_t");
    assertEquals(20, tableRequests.get("PutTime_num_ops").longValue());
    assertEquals(10, tableRequests.get("GetTime_num_ops").longValue());
    assertEquals(1, tableRequests.get("ScanTime_num_ops").longValue());
    assertEquals(32, tableRequests.get("TableWriteQueryPerSecond_count").longValue());

    Map<String, Number> tables = bean("RegionServer,sub=Tables");
    assertEquals(32, tables.get("Namespace_default_table_metrics_t_metric_writeRequestCount").longValue());
    assertEquals(1, tables.get("Namespace_default_table_metrics_t_metric_regionCount").longValue());
    long reads = tables.get("Namespace_default_table_metrics_t_metric_readRequestCount").longValue();
    assertEquals(reads + 32, tables.get("Namespace_default_table_metrics_t_metric_totalRequestCount").longValue());

    String region = BASALT.admin().getRegions(name).get(0).getEncodedName();
    String prefix = "Namespace_default_table_metrics_t_region_" + region + "_metric_";
    Map<String, Number> regions = bean("RegionServer,sub=Regions");
    // HBase counts a region's puts by applied batch: 20 puts, the passing check-and-put, the batch of five.
    assertEquals(Map.of("putCount", 22L, "getCount", 10L, "incrementCount", 3L, "appendCount", 2L,
        "deleteCount", 1L, "scanCount", 1L), Map.of("putCount", regions.get(prefix + "putCount").longValue(),
        "getCount", regions.get(prefix + "getCount").longValue(),
        "incrementCount", regions.get(prefix + "incrementCount").longValue(),
        "appendCount", regions.get(prefix + "appendCount").longValue(),
        "deleteCount", regions.get(prefix + "deleteCount").longValue(),
        "scanCount", regions.get(prefix + "scanCount").longValue()));

    Map<String, Number> ipc = bean("RegionServer,sub=IPC");
    assertTrue(ipc.get("numOpenConnections").longValue() >= 1, ipc::toString);
    assertTrue(ipc.get("ProcessCallTime_num_ops").longValue() >= 41, ipc::toString);
    assertTrue(ipc.get("receivedBytes").longValue() > 0 && ipc.get("sentBytes").longValue() > 0, ipc::toString);
    Map<String, Number> master = bean("Master,sub=Server");
    assertEquals(1, master.get("numRegionServers").longValue());
    assertEquals(0, bean("Master,sub=AssignmentManager").get("ritCount").longValue());
    assertTrue(bean("Basalt").get("userBytesWritten").longValue() > 0, "RocksDB's own figures");

    String prometheus = BASALT.process().info("/prometheus?qry=table_requests_namespace_default_table_metrics_t");
    assertTrue(prometheus.contains("# TYPE table_requests_namespace_default_table_metrics_t_put_time_num_ops counter\n"
        + "table_requests_namespace_default_table_metrics_t_put_time_num_ops{context=\"regionserver\",hostname=\""),
        prometheus);
    assertTrue(prometheus.lines().anyMatch(line -> line.startsWith(
        "table_requests_namespace_default_table_metrics_t_put_time_num_ops{") && line.endsWith("} 20")), prometheus);
  }

  @Test
  void theBlockCacheCountsAReadOfFlushedRowsAsMissesThenItsRepeatAsHits() throws Exception {
    int rows = 200;
    int valueBytes = 4096;
    Table table = BASALT.createTable("metrics_cache", "f");
    List<Put> puts = new ArrayList<>();
    for (int i = 0; i < rows; i++) {
      puts.add(new Put(Bytes.toBytes(String.format("row%03d", i))).addColumn(F, Q, new byte[valueBytes]));
    }
    table.put(puts);
    BASALT.admin().flush(TableName.valueOf("metrics_cache"));
    // A family's blocks are HBase's 64 KiB: reading the rows reads at least this many data blocks.
    long blocks = (long) rows * valueBytes / (64 << 10);

    Map<String, Number> before = bean("RegionServer,sub=Server");
    readEveryRow(table, rows);
    Map<String, Number> firstRead = bean("RegionServer,sub=Server");
    readEveryRow(table, rows);
    Map<String, Number> secondRead = bean("RegionServer,sub=Server");

    assertTrue(grown(before, firstRead, "blockCacheDataMissCount") >= blocks, () -> "first read: " + firstRead);
    assertTrue(grown(before, firstRead, "blockCacheMissCount")
        >= grown(before, firstRead, "blockCacheDataMissCount"), () -> "first read: " + firstRead);
    assertTrue(grown(firstRead, secondRead, "blockCacheDataHitCount") >= blocks, () -> "second read: " + secondRead);
    assertTrue(grown(firstRead, secondRead, "blockCacheHitCount") >= blocks, () -> "second read: " + secondRead);
    double hitPercent = secondRead.get("blockCacheCountHitPercent").doubleValue();
    assertTrue(hitPercent > 0 && hitPercent < 100, () -> "hit percent: " + secondRead);
    assertEquals(hitPercent, secondRead.get("blockCacheExpressHitPercent").doubleValue());
    assertTrue(secondRead.get("blockCacheSize").longValue() > (long) rows * valueBytes, secondRead::toString);
    assertTrue(secondRead.get("blockCacheFreeSize").longValue() >= 0, secondRead::toString);
    assertTrue(secondRead.containsKey("flushQueueLength"), secondRead::toString);

    String prometheus = BASALT.process().info("/prometheus?qry=server_block_cache_hit_count");
    assertTrue(prometheus.contains("# TYPE server_block_cache_hit_count counter\n"), prometheus);
  }

  private static void readEveryRow(Table table, int rows) throws IOException {
    for (int i = 0; i < rows; i++) {
      assertTrue(!table.get(new Get(Bytes.toBytes(String.format("row%03d", i)))).isEmpty());
    }
  }

  private static long grown(Map<String, Number> before, Map<String, Number> after, String attribute) {
    return after.get(attribute).longValue() - before.get(attribute).longValue();
  }

  /** The numeric attributes of one of HBase's beans as /jmx shows it. */
  private static Map<String, Number> bean(String name) throws IOException {
    String json = BASALT.process().info("/jmx?qry=Hadoop:service=HBase,name=" + name);
    Map<String, Number> values = new HashMap<>();
    var beans = JsonParser.parseString(json).getAsJsonObject().getAsJsonArray("beans");
    assertEquals(1, beans.size(), () -> name + ": " + json);
    JsonObject bean = beans.get(0).getAsJsonObject();
    for (Map.Entry<String, JsonElement> attribute : bean.entrySet()) {
      if (attribute.getValue().isJsonPrimitive() && attribute.getValue().getAsJsonPrimitive().isNumber()) {
        values.put(attribute.getKey(), attribute.getValue().getAsNumber());
      }
    }
    return values;
  }
}
