package io.basalt.conformance;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Writers of one-family rows with the default durability, as most applications write: single puts and batches of
 * five, each row three columns holding its own key. After a kill every acknowledged row (batches included) must be
 * there with all three columns, and no row anywhere may have some columns of a write without the others.
 */
final class SingleFamilyCrashLoad implements CrashScenario {
  private static final TableName TABLE = TableName.valueOf("crash_single");
  private static final byte[] F = toBytes("f");
  private static final byte[][] COLUMNS = {toBytes("a"), toBytes("b"), toBytes("c")};
  private static final int WRITERS = 3;
  private static final int BATCH = 5;

  private final Queue<String> acknowledged = new ConcurrentLinkedQueue<>();
  private final AtomicLong batches = new AtomicLong();

  @Override
  public TableName table() {
    return TABLE;
  }

  @Override
  public void create(Admin admin) throws IOException {
    TestTables.create(admin.getConnection(), TABLE, 1, new String[] {"f"}, "w1", "w2");
  }

  @Override
  public List<Runnable> load(Connection connection, Admin admin, int round, AtomicBoolean stop) {
    List<Runnable> writers = new ArrayList<>();
    for (int w = 0; w < WRITERS; w++) {
      String prefix = "w" + w + "-r" + round + "-";
      writers.add(() -> write(connection, prefix, stop));
    }
    return writers;
  }

  private void write(Connection connection, String prefix, AtomicBoolean stop) {
    try (Table table = connection.getTable(TABLE)) {
      for (int i = 0; !stop.get(); i++) {
        if (i % 4 == 3) {
          List<Put> puts = new ArrayList<>();
          List<String> rows = new ArrayList<>();
          for (int b = 0; b < BATCH; b++) {
            rows.add(prefix + i + "." + b);
            puts.add(row(rows.get(b)));
          }
          table.put(puts);
          acknowledged.addAll(rows);
          batches.incrementAndGet();
        } else {
          table.put(row(prefix + i));
          acknowledged.add(prefix + i);
        }
      }
    } catch (IOException | RuntimeException e) {
      // The kill: from here on nothing is acknowledged, and the verification after the restart decides.
    }
  }

  private static Put row(String key) {
    Put put = new Put(toBytes(key));
    for (byte[] column : COLUMNS) {
      put.addColumn(F, column, toBytes(key));
    }
    return put;
  }

  @Override
  public void verify(Connection connection, int kill) throws IOException {
    try (Table table = connection.getTable(TABLE)) {
      CrashScenario.forEachRow(table, new ArrayList<>(acknowledged), (row, result) -> {
        for (byte[] column : COLUMNS) {
          assertArrayEquals(toBytes(row), result.getValue(F, column),
              "acknowledged row " + row + ", column " + Bytes.toString(column) + ", after kill " + kill);
        }
      });
      try (ResultScanner scanner = table.getScanner(new Scan().addFamily(F))) {
        for (Result result : scanner) {
          for (byte[] column : COLUMNS) {
            assertArrayEquals(result.getRow(), result.getValue(F, column), "row "
                + Bytes.toString(result.getRow()) + " torn after kill " + kill + ": " + result);
          }
        }
      }
    }
  }

  @Override
  public int rowsAcknowledged() {
    return acknowledged.size();
  }

  @Override
  public String summary() {
    return acknowledged.size() + " acknowledged one-family rows (" + batches.get() + " batches of " + BATCH
        + ") verified after every restart";
  }
}
