package io.basalt.conformance.fuzz;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
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

/**
 * Well-behaved stock clients working while bad input rains on the same server: writers put rows and read each
 * back, a scanner reads the whole table over and over, and every answer is checked. Any exception or wrong answer
 * is an error; a test expects none.
 */
public final class SteadyClients implements AutoCloseable {
  private static final byte[] FAMILY = Bytes.toBytes("f");
  private static final byte[] QUALIFIER = Bytes.toBytes("q");

  private final TableName table;
  private final AtomicBoolean stop = new AtomicBoolean();
  private final Map<String, String> acknowledged = new ConcurrentHashMap<>();
  private final Queue<String> errors = new ConcurrentLinkedQueue<>();
  private final AtomicLong operations = new AtomicLong();
  private final List<Thread> threads = new ArrayList<>();

  private SteadyClients(TableName table) {
    this.table = table;
  }

  /** Starts {@code writers} writer threads on one connection and a scanner on the other. */
  public static SteadyClients start(TableName table, Connection writing, Connection scanning, int writers) {
    SteadyClients clients = new SteadyClients(table);
    for (int w = 0; w < writers; w++) {
      String prefix = "w" + w + "-";
      clients.threads.add(new Thread(() -> clients.write(writing, prefix), "steady-writer-" + w));
    }
    clients.threads.add(new Thread(() -> clients.scan(scanning), "steady-scanner"));
    clients.threads.forEach(Thread::start);
    return clients;
  }

  private void write(Connection connection, String prefix) {
    try (Table t = connection.getTable(table)) {
      for (int i = 0; !stop.get(); i++) {
        String row = prefix + i;
        String value = row + "@" + System.nanoTime();
        t.put(new Put(Bytes.toBytes(row)).addColumn(FAMILY, QUALIFIER, Bytes.toBytes(value)));
        acknowledged.put(row, value);
        String read = Bytes.toString(t.get(new Get(Bytes.toBytes(row))).getValue(FAMILY, QUALIFIER));
        if (!value.equals(read)) {
          errors.add("read " + read + " for " + row + " right after writing " + value);
        }
        operations.addAndGet(2);
      }
    } catch (IOException | RuntimeException e) {
      errors.add(Thread.currentThread().getName() + ": " + e);
    }
  }

  private void scan(Connection connection) {
    try (Table t = connection.getTable(table)) {
      while (!stop.get()) {
        checkScan(t);
        operations.incrementAndGet();
      }
    } catch (IOException | RuntimeException e) {
      errors.add(Thread.currentThread().getName() + ": " + e);
    }
  }

  /** One full scan: every row acknowledged before it started is there with its value, and nothing else is. */
  private void checkScan(Table t) throws IOException {
    Map<String, String> before = Map.copyOf(acknowledged);
    int seen = 0;
    try (ResultScanner scanner = t.getScanner(new Scan().setCaching(500))) {
      for (Result result : scanner) {
        String row = Bytes.toString(result.getRow());
        String value = Bytes.toString(result.getValue(FAMILY, QUALIFIER));
        if (value == null || !value.startsWith(row + "@")) {
          errors.add("scan found " + row + " = " + value);
        }
        if (before.containsKey(row)) {
          seen++;
        }
      }
    }
    if (seen != before.size()) {
      errors.add("scan saw " + seen + " of the " + before.size() + " rows acknowledged before it began");
    }
  }

  /** Stops the clients, then checks with a last full scan that every acknowledged row is there. */
  public void stopAndVerify(Connection connection) throws InterruptedException, IOException {
    stop.set(true);
    for (Thread thread : threads) {
      thread.join();
    }
    try (Table t = connection.getTable(table)) {
      checkScan(t);
    }
  }

  public List<String> errors() {
    return List.copyOf(errors);
  }

  public long operations() {
    return operations.get();
  }

  public int rowsAcknowledged() {
    return acknowledged.size();
  }

  @Override
  public void close() throws InterruptedException {
    stop.set(true);
    for (Thread thread : threads) {
      thread.join();
    }
  }
}
