package io.basalt.conformance;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Writers of two-family rows, an incrementer of a counter kept in both families, and a thread splitting and
 * merging regions, so kills land mid-split and mid-merge. After each restart: every acknowledged row is there with
 * both families, no row has one family without the other, the counter's two families agree, and the counter moved
 * by exactly the increments acknowledged in the round, plus at most the one whose answer the kill swallowed. The
 * counter is then read afresh, so that uncertainty never carries into the next round.
 */
final class MultiFamilyCrashLoad implements CrashScenario {
  private static final TableName TABLE = TableName.valueOf("crash_multi");
  private static final byte[] F = toBytes("f");
  private static final byte[] G = toBytes("g");
  private static final byte[] Q = toBytes("q");
  private static final byte[] COUNTER = toBytes("counter");
  private static final int WRITERS = 3;

  private final Queue<String> acknowledged = new ConcurrentLinkedQueue<>();
  /** The counter as read after the last restart: what the next round's increments add to. */
  private long counterAtRoundStart;
  private final AtomicLong incrementsThisRound = new AtomicLong();
  private final AtomicLong unansweredThisRound = new AtomicLong();
  private long incrementsVerified;
  private long unansweredTotal;
  private long unansweredApplied;

  @Override
  public TableName table() {
    return TABLE;
  }

  @Override
  public void create(Admin admin) throws IOException {
    TestTables.create(admin.getConnection(), TABLE, 1, new String[] {"f", "g"}, "w1", "w2");
  }

  @Override
  public List<Runnable> load(Connection connection, Admin admin, int round, AtomicBoolean stop) {
    incrementsThisRound.set(0);
    unansweredThisRound.set(0);
    List<Runnable> threads = new ArrayList<>();
    for (int w = 0; w < WRITERS; w++) {
      String prefix = "w" + w + "-r" + round + "-";
      threads.add(() -> writeRows(connection, prefix, stop));
    }
    threads.add(() -> increment(connection, stop));
    threads.add(() -> splitAndMerge(admin, stop));
    return threads;
  }

  private void writeRows(Connection connection, String prefix, AtomicBoolean stop) {
    try (Table table = connection.getTable(TABLE)) {
      for (int i = 0; !stop.get(); i++) {
        String row = prefix + i;
        byte[] value = toBytes(row);
        table.put(new Put(toBytes(row)).addColumn(F, Q, value).addColumn(G, Q, value));
        acknowledged.add(row);
      }
    } catch (IOException | RuntimeException e) {
      // The kill: from here on nothing is acknowledged, and the verification after the restart decides.
    }
  }

  private void increment(Connection connection, AtomicBoolean stop) {
    try (Table table = connection.getTable(TABLE)) {
      while (!stop.get()) {
        try {
          table.increment(new Increment(COUNTER).addColumn(F, Q, 1).addColumn(G, Q, 1));
          incrementsThisRound.incrementAndGet();
        } catch (IOException | RuntimeException e) {
          unansweredThisRound.incrementAndGet(); // may or may not have been applied before the kill
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
        try {
          Thread.sleep(50); // paces the next attempt; nothing waits for this
        } catch (InterruptedException interrupted) {
          Thread.currentThread().interrupt();
          return;
        }
      }
    }
  }

  @Override
  public void verify(Connection connection, int kill) throws IOException {
    try (Table table = connection.getTable(TABLE)) {
      CrashScenario.forEachRow(table, new ArrayList<>(acknowledged), (row, result) -> {
        assertArrayEquals(toBytes(row), result.getValue(F, Q), "acknowledged row " + row + " after kill " + kill);
        assertArrayEquals(toBytes(row), result.getValue(G, Q), "acknowledged row " + row + " whole after kill "
            + kill);
      });
      try (ResultScanner scanner = table.getScanner(new Scan().addFamily(F).addFamily(G))) {
        for (Result result : scanner) {
          if (!Bytes.equals(result.getRow(), COUNTER)) {
            assertArrayEquals(result.getValue(F, Q), result.getValue(G, Q),
                "row " + Bytes.toString(result.getRow()) + " torn across families after kill " + kill);
          }
        }
      }
      verifyCounter(table, kill);
    }
  }

  private void verifyCounter(Table table, int kill) throws IOException {
    Result counter = table.get(new Get(COUNTER));
    long f = counter.isEmpty() ? 0 : Bytes.toLong(counter.getValue(F, Q));
    long g = counter.isEmpty() ? 0 : Bytes.toLong(counter.getValue(G, Q));
    assertEquals(f, g, "the counter's families after kill " + kill);
    long acked = incrementsThisRound.get();
    long unanswered = unansweredThisRound.get();
    long least = counterAtRoundStart + acked;
    assertTrue(f >= least && f <= least + unanswered, "counter " + f + " after kill " + kill + ": it was "
        + counterAtRoundStart + " at the round's start, " + acked + " increments acknowledged since and "
        + unanswered + " unanswered");
    incrementsVerified += acked;
    unansweredTotal += unanswered;
    unansweredApplied += f - least;
    counterAtRoundStart = f;
  }

  @Override
  public int rowsAcknowledged() {
    return acknowledged.size();
  }

  long incrementsVerified() {
    return incrementsVerified;
  }

  @Override
  public String summary() {
    return acknowledged.size() + " acknowledged two-family rows and " + incrementsVerified
        + " acknowledged two-family increments verified after every restart (" + unansweredTotal
        + " increments unanswered at a kill, " + unansweredApplied + " of them applied)";
  }
}
