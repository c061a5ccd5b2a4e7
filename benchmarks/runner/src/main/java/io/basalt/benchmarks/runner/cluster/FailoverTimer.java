package io.basalt.benchmarks.runner.cluster;

import io.basalt.benchmarks.runner.Progress;
import io.basalt.benchmarks.runner.report.FailoverTimes;
import io.basalt.benchmarks.runner.servers.BasaltClusterUnderTest;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * How long a cluster's tablets are unwritable when the node leading them dies, as FailoverTimeTest measures it:
 * a table of six tablets, one stock client thread per tablet writing to it without pause (default client
 * settings, the quorum only), SIGKILL of the node that hbase:meta names as the leader of the most tablets, and for
 * each of those tablets the time from the kill to its thread's next acknowledged write. The node is then started
 * again on its data, and the next kill waits until every tablet has taken a write since.
 */
final class FailoverTimer {
  private static final TableName TABLE = TableName.valueOf("benchmark_failover");
  private static final byte[] FAMILY = Bytes.toBytes("f");
  private static final String[] TABLET_ROWS = {"a", "b", "c", "d", "e", "f"};
  private static final long UNWRITABLE_LIMIT_NANOS = 120_000_000_000L;
  private static final long POLL_MILLIS = 5;

  private final BasaltClusterUnderTest cluster;
  /** The moment the probes measure from: each records its first write completed after it. */
  private volatile long mark;
  private String failure;

  FailoverTimer(BasaltClusterUnderTest cluster) {
    this.cluster = cluster;
  }

  FailoverTimes measure(int kills) throws IOException, InterruptedException {
    try (Connection connection = ConnectionFactory.createConnection(
        BasaltClusterUnderTest.quorumOnly(cluster.zookeeperQuorum())); Admin admin = connection.getAdmin()) {
      byte[][] splits = new byte[TABLET_ROWS.length - 1][];
      for (int t = 1; t < TABLET_ROWS.length; t++) {
        splits[t - 1] = Bytes.toBytes(TABLET_ROWS[t]);
      }
      admin.createTable(TableDescriptorBuilder.newBuilder(TABLE)
          .setColumnFamily(ColumnFamilyDescriptorBuilder.of(FAMILY)).build(), splits);
      AtomicBoolean running = new AtomicBoolean(true);
      List<Throwable> errors = new CopyOnWriteArrayList<>();
      List<AtomicLong> firstAfterMark = new ArrayList<>();
      List<Thread> probes = new ArrayList<>();
      for (String row : TABLET_ROWS) {
        AtomicLong first = new AtomicLong();
        firstAfterMark.add(first);
        probes.add(new Thread(() -> probe(connection, row, first, running, errors), "failover-probe-" + row));
      }
      probes.forEach(Thread::start);
      List<FailoverTimes.Kill> measured = new ArrayList<>();
      try {
        for (int kill = 1; kill <= kills; kill++) {
          mark = System.nanoTime();
          awaitAllWrote(firstAfterMark, mark, errors);
          Map<Integer, List<Integer>> ledBy = leaders(connection);
          int victim = ledBy.entrySet().stream().max((a, b) -> a.getValue().size() - b.getValue().size())
              .orElseThrow().getKey();
          long killed = System.nanoTime();
          cluster.kill(victim);
          // Only writes completed once the process is gone count: one acknowledged by the dying leader is not a
          // failover. The time is still taken from the signal.
          mark = System.nanoTime();
          awaitAllWrote(firstAfterMark, mark, errors);
          List<Long> millis = new ArrayList<>();
          for (int tablet : ledBy.get(victim)) {
            millis.add((firstAfterMark.get(tablet).get() - killed) / 1_000_000);
          }
          long restarting = System.nanoTime();
          try {
            restart(victim);
          } catch (IOException e) {
            // The kill's times stand; without the node back the next kill would measure a cluster of one.
            measured.add(new FailoverTimes.Kill(victim, TABLET_ROWS.length, millis, -1));
            failure = "node " + victim + " did not start again after kill " + kill + " (" + firstLine(e) + ")";
            break;
          }
          FailoverTimes.Kill result = new FailoverTimes.Kill(victim, TABLET_ROWS.length, millis,
              (System.nanoTime() - restarting) / 1_000_000);
          measured.add(result);
          Progress.say("Failover %d/%d: %s", kill, kills, result.describe());
        }
      } finally {
        running.set(false);
        for (Thread probe : probes) {
          probe.join();
        }
      }
      if (!errors.isEmpty()) {
        throw new IOException("a writing client saw an error during the failovers", errors.get(0));
      }
      return new FailoverTimes(measured);
    }
  }

  /**
   * Why the kills stopped early, or null: a node that does not start again within the harness's minute (on this
   * shared machine a restart took 28-50 s with the load average at 10-50) ends the measurement with the kills made.
   */
  String failure() {
    return failure;
  }

  /** Starts the killed node again; on a loaded machine one start may miss the harness's deadline, so two tries. */
  private void restart(int node) throws IOException {
    try {
      cluster.restart(node);
    } catch (IOException first) {
      Progress.say("Node %d did not start again (%s); trying once more", node, firstLine(first));
      cluster.restart(node);
    }
  }

  static String firstLine(Throwable e) {
    String message = String.valueOf(e.getMessage());
    int newline = message.indexOf('\n');
    return newline < 0 ? message : message.substring(0, newline);
  }

  /**
   * Which node leads which of the table's tablets (by index in {@link #TABLET_ROWS}), as hbase:meta says: its
   * server column names the node serving the region, which is the tablet's Raft leader. The scan starts at the
   * table's first region's row ("table,,"), as the stock client's own meta scans do: in hbase:meta's order (HBase's
   * meta comparator, which Basalt follows) "table," sorts after "table,,&lt;region id&gt;", so a prefix scan from
   * "table," missed the first region.
   */
  private Map<Integer, List<Integer>> leaders(Connection connection) throws IOException {
    Map<Integer, List<Integer>> ledBy = new TreeMap<>();
    byte[] tablePrefix = Bytes.toBytes(TABLE + ",");
    try (Table meta = connection.getTable(TableName.META_TABLE_NAME);
        ResultScanner regions = meta.getScanner(new Scan().withStartRow(Bytes.toBytes(TABLE + ",,"))
            .addFamily(Bytes.toBytes("info")))) {
      for (Result region : regions) {
        if (!Bytes.startsWith(region.getRow(), tablePrefix)) {
          break;
        }
        RegionInfo info = RegionInfo.parseFromOrNull(region.getValue(Bytes.toBytes("info"),
            Bytes.toBytes("regioninfo")));
        byte[] server = region.getValue(Bytes.toBytes("info"), Bytes.toBytes("server"));
        if (info == null || server == null) {
          throw new IOException("hbase:meta row " + Bytes.toStringBinary(region.getRow())
              + " has no region info or no server");
        }
        String address = Bytes.toString(server);
        int node = cluster.nodeServing(Integer.parseInt(address.substring(address.lastIndexOf(':') + 1)));
        if (node == 0) {
          throw new IOException("hbase:meta names " + address + ", which is no node of the cluster");
        }
        ledBy.computeIfAbsent(node, n -> new ArrayList<>()).add(tabletOf(info.getStartKey()));
      }
    }
    int tablets = ledBy.values().stream().mapToInt(List::size).sum();
    if (tablets != TABLET_ROWS.length) {
      throw new IOException("hbase:meta lists " + tablets + " regions of " + TABLE + ", not " + TABLET_ROWS.length);
    }
    return ledBy;
  }

  private static int tabletOf(byte[] startKey) {
    String start = Bytes.toString(startKey);
    for (int t = TABLET_ROWS.length - 1; t >= 0; t--) {
      if (t == 0 || start.equals(TABLET_ROWS[t])) {
        return t;
      }
    }
    return 0;
  }

  /** Waits until every probe has completed a write after {@code since}; a tablet unwritable for minutes fails. */
  private static void awaitAllWrote(List<AtomicLong> firstAfterMark, long since, List<Throwable> errors)
      throws IOException, InterruptedException {
    long deadline = System.nanoTime() + UNWRITABLE_LIMIT_NANOS;
    for (AtomicLong first : firstAfterMark) {
      while (first.get() <= since) {
        if (!errors.isEmpty()) {
          throw new IOException("a writing client saw an error", errors.get(0));
        }
        if (System.nanoTime() > deadline) {
          throw new IOException("a tablet stayed unwritable for " + UNWRITABLE_LIMIT_NANOS / 1_000_000_000L + " s");
        }
        Thread.sleep(POLL_MILLIS);
      }
    }
  }

  /** Writes to one tablet without pause, recording its first write completed after the current mark. */
  private void probe(Connection connection, String tabletRow, AtomicLong firstAfterMark, AtomicBoolean running,
      List<Throwable> errors) {
    try (Table table = connection.getTable(TABLE)) {
      for (long i = 0; running.get(); i++) {
        table.put(new Put(Bytes.toBytes(tabletRow + i)).addColumn(FAMILY, FAMILY, Bytes.toBytes(i)));
        long completed = System.nanoTime();
        if (firstAfterMark.get() <= mark) {
          firstAfterMark.set(completed);
        }
      }
    } catch (Throwable e) {
      errors.add(e);
    }
  }
}
