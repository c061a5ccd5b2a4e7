package io.basalt.conformance;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.BasaltServerExtension;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Writers rewrite rows across three families with one token per write while readers scan and get them: no reader
 * may ever see families of a row from different writes.
 */
class RowAtomicityTest {
  @RegisterExtension
  static final BasaltServerExtension BASALT = new BasaltServerExtension();

  private static final byte[][] FAMILIES = {toBytes("a"), toBytes("b"), toBytes("c")};
  private static final byte[] Q = toBytes("q");
  private static final int ROWS = 50;
  /** How long readers race writers: the stress's length, what the test buys its confidence with. */
  private static final long STRESS_NANOS = TimeUnit.SECONDS.toNanos(5);
  /** The work done at the least, however slow the machine: writes made, and rows read and checked. */
  private static final int WORK = 1_000;

  @Test
  void readersNeverSeeAHalfWrittenRow() throws Exception {
    TableName name = TableName.valueOf("atomicity");
    try (Connection connection = Clients.connect(BASALT.process())) {
      TestTables.create(connection, name, 1, new String[] {"a", "b", "c"}, "row-25");
      AtomicBoolean running = new AtomicBoolean(true);
      AtomicLong tokens = new AtomicLong();
      AtomicLong rowsChecked = new AtomicLong();
      ExecutorService pool = Executors.newFixedThreadPool(6);
      List<Future<?>> tasks = new ArrayList<>();
      long start = System.nanoTime();
      try (Table table = connection.getTable(name)) {
        for (int w = 0; w < 3; w++) {
          tasks.add(pool.submit(() -> {
            while (running.get()) {
              long token = tokens.incrementAndGet();
              Put put = new Put(row((int) (token % ROWS)));
              for (byte[] family : FAMILIES) {
                put.addColumn(family, Q, Bytes.toBytes(token));
              }
              table.put(put);
            }
            return null;
          }));
        }
        for (int r = 0; r < 2; r++) {
          tasks.add(pool.submit(() -> {
            while (running.get()) {
              try (ResultScanner scanner = table.getScanner(new Scan().setCaching(7))) {
                for (Result result : scanner) {
                  assertConsistent(result);
                  rowsChecked.incrementAndGet();
                }
              }
            }
            return null;
          }));
        }
        tasks.add(pool.submit(() -> {
          while (running.get()) {
            assertConsistent(table.get(new Get(row((int) (tokens.get() % ROWS)))));
            rowsChecked.incrementAndGet();
          }
          return null;
        }));
        try {
          awaitWork(start, tokens, rowsChecked, tasks);
        } finally {
          running.set(false);
        }
        for (Future<?> task : tasks) {
          task.get(60, TimeUnit.SECONDS); // rethrows what a reader saw
        }
        assertTrue(tokens.get() >= WORK && rowsChecked.get() >= WORK, "the writers and readers did their share");
        System.out.printf("RowAtomicityTest: %d writes and %d rows checked in %d ms%n", tokens.get(),
            rowsChecked.get(), TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
      } finally {
        pool.shutdownNow();
      }
    }
  }

  /**
   * Returns once the stress has run its five seconds and at least {@link #WORK} writes were made and rows checked: a
   * slow machine takes longer rather than checking less. Not synchronization: nothing waits for an event, the length
   * is what is tested. A task that ended early (a reader saw a torn row) ends the wait at once.
   */
  private static void awaitWork(long start, AtomicLong tokens, AtomicLong rowsChecked, List<Future<?>> tasks)
      throws InterruptedException {
    long deadline = start + TimeUnit.SECONDS.toNanos(120);
    while (System.nanoTime() - start < STRESS_NANOS || tokens.get() < WORK || rowsChecked.get() < WORK) {
      if (tasks.stream().anyMatch(Future::isDone)) {
        return;
      }
      assertTrue(System.nanoTime() < deadline, "in 120 s only " + tokens.get() + " writes and "
          + rowsChecked.get() + " rows checked");
      Thread.sleep(20); // the poll's interval
    }
  }

  @Test
  void compareAndSetCountersAddUpExactly() throws Exception {
    TableName name = TableName.valueOf("cas_counter");
    byte[] row = toBytes("counter");
    byte[] family = FAMILIES[0];
    int threads = 4;
    int perThread = 100;
    try (Connection connection = Clients.connect(BASALT.process())) {
      TestTables.create(connection, name, 1, new String[] {"a"});
      try (Table table = connection.getTable(name)) {
        table.put(new Put(row).addColumn(family, Q, Bytes.toBytes(0L)));
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<Future<Long>> attempts = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
          attempts.add(pool.submit(() -> {
            long tries = 0;
            for (int done = 0; done < perThread; tries++) {
              byte[] seen = table.get(new Get(row)).getValue(family, Q);
              Put next = new Put(row).addColumn(family, Q, Bytes.toBytes(Bytes.toLong(seen) + 1));
              if (table.checkAndMutate(row, family).qualifier(Q).ifEquals(seen).thenPut(next)) {
                done++;
              }
            }
            return tries;
          }));
        }
        long tries = 0;
        for (Future<Long> attempt : attempts) {
          tries += attempt.get(60, TimeUnit.SECONDS);
        }
        pool.shutdown();
        assertEquals((long) threads * perThread, Bytes.toLong(table.get(new Get(row)).getValue(family, Q)),
            "every successful compare-and-set counted once (" + tries + " attempts)");
      }
    }
  }

  private static void assertConsistent(Result result) throws IOException {
    if (result.isEmpty()) {
      return;
    }
    long token = Bytes.toLong(result.getValue(FAMILIES[0], Q));
    for (byte[] family : FAMILIES) {
      assertEquals(token, Bytes.toLong(result.getValue(family, Q)),
          "row " + Bytes.toString(result.getRow()) + " mixes writes across families");
    }
  }

  private static byte[] row(int i) {
    return toBytes(String.format("row-%02d", i));
  }
}
