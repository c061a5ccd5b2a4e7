package io.basalt.hbase.logs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.shaded.protobuf.RequestConverter;
import org.apache.hadoop.hbase.shaded.protobuf.generated.AdminProtos.SlowLogResponseRequest;
import org.apache.hadoop.hbase.shaded.protobuf.generated.AdminProtos.SlowLogResponseRequest.FilterByOperator;
import org.apache.hadoop.hbase.shaded.protobuf.generated.AdminProtos.SlowLogResponseRequest.LogType;
import org.apache.hadoop.hbase.shaded.protobuf.generated.TooSlowLog.SlowLogPayload;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

/** The slow and large log as HBase 2.6.4's region server keeps and answers it. */
class SlowLogTest {
  private static final String REGION_T2 = "t2,,1795866554696.d806871bf26c3bf3733f6ec8bd347b5d.";
  private static final String REGION_OBS = "obs:t1,,1795866553858.03f6b241dd3b598d0f34b832f88dff2d.";

  private final SlowLog log = new SlowLog(new SlowLogSettings(true, 4, 5, 150, 5, 150));

  @Test
  void slowAndLargeCallsAreKeptNewestFirstWithHBasesFields() throws Exception {
    log.record(get(REGION_T2, "r1", 1000L, 6, 10, "alice"));   // slow
    log.record(get(REGION_T2, "r2", 2000L, 5, 10, "alice"));   // neither: 5 ms is not more than 5
    log.record(get(REGION_OBS, "r3", 3000L, 1, 1000, "bob"));  // large
    log.record(get(REGION_OBS, "r4", 4000L, 9, 1000, "bob"));  // both

    List<SlowLogPayload> slow = log.query(request(LogType.SLOW_LOG).build()).getSlowLogPayloadsList();
    assertEquals(List.of(4000L, 1000L), slow.stream().map(SlowLogPayload::getStartTime).toList());
    assertEquals(SlowLogPayload.Type.ALL, slow.get(0).getType());
    List<SlowLogPayload> large = log.query(request(LogType.LARGE_LOG).build()).getSlowLogPayloadsList();
    assertEquals(List.of(4000L, 3000L), large.stream().map(SlowLogPayload::getStartTime).toList());

    SlowLogPayload first = slow.get(1);
    assertEquals("Get", first.getMethodName());
    assertEquals("Get(org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos$GetRequest)",
        first.getCallDetails());
    assertEquals("region= " + REGION_T2 + ", row= r1", first.getParam());
    assertEquals(REGION_T2, first.getRegionName());
    assertEquals("HRegionServer", first.getServerClass());
    assertEquals("127.0.0.1:40000", first.getClientAddress());
    assertEquals(6, first.getProcessingTime());
  }

  @Test
  void filtersAreHBasesAndTheLimitComesLast() throws Exception {
    log.record(get(REGION_T2, "r1", 1000L, 6, 10, "alice"));
    log.record(get(REGION_OBS, "r3", 3000L, 6, 10, "bob"));
    assertEquals(1, count(request(LogType.SLOW_LOG).setTableName("obs:t").build()), "a table is a prefix");
    assertEquals(0, count(request(LogType.SLOW_LOG).setTableName("default:t2").build()));
    assertEquals(1, count(request(LogType.SLOW_LOG).setRegionName(REGION_T2).build()));
    assertEquals(2, count(request(LogType.SLOW_LOG).setClientAddress("127.0.0.1").build()), "port or not");
    assertEquals(2, count(request(LogType.SLOW_LOG).setTableName("t2").setUserName("bob").build()), "OR");
    assertEquals(0, count(request(LogType.SLOW_LOG).setTableName("t2").setUserName("bob")
        .setFilterByOperator(FilterByOperator.AND).build()));
    assertEquals(1, count(request(LogType.SLOW_LOG).setLimit(1).build()));
    assertEquals(0, count(request(LogType.SLOW_LOG).setLimit(0).build()));
  }

  @Test
  void theLogKeepsItsNewestAndClearingEmptiesIt() throws Exception {
    for (int i = 0; i < 12; i++) {
      log.record(get(REGION_T2, "r" + i, 1000L + i, 6, 10, "alice"));
    }
    List<SlowLogPayload> kept = log.query(SlowLogResponseRequest.getDefaultInstance()).getSlowLogPayloadsList();
    assertEquals(List.of(1011L, 1010L, 1009L, 1008L), kept.stream().map(SlowLogPayload::getStartTime).toList());
    assertTrue(log.clear());
    assertEquals(0, count(request(LogType.SLOW_LOG).build()));
    SlowLog off = new SlowLog(SlowLogSettings.defaults());
    off.record(get(REGION_T2, "r1", 1000L, 60_000, 10, "alice"));
    assertEquals(0, off.query(SlowLogResponseRequest.getDefaultInstance()).getSlowLogPayloadsCount());
    assertFalse(off.clear());
  }

  private int count(SlowLogResponseRequest request) {
    return log.query(request).getSlowLogPayloadsCount();
  }

  private static SlowLogResponseRequest.Builder request(LogType type) {
    return SlowLogResponseRequest.newBuilder().setLogType(type);
  }

  private static SlowLog.Call get(String region, String row, long start, int millis, long bytes, String user)
      throws Exception {
    return new SlowLog.Call("ClientService", "Get", RequestConverter.buildGetRequest(Bytes.toBytes(region),
        new Get(Bytes.toBytes(row))), start, millis, 0, bytes, "127.0.0.1:40000", user);
  }
}
