package io.basalt.embedded.example;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The application code of docs/testing-with-basalt.md: a user's events under {@code user#reverseTimestamp}, so the
 * newest come first in a prefix scan. Nothing here knows about Basalt.
 */
public final class UserEvents {
  public static final TableName TABLE = TableName.valueOf("user_events");
  public static final byte[] FAMILY = Bytes.toBytes("e");
  private static final byte[] WHAT = Bytes.toBytes("what");

  private final Connection connection;

  public UserEvents(Connection connection) {
    this.connection = connection;
  }

  public void record(String user, long timestampMillis, String what) throws IOException {
    try (Table table = connection.getTable(TABLE)) {
      table.put(new Put(key(user, timestampMillis)).addColumn(FAMILY, WHAT, Bytes.toBytes(what)));
    }
  }

  /** The user's {@code limit} newest events, newest first. */
  public List<String> latest(String user, int limit) throws IOException {
    List<String> events = new ArrayList<>();
    Scan scan = new Scan().setStartStopRowForPrefixScan(Bytes.toBytes(user + "#")).setLimit(limit);
    try (Table table = connection.getTable(TABLE); ResultScanner scanner = table.getScanner(scan)) {
      for (Result result : scanner) {
        events.add(Bytes.toString(result.getValue(FAMILY, WHAT)));
      }
    }
    return events;
  }

  private static byte[] key(String user, long timestampMillis) {
    return Bytes.add(Bytes.toBytes(user + "#"), Bytes.toBytes(Long.MAX_VALUE - timestampMillis));
  }
}
