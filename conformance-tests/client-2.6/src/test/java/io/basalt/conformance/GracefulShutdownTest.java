package io.basalt.conformance;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.BasaltProcess;
import io.basalt.conformance.harness.BasaltServerExtension;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Durability;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * SIGTERM while stock clients write (with and without the write-ahead log), increment and scan: Basalt stops
 * taking calls, lets those in flight finish, flushes, and exits with status 0. The clients see only errors they
 * would retry, never a wrong answer, and after a restart every acknowledged write is there, whole.
 */
class GracefulShutdownTest {
  private static final TableName TABLE = TableName.valueOf("graceful");
  private static final byte[] F = toBytes("f");
  private static final byte[] G = toBytes("g");
  private static final byte[] Q = toBytes("q");
  private static final byte[] COUNTER = toBytes("counter");

  private Path dataDir;

  @BeforeEach
  void createDataDir() throws IOException {
    dataDir = Files.createTempDirectory("basalt-graceful-");
  }

  @AfterEach
  void removeDataDir() throws IOException {
    BasaltServerExtension.deleteRecursively(dataDir);
  }

  @Test
  void sigtermUnderTrafficLosesNothingAcknowledged() throws Exception {
    Queue<String> acknowledged = new ConcurrentLinkedQueue<>();
    Queue<String> wrongAnswers = new ConcurrentLinkedQueue<>();
    AtomicLong increments = new AtomicLong();
    AtomicLong incrementsUnanswered = new AtomicLong();
    AtomicLong scans = new AtomicLong();
    int exitStatus;
    try (BasaltProcess basalt = BasaltProcess.start(dataDir, "GracefulShutdownTest-first");
        Connection connection = ConnectionFactory.createConnection(impatient(basalt))) {
      TestTables.create(connection, TABLE, 1, new String[] {"f", "g"}, "w1", "w2");
      AtomicBoolean stop = new AtomicBoolean();
      List<Thread> threads = new ArrayList<>();
      for (int w = 0; w < 6; w++) {
        String prefix = "w" + w + "-";
        Durability durability = w == 0 ? Durability.SKIP_WAL : Durability.USE_DEFAULT;
        threads.add(new Thread(() -> write(connection, prefix, durability, acknowledged, stop)));
      }
      threads.add(new Thread(() -> increment(connection, increments, incrementsUnanswered, stop)));
      threads.add(new Thread(() -> scan(connection, wrongAnswers, scans, stop)));
      threads.forEach(Thread::start);
      Thread.sleep(2_000);
      long stopping = System.nanoTime();
      exitStatus = basalt.stop();
      System.out.printf("GracefulShutdownTest: stopped in %d ms under traffic after %d acknowledged rows, "
          + "%d increments and %d scans%n", (System.nanoTime() - stopping) / 1_000_000, acknowledged.size(),
          increments.get(), scans.get());
      stop.set(true);
      for (Thread thread : threads) {
        thread.join();
      }
      List<String> log = basalt.logLines();
      assertEquals(List.of(), log.stream().filter(line -> line.contains(" ERROR ")
          || line.contains("still running") || line.contains("Could not flush")).toList());
    }
    assertEquals(0, exitStatus, "SIGTERM is a clean exit");
    assertEquals(List.of(), List.copyOf(wrongAnswers), "what the scanner saw");
    assertTrue(acknowledged.size() > 30, "the writers got writes acknowledged: " + acknowledged.size());

    try (BasaltProcess basalt = BasaltProcess.start(dataDir, "GracefulShutdownTest-second");
        Connection connection = ConnectionFactory.createConnection(impatient(basalt));
        Table table = connection.getTable(TABLE)) {
      for (String row : acknowledged) {
        Result result = table.get(new Get(toBytes(row)));
        assertArrayEquals(toBytes(row), result.getValue(F, Q), "acknowledged row " + row);
        assertArrayEquals(toBytes(row), result.getValue(G, Q), "row " + row + " whole");
      }
      Result counter = table.get(new Get(COUNTER));
      long value = counter.isEmpty() ? 0 : Bytes.toLong(counter.getValue(F, Q));
      assertTrue(value >= increments.get() && value <= increments.get() + incrementsUnanswered.get(),
          "counter " + value + ": " + increments.get() + " acknowledged, " + incrementsUnanswered.get()
              + " unanswered");
    }
  }

  private static void write(Connection connection, String prefix, Durability durability, Queue<String> acknowledged,
      AtomicBoolean stop) {
    try (Table table = connection.getTable(TABLE)) {
      for (int i = 0; !stop.get(); i++) {
        String row = prefix + i;
        try {
          table.put(new Put(toBytes(row)).addColumn(F, Q, toBytes(row)).addColumn(G, Q, toBytes(row))
              .setDurability(durability));
          acknowledged.add(row);
        } catch (IOException e) {
          pause(); // the server is stopping or gone: retried writes of other rows follow
        }
      }
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  private static void increment(Connection connection, AtomicLong acknowledged, AtomicLong unanswered,
      AtomicBoolean stop) {
    try (Table table = connection.getTable(TABLE)) {
      while (!stop.get()) {
        try {
          table.increment(new Increment(COUNTER).addColumn(F, Q, 1));
          acknowledged.incrementAndGet();
        } catch (IOException e) {
          unanswered.incrementAndGet(); // may have been applied before the answer was lost
          pause();
        }
      }
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Full scans: whatever a scan returns must be right, rows whole and values matching their keys. */
  private static void scan(Connection connection, Queue<String> wrong, AtomicLong scans, AtomicBoolean stop) {
    try (Table table = connection.getTable(TABLE)) {
      while (!stop.get()) {
        try (ResultScanner scanner = table.getScanner(new Scan().addFamily(F).addFamily(G).setCaching(50))) {
          for (Result result : scanner) {
            if (Bytes.equals(result.getRow(), COUNTER)) {
              continue;
            }
            byte[] row = result.getRow();
            if (!Bytes.equals(row, result.getValue(F, Q)) || !Bytes.equals(row, result.getValue(G, Q))) {
              wrong.add(Bytes.toString(row) + " -> " + result);
            }
          }
          scans.incrementAndGet();
        } catch (IOException e) {
          pause(); // a scan cut by the stop: the next one starts over
        }
      }
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  private static void pause() {
    try {
      Thread.sleep(20);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static Configuration impatient(BasaltProcess basalt) {
    Configuration conf = Clients.rpcRegistryConfiguration(basalt);
    conf.setInt("hbase.client.retries.number", 2);
    conf.setLong("hbase.client.pause", 50);
    conf.setInt("hbase.rpc.timeout", 10_000);
    conf.setInt("hbase.client.operation.timeout", 15_000);
    conf.setInt("hbase.client.meta.operation.timeout", 15_000);
    return conf;
  }
}
