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
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Basalt is killed with SIGKILL at random moments while stock clients write multi-family rows and increments at
 * full speed with the default durability, and restarted on the same data directory: every acknowledged write is
 * there, no row is torn across families, every acknowledged increment counts once, and the regions still tile the
 * key space although splits and merges were running when the kill came.
 * {@code -Dbasalt.crash.rounds=N} runs more rounds (default 5); the seed is printed.
 */
class CrashSafetyTest {
  private static final TableName TABLE = TableName.valueOf("crash");
  private static final byte[] F = toBytes("f");
  private static final byte[] G = toBytes("g");
  private static final byte[] Q = toBytes("q");
  private static final byte[] COUNTER = toBytes("counter");
  private static final int WRITERS = 3;

  private Path dataDir;

  @BeforeEach
  void createDataDir() throws IOException {
    dataDir = Files.createTempDirectory("basalt-crash-");
  }

  @AfterEach
  void removeDataDir() throws IOException {
    BasaltServerExtension.deleteRecursively(dataDir);
  }

  @Test
  void acknowledgedWritesSurviveRepeatedKills() throws Exception {
    int rounds = Integer.getInteger("basalt.crash.rounds", 5);
    long seed = System.nanoTime();
    System.out.println("CrashSafetyTest: " + rounds + " kills, seed " + seed);
    Random random = new Random(seed);
    Queue<String> acknowledged = new ConcurrentLinkedQueue<>();
    AtomicLong incrementsAcknowledged = new AtomicLong();
    AtomicLong incrementsUnanswered = new AtomicLong();

    for (int round = 0; round <= rounds; round++) {
      try (BasaltProcess basalt = BasaltProcess.start(dataDir, "CrashSafetyTest-" + round);
          Connection connection = ConnectionFactory.createConnection(impatient(basalt));
          Admin admin = connection.getAdmin()) {
        if (round == 0) {
          admin.createTable(TableDescriptorBuilder.newBuilder(TABLE).setColumnFamily(ColumnFamilyDescriptorBuilder.of(F))
              .setColumnFamily(ColumnFamilyDescriptorBuilder.of(G)).build(), new byte[][] {toBytes("w1"), toBytes("w2")});
        } else {
          assertTiled(admin.getRegions(TABLE), round);
          verify(connection, acknowledged, incrementsAcknowledged.get(), incrementsUnanswered.get(), round);
        }
        if (round == rounds) {
          break;
        }
        AtomicBoolean stop = new AtomicBoolean();
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < WRITERS; w++) {
          String prefix = "w" + w + "-r" + round + "-";
          threads.add(new Thread(() -> writeRows(connection, prefix, acknowledged, stop)));
        }
        threads.add(new Thread(() -> increment(connection, incrementsAcknowledged, incrementsUnanswered, stop)));
        threads.add(new Thread(() -> splitAndMerge(admin, stop)));
        threads.forEach(Thread::start);
        Thread.sleep(300 + random.nextInt(1_200));
        basalt.kill();
        stop.set(true);
        for (Thread thread : threads) {
          thread.join();
        }
      }
    }
    assertTrue(acknowledged.size() > rounds * 10, "the writers got writes acknowledged: " + acknowledged.size());
    System.out.println("CrashSafetyTest: " + rounds + " kills survived, " + acknowledged.size()
        + " acknowledged rows and " + incrementsAcknowledged.get() + " acknowledged increments verified");
  }

  private static void writeRows(Connection connection, String prefix, Queue<String> acknowledged,
      AtomicBoolean stop) {
    try (Table table = connection.getTable(TABLE)) {
      for (int i = 0; !stop.get(); i++) {
        String row = prefix + i;
        byte[] value = toBytes(row);
        table.put(new Put(toBytes(row)).addColumn(F, Q, value).addColumn(G, Q, value));
        acknowledged.add(row);
      }
    } catch (IOException | RuntimeException e) {
      // The kill: from here on nothing is acknowledged, and the verification below decides.
    }
  }

  private static void increment(Connection connection, AtomicLong acknowledged, AtomicLong unanswered,
      AtomicBoolean stop) {
    try (Table table = connection.getTable(TABLE)) {
      while (!stop.get()) {
        try {
          table.increment(new Increment(COUNTER).addColumn(F, Q, 1));
          acknowledged.incrementAndGet();
        } catch (IOException | RuntimeException e) {
          unanswered.incrementAndGet(); // may or may not have been applied before the kill
          return;
        }
      }
    } catch (IOException e) {
      // closing the table after the kill
    }
  }

  /** Splits the last region at its middle row, or merges the first two once there are five, until the kill. */
  private static void splitAndMerge(Admin admin, AtomicBoolean stop) {
    while (!stop.get()) {
      try {
        List<RegionInfo> regions = admin.getRegions(TABLE);
        if (regions.size() > 4) {
          admin.mergeRegionsAsync(new byte[][] {regions.get(0).getRegionName(), regions.get(1).getRegionName()},
              false).get(5, TimeUnit.SECONDS);
        } else {
          admin.splitRegionAsync(regions.get(regions.size() - 1).getRegionName()).get(5, TimeUnit.SECONDS);
        }
      } catch (Exception e) {
        // The kill, or a region with too few rows to split yet: the verification after the restart decides.
        pause();
      }
    }
  }

  private static void pause() {
    try {
      Thread.sleep(50);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void assertTiled(List<RegionInfo> regions, int round) {
    assertEquals(0, regions.get(0).getStartKey().length, "first region starts the table after kill " + round);
    for (int i = 1; i < regions.size(); i++) {
      assertArrayEquals(regions.get(i - 1).getEndKey(), regions.get(i).getStartKey(),
          "regions leave no gap or overlap after kill " + round + ": " + regions);
    }
    assertEquals(0, regions.get(regions.size() - 1).getEndKey().length, "last region ends the table");
  }

  private static void verify(Connection connection, Queue<String> acknowledged, long increments, long unanswered,
      int round) throws IOException {
    try (Table table = connection.getTable(TABLE)) {
      List<String> rows = new ArrayList<>(acknowledged);
      for (int from = 0; from < rows.size(); from += 1_000) {
        List<String> chunk = rows.subList(from, Math.min(rows.size(), from + 1_000));
        List<Get> gets = new ArrayList<>();
        chunk.forEach(row -> gets.add(new Get(toBytes(row))));
        Result[] results = table.get(gets);
        for (int i = 0; i < chunk.size(); i++) {
          assertArrayEquals(toBytes(chunk.get(i)), results[i].getValue(F, Q),
              "acknowledged row " + chunk.get(i) + " after kill " + round);
        }
      }
      try (ResultScanner scanner = table.getScanner(new Scan().addFamily(F).addFamily(G))) {
        for (Result result : scanner) {
          if (!Bytes.equals(result.getRow(), COUNTER)) {
            assertArrayEquals(result.getValue(F, Q), result.getValue(G, Q),
                "row " + Bytes.toString(result.getRow()) + " torn across families after kill " + round);
          }
        }
      }
      Result counter = table.get(new Get(COUNTER));
      long value = counter.isEmpty() ? 0 : Bytes.toLong(counter.getValue(F, Q));
      assertTrue(value >= increments && value <= increments + unanswered, "counter " + value + " after kill "
          + round + ": " + increments + " acknowledged, " + unanswered + " unanswered");
    }
  }

  /**
   * Gives up fast once the server is gone, so writers notice the kill. The RPC registry, because a client of the
   * ZooKeeper registry would first spend many seconds retrying the dead embedded ZooKeeper.
   */
  private static Configuration impatient(BasaltProcess basalt) {
    Configuration conf = Clients.rpcRegistryConfiguration(basalt);
    conf.setInt("hbase.client.retries.number", 2);
    conf.setLong("hbase.client.pause", 50);
    conf.setInt("hbase.rpc.timeout", 5_000);
    conf.setInt("hbase.client.operation.timeout", 10_000);
    conf.setInt("hbase.client.meta.operation.timeout", 10_000);
    return conf;
  }
}
