package io.basalt.hbase.keyviz;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import org.apache.hbase.thirdparty.com.google.gson.JsonArray;
import org.apache.hbase.thirdparty.com.google.gson.JsonObject;
import org.apache.hbase.thirdparty.com.google.gson.JsonParser;
import org.junit.jupiter.api.Test;

class HeatmapJsonTest {

  @Test
  void writesEachBucketSetOnceAndFindsTheHotRangeAndRow() throws Exception {
    KeyBuckets buckets = KeyBuckets.startingAt(List.of(b("b"), b("c"), b("d")));
    List<ActivityColumn> columns = List.of(column(0, buckets), column(60_000, buckets));
    StringWriter out = new StringWriter();
    HeatmapJson.write(out, Tier.MINUTE, HeatmapJson.Metric.OPERATIONS, 0, 120_000, Map.of("t", columns),
        List.of(new HotTablet("t", "t,,1.abc.", new byte[0], new byte[0], 12.5, 100, 20)));
    JsonObject json = JsonParser.parseString(out.toString()).getAsJsonObject();
    JsonObject table = json.getAsJsonArray("tables").get(0).getAsJsonObject();
    assertEquals(1, table.getAsJsonArray("bucketSets").size(), "both columns share one set of buckets");
    JsonArray starts = table.getAsJsonArray("bucketSets").get(0).getAsJsonArray();
    assertEquals("", starts.get(0).getAsString(), "the first bucket starts at the table's start");
    assertEquals("c", starts.get(2).getAsString());
    assertEquals(2, table.getAsJsonArray("columns").size());
    assertEquals(900, table.getAsJsonArray("columns").get(0).getAsJsonObject().getAsJsonArray("values").get(2)
        .getAsLong());
    JsonObject hot = json.getAsJsonArray("hotRanges").get(0).getAsJsonObject();
    assertEquals("c", hot.get("start").getAsString());
    assertEquals("d", hot.get("end").getAsString());
    assertEquals("c\\x00\\xFF", json.getAsJsonArray("hotRows").get(0).getAsJsonObject().get("row").getAsString(),
        "rows are written as HBase prints them, any bytes safe");
    assertEquals(12.5, json.getAsJsonArray("hotTablets").get(0).getAsJsonObject().get("requestsPerSecond")
        .getAsDouble());
  }

  /** A minute with 900 operations in bucket "c" and 10 in each other, its hot row a binary one. */
  private static ActivityColumn column(long start, KeyBuckets buckets) {
    long[] operations = {10, 10, 900, 10};
    return new ActivityColumn("t", start, 1, buckets, operations, new long[4], new long[4], new long[4],
        List.of(new RowTally.Entry(new byte[] {'c', 0, (byte) 0xff}, 800)), List.of());
  }

  private static byte[] b(String s) {
    return s.getBytes(UTF_8);
  }
}
