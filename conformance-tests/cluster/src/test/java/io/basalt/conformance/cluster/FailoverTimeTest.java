package io.basalt.conformance.cluster;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.OwnCluster;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * How long a tablet is unwritable when the node leading it is killed, with default settings on both sides: one
 * stock client thread per tablet writes to it without pause, and for each tablet the killed node led, the time from
 * the SIGKILL to that thread's next acknowledged write is printed. The target is 5 s (an HBase region
 * server's failover takes tens of seconds); the assertion is only a failure detector well above it, since speed is
 * not checked by tests. It runs with {@code -Dbasalt.cluster.failover.times=true}: the figure is published by
 * {@code bin/benchmark --cluster}, which measures it the same way, and that writers go on after a leader's kill is
 * checked on every build by {@code ClusterKillTest}.
 */
@EnabledIfSystemProperty(named = "basalt.cluster.failover.times", matches = "true")
class FailoverTimeTest {
  private static final byte[] FAMILY = Bytes.toBytes("f");
  private static final TableName TABLE = TableName.valueOf("failover_time");
  private static final byte[][] SPLITS = {Bytes.toBytes("b"), Bytes.toBytes("c"), Bytes.toBytes("d"),
      Bytes.toBytes("e"), Bytes.toBytes("f")};
  private static final String[] TABLET_ROWS = {"a", "b", "c", "d", "e", "f"};
  private static final int KILLS = 2;

  @RegisterExtension
  static final OwnCluster NODES = OwnCluster.perClass("failover-time");
  /** When the last kill happened: each probe records when it first completed a write after it. */
  private static volatile long killMark;

  @Test
  void aKilledLeadersTabletsAreWritableAgainWithinSeconds() throws Exception {
    Configuration conf = ClusterClients.configuration(NODES.cluster());
    try (Connection connection = ConnectionFactory.createConnection(conf); Admin admin = connection.getAdmin()) {
      admin.createTable(TableDescriptorBuilder.newBuilder(TABLE)
          .setColumnFamily(ColumnFamilyDescriptorBuilder.of(FAMILY)).build(), SPLITS);
      AtomicBoolean running = new AtomicBoolean(true);
      List<Throwable> errors = new CopyOnWriteArrayList<>();
      List<AtomicLong> lastWrite = new ArrayList<>();
      List<Thread> probes = new ArrayList<>();
      for (String tabletRow : TABLET_ROWS) {
        AtomicLong last = new AtomicLong();
        lastWrite.add(last);
        probes.add(new Thread(() -> probe(connection, tabletRow, last, running, errors), "probe-" + tabletRow));
      }
      probes.forEach(Thread::start);
      List<String> report = new ArrayList<>();
      long worstMillis = 0;
      try (RegionLocator locator = connection.getRegionLocator(TABLE)) {
        for (int kill = 0; kill < KILLS; kill++) {
          killMark = System.nanoTime();
          awaitAllWrote(lastWrite, killMark, errors);
          TreeMap<Integer, List<Integer>> ledBy = new TreeMap<>();
          for (int t = 0; t < TABLET_ROWS.length; t++) {
            HRegionLocation location = locator.getRegionLocation(Bytes.toBytes(TABLET_ROWS[t]), true);
            ledBy.computeIfAbsent(nodeOf(location.getServerName().getPort()), node -> new ArrayList<>()).add(t);
          }
          int victim = ledBy.entrySet().stream().max((a, b) -> a.getValue().size() - b.getValue().size())
              .orElseThrow().getKey();
          killMark = System.nanoTime();
          NODES.cluster().kill(victim);
          long killedAt = killMark;
          awaitAllWrote(lastWrite, killedAt, errors);
          List<String> times = new ArrayList<>();
          for (int t : ledBy.get(victim)) {
            long millis = (lastWrite.get(t).get() - killedAt) / 1_000_000;
            worstMillis = Math.max(worstMillis, millis);
            times.add(TABLET_ROWS[t] + "=" + millis + " ms");
          }
          report.add("node " + victim + " (led " + ledBy.get(victim).size() + " of 6 tablets): " + times);
          NODES.cluster().restart(victim);
        }
      } finally {
        running.set(false);
        for (Thread probe : probes) {
          probe.join();
        }
      }
      System.out.println("Failover, SIGKILL to each of the killed node's tablets' next acknowledged write: "
          + report);
      assertTrue(errors.isEmpty(), "clients saw errors: " + errors);
      assertTrue(worstMillis < 30_000, "a tablet was unwritable for " + worstMillis + " ms: " + report);
    }
  }

  /** Waits until every probe has completed a write after {@code since}. */
  private static void awaitAllWrote(List<AtomicLong> lastWrite, long since, List<Throwable> errors)
      throws InterruptedException {
    long deadline = System.nanoTime() + 120_000_000_000L;
    for (AtomicLong last : lastWrite) {
      while (last.get() <= since) {
        if (!errors.isEmpty()) {
          throw new AssertionError("a client saw an error", errors.get(0));
        }
        if (System.nanoTime() > deadline) {
          throw new AssertionError("a tablet stayed unwritable for two minutes");
        }
        Thread.sleep(5); // polling interval of a condition wait
      }
    }
  }

  /**
   * Writes to one tablet without pause, recording when it first completed a write after the last kill: a write in
   * flight to the killed node completes once the client's retries reach the tablet's new leader.
   */
  private static void probe(Connection connection, String tabletRow, AtomicLong firstAfterKill,
      AtomicBoolean running, List<Throwable> errors) {
    try (Table table = connection.getTable(TABLE)) {
      for (long i = 0; running.get(); i++) {
        table.put(new Put(Bytes.toBytes(tabletRow + i)).addColumn(FAMILY, FAMILY, Bytes.toBytes(i)));
        long completed = System.nanoTime();
        if (firstAfterKill.get() <= killMark) {
          firstAfterKill.set(completed);
        }
      }
    } catch (Throwable e) {
      errors.add(e);
    }
  }

  private static int nodeOf(int rpcPort) {
    return NODES.cluster().nodeWithRpcPort(rpcPort);
  }
}
