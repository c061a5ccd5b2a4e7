package io.basalt.conformance;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.BasaltServerExtension;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Append;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Increment and Append: atomic per row, several columns, results on request, versions that only move forward. */
class CounterTest {
  @RegisterExtension
  static final BasaltServerExtension BASALT = new BasaltServerExtension();

  private static final byte[] F = toBytes("f");
  private static final byte[] G = toBytes("g");
  private static final TableName NAME = TableName.valueOf("counters");
  private static Connection connection;
  private static Table table;

  @BeforeAll
  static void createTable() throws IOException {
    connection = Clients.connect(BASALT.process());
    TestTables.create(connection, NAME, 5, new String[] {"f", "g"}, "m");
    table = connection.getTable(NAME);
  }

  @AfterAll
  static void close() throws IOException {
    table.close();
    connection.close();
  }

  @Test
  void incrementSeveralColumnsAcrossFamiliesAtOnce() throws IOException {
    byte[] row = toBytes("multi");
    Result first = table.increment(new Increment(row).addColumn(F, toBytes("a"), 1).addColumn(F, toBytes("b"), 10)
        .addColumn(G, toBytes("c"), -5));
    assertEquals(1, Bytes.toLong(first.getValue(F, toBytes("a"))));
    assertEquals(10, Bytes.toLong(first.getValue(F, toBytes("b"))));
    assertEquals(-5, Bytes.toLong(first.getValue(G, toBytes("c"))));
    Result second = table.increment(new Increment(row).addColumn(F, toBytes("a"), 2).addColumn(G, toBytes("c"), 5));
    assertEquals(3, Bytes.toLong(second.getValue(F, toBytes("a"))));
    assertEquals(0, Bytes.toLong(second.getValue(G, toBytes("c"))));
    assertEquals(10, Bytes.toLong(table.get(new Get(row)).getValue(F, toBytes("b"))));
    assertEquals(13, table.incrementColumnValue(row, F, toBytes("b"), 3));
  }

  @Test
  void resultsOnlyWhenAsked() throws IOException {
    Increment quiet = new Increment(toBytes("quiet")).addColumn(F, toBytes("n"), 7);
    quiet.setReturnResults(false);
    Result result = table.increment(quiet);
    assertTrue(result.isEmpty());
    assertEquals(7, Bytes.toLong(table.get(new Get(toBytes("quiet"))).getValue(F, toBytes("n"))));

    table.append(new Append(toBytes("quiet")).addColumn(F, toBytes("s"), toBytes("ab")));
    Append quietAppend = new Append(toBytes("quiet")).addColumn(F, toBytes("s"), toBytes("cd"));
    quietAppend.setReturnResults(false);
    Result appended = table.append(quietAppend);
    assertTrue(appended.isEmpty(), appended.toString());
    assertArrayEquals(toBytes("abcd"), table.get(new Get(toBytes("quiet"))).getValue(F, toBytes("s")));
  }

  @Test
  void versionsOfACounterMoveForwardEvenWithinOneMillisecond() throws IOException {
    byte[] row = toBytes("stamps");
    // A future timestamp on the current value: the increment must still land after it.
    table.put(new Put(row).addColumn(F, toBytes("n"), Long.MAX_VALUE / 2, Bytes.toBytes(100L)));
    long previous = Long.MAX_VALUE / 2;
    for (int i = 0; i < 20; i++) {
      Result result = table.increment(new Increment(row).addColumn(F, toBytes("n"), 1));
      long stamp = result.getColumnLatestCell(F, toBytes("n")).getTimestamp();
      assertTrue(stamp > previous, "timestamp " + stamp + " after " + previous);
      previous = stamp;
    }
    assertEquals(120, Bytes.toLong(table.get(new Get(row)).getValue(F, toBytes("n"))));
  }

  @Test
  void incrementingSomethingThatIsNotALongFailsAndWritesNothing() throws IOException {
    byte[] row = toBytes("notalong");
    table.put(new Put(row).addColumn(F, toBytes("s"), toBytes("text")));
    Increment bad = new Increment(row).addColumn(F, toBytes("fresh"), 1).addColumn(F, toBytes("s"), 1);
    DoNotRetryIOException e = assertThrows(DoNotRetryIOException.class, () -> table.increment(bad));
    assertTrue(e.getMessage().contains("Field is not a long"), e.getMessage());
    assertNull(table.get(new Get(row)).getValue(F, toBytes("fresh")), "nothing of the failed increment is written");
    assertArrayEquals(toBytes("text"), table.get(new Get(row)).getValue(F, toBytes("s")));
  }

  @Test
  void appendConcatenates() throws IOException {
    byte[] row = toBytes("append");
    Result first = table.append(new Append(row).addColumn(F, toBytes("log"), toBytes("a")));
    assertArrayEquals(toBytes("a"), first.getValue(F, toBytes("log")));
    Result second = table.append(new Append(row).addColumn(F, toBytes("log"), toBytes("bc"))
        .addColumn(G, toBytes("other"), toBytes("x")));
    assertArrayEquals(toBytes("abc"), second.getValue(F, toBytes("log")));
    assertArrayEquals(toBytes("x"), second.getValue(G, toBytes("other")));
    List<Cell> versions = table.get(new Get(row).addColumn(F, toBytes("log")).readAllVersions())
        .getColumnCells(F, toBytes("log"));
    assertEquals(2, versions.size(), "an append writes a new version");
  }

  @Test
  void concurrentIncrementsFromManyThreadsAddUpExactly() throws Exception {
    byte[] row = toBytes("contended");
    int threads = 8;
    int perThread = 200;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        futures.add(pool.submit(() -> {
          for (int i = 0; i < perThread; i++) {
            table.incrementColumnValue(row, F, toBytes("n"), 1);
          }
          return null;
        }));
      }
      for (Future<?> future : futures) {
        future.get();
      }
    } finally {
      pool.shutdown();
    }
    assertEquals(threads * perThread, Bytes.toLong(table.get(new Get(row)).getValue(F, toBytes("n"))));
  }

  @Test
  void asyncTableIncrementsAndAppends() throws Exception {
    try (AsyncConnection async = ConnectionFactory.createAsyncConnection(
        Clients.zookeeperConfiguration(BASALT.process())).get()) {
      AsyncTable<?> asyncTable = async.getTable(NAME);
      List<CompletableFuture<Long>> increments = new ArrayList<>();
      for (int i = 0; i < 50; i++) {
        increments.add(asyncTable.incrementColumnValue(toBytes("zz-async"), F, toBytes("n"), 2));
      }
      CompletableFuture.allOf(increments.toArray(new CompletableFuture[0])).get();
      assertEquals(100, Bytes.toLong(asyncTable.get(new Get(toBytes("zz-async"))).get().getValue(F, toBytes("n"))));
      Result appended = asyncTable.append(new Append(toBytes("zz-async")).addColumn(G, toBytes("s"), toBytes("!")))
          .get();
      assertArrayEquals(toBytes("!"), appended.getValue(G, toBytes("s")));
    }
  }
}
