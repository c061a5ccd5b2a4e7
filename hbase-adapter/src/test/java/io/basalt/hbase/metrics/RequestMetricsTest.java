package io.basalt.hbase.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.hbase.keyviz.KeyVisualizer;
import io.basalt.hbase.keyviz.Tier;
import io.basalt.hbase.testing.ManualClock;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.RegionInfoBuilder;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every recording path, many times over, so that the one request in sixteen the Key Visualizer samples goes through
 * each (empty results and deletes included), with the server's and the table's histograms counting every call.
 */
class RequestMetricsTest {
  private static final byte[] F = Bytes.toBytes("f");

  @TempDir
  Path dir;

  @Test
  void everyKindOfCallIsCountedAndSampledWithoutFail() throws Exception {
    ManualClock clock = new ManualClock();
    KeyVisualizer keys = KeyVisualizer.open(dir, (table, parts) -> List.of(), clock);
    RequestMetrics metrics = new RequestMetrics(0, keys);
    RegionInfo region = RegionInfoBuilder.newBuilder(TableName.valueOf("t")).build();
    byte[] row = Bytes.toBytes("r");
    Put put = new Put(row).addColumn(F, F, Bytes.toBytes("v"));
    for (int i = 0; i < 400; i++) {
      long start = System.nanoTime();
      metrics.get(region, start, row, Result.EMPTY_RESULT);
      metrics.mutation(region, start, put);
      metrics.mutation(region, start, new Delete(row));
      metrics.checkAndMutate(region, start, CheckAndMutate.newBuilder(row).ifNotExists(F, F).build(put), i % 2 == 0);
      metrics.mutationBatch(region, start, List.of(put, new Delete(row)));
      metrics.scan(region, start, List.of(Result.EMPTY_RESULT), 0);
    }
    RecordingOutput server = new RecordingOutput();
    metrics.times.writeServerNames(server);
    assertEquals(400, server.get("Get_num_ops"));
    assertEquals(400, server.get("Put_num_ops"));
    assertEquals(400, server.get("Delete_num_ops"));
    assertEquals(400, server.get("CheckAndPut_num_ops"));
    assertEquals(400, server.get("PutBatch_num_ops"));
    assertEquals(400, server.get("DeleteBatch_num_ops"));
    assertEquals(400, server.get("ScanTime_num_ops"));
    assertEquals(200, metrics.checksPassed.sum());
    RecordingOutput table = RecordingOutput.of(metrics.tables().iterator().next());
    assertEquals(400, table.get("GetTime_num_ops"));
    assertEquals(400 * 2 + 200 + 400 * 2, table.get("TableWriteQueryPerSecond_count"));
    keys.close(); // keeps the minute so far
    long recorded = keys.columns("t", Tier.MINUTE, 0, Long.MAX_VALUE).get("t").get(0).totalOperations();
    // 1,600 gets, puts, deletes and check-and-mutates and 800 batched mutations, one in sixteen sampled (empty
    // scan results are no rows).
    assertTrue(recorded > 1600 && recorded < 3200, "sampled about 2,400 requests: " + recorded);
  }
}
