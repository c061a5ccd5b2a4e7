package io.basalt.conformance.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.OwnCluster;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Nodes of a three-node cluster are killed with SIGKILL, in turn the leader of a written tablet, the active master
 * and a follower, while stock clients write rows across three families, increment counters and run check-and-mutate,
 * with the client's default retries, and a written region is split just before each kill (so a master may die in
 * the middle of a split). Afterwards every acknowledged write is there, no row is torn, every counter lies between
 * what was acknowledged and what was attempted, and no client saw an error. Each killed node is
 * restarted and the next kill waits until it serves again and has caught up: it hosts every tablet the others host,
 * each applied as far as theirs were when it came back. A kill before that would take a second replica of the
 * tablets split while it was away (it adds them as it catches up on the catalog, then installs them), and a group
 * with one replica of three cannot elect a leader; an operator restarting nodes one at a time waits the same way.
 * {@code -Dbasalt.cluster.kills=N} runs N kills (3 by default, one of each role; the long run is 100).
 */
class ClusterKillTest {
  private static final byte[][] FAMILIES = {Bytes.toBytes("a"), Bytes.toBytes("b"), Bytes.toBytes("c")};
  private static final byte[] QUALIFIER = Bytes.toBytes("q");
  private static final TableName TABLE = TableName.valueOf("kills");
  private static final int WRITERS = 3;
  /** One kill of each role by default: the build's time goes to the long run's property, not here. */
  private static final int KILLS = Integer.getInteger("basalt.cluster.kills", 3);
  /** Successful operations the writers must make after a kill before the killed node is restarted. */
  private static final int PROGRESS_AFTER_KILL = 30;

  @RegisterExtension
  static final OwnCluster NODES = OwnCluster.perClass("kills");

  @Test
  @Timeout(value = 3, unit = TimeUnit.HOURS) // the 100-kill run takes about an hour; each kill's waits have limits
  void killedNodesLoseNothingAcknowledged() throws Exception {
    Configuration conf = ClusterClients.configuration(NODES.cluster());
    try (Connection connection = ConnectionFactory.createConnection(conf); Admin admin = connection.getAdmin()) {
      TableDescriptorBuilder table = TableDescriptorBuilder.newBuilder(TABLE);
      for (byte[] family : FAMILIES) {
        table.setColumnFamily(ColumnFamilyDescriptorBuilder.of(family));
      }
      // Four tablets, so their leaders fall on different nodes.
      admin.createTable(table.build(), new byte[][] {Bytes.toBytes("w1"), Bytes.toBytes("w2"), Bytes.toBytes("x")});

      AtomicBoolean running = new AtomicBoolean(true);
      AtomicLong operations = new AtomicLong();
      List<Writer> writers = new ArrayList<>();
      List<Thread> threads = new ArrayList<>();
      for (int w = 0; w < WRITERS; w++) {
        Writer writer = new Writer(w, connection, running, operations);
        writers.add(writer);
        Thread thread = new Thread(writer, "writer-" + w);
        threads.add(thread);
        thread.start();
      }
      List<String> failovers = new ArrayList<>();
      List<String> splits = new CopyOnWriteArrayList<>();
      try (RegionLocator locator = connection.getRegionLocator(TABLE)) {
        for (int kill = 0; kill < KILLS; kill++) {
          awaitProgress(operations, PROGRESS_AFTER_KILL, writers);
          String role = switch (kill % 3) {
            case 0 -> "tablet leader";
            case 1 -> "active master";
            default -> "follower";
          };
          int victim = victim(role, admin, locator);
          long[] before = new long[WRITERS];
          for (int w = 0; w < WRITERS; w++) {
            before[w] = writers.get(w).done.get();
          }
          // A split of a written region, racing the kill: the master may die between fencing the region and
          // replacing it, and the writers must go on either way.
          Thread splitter = split(connection, writers.get(kill % WRITERS), splits);
          NODES.cluster().kill(victim);
          long killedAt = System.nanoTime();
          // Every writer touches its own tablet and the counters' one: once each has gone on, every tablet has.
          for (int w = 0; w < WRITERS; w++) {
            awaitWriter(writers.get(w), before[w] + 1, writers);
          }
          long resumedMillis = (System.nanoTime() - killedAt) / 1_000_000;
          failovers.add(role + " (node " + victim + "): " + resumedMillis + " ms");
          awaitProgress(operations, PROGRESS_AFTER_KILL, writers);
          NODES.cluster().restart(victim);
          awaitCaughtUp(victim, writers);
          splitter.join();
        }
      }
      awaitProgress(operations, PROGRESS_AFTER_KILL, writers);
      running.set(false);
      for (Thread thread : threads) {
        thread.join();
      }
      System.out.println("Kill to every writer's next acknowledged operation: " + failovers);
      System.out.println("Splits racing the kills: " + splits);
      try (RegionLocator locator = connection.getRegionLocator(TABLE)) {
        assertTrue(locator.getAllRegionLocations().size() > 4, "some split took effect: " + splits);
      }

      List<Throwable> errors = new ArrayList<>();
      writers.forEach(writer -> errors.addAll(writer.errors));
      assertTrue(errors.isEmpty(), "clients saw errors: " + errors);
      try (Table data = connection.getTable(TABLE)) {
        for (Writer writer : writers) {
          writer.verify(data);
        }
      }
    }
  }

  /**
   * Splits the region holding {@code writer}'s rows at a row it wrote, on a thread of its own with an admin of its
   * own; what became of the split (done, or the error of a master killed under it) is added to {@code outcomes}.
   */
  private static Thread split(Connection connection, Writer writer, List<String> outcomes) {
    byte[] row = writer.row(writer.acknowledgedRows.size() / 2);
    Thread splitter = new Thread(() -> {
      try (Admin admin = connection.getAdmin()) {
        admin.split(TABLE, row);
        outcomes.add("split at " + Bytes.toString(row));
      } catch (IOException | RuntimeException e) {
        outcomes.add("split at " + Bytes.toString(row) + " failed: " + e);
      }
    }, "splitter");
    splitter.start();
    return splitter;
  }

  /** Waits until the writers have made {@code count} more successful operations, or fails if they stall. */
  private static void awaitProgress(AtomicLong operations, long count, List<Writer> writers)
      throws InterruptedException {
    long target = operations.get() + Math.max(count, 1);
    long deadline = System.nanoTime() + 120_000_000_000L;
    while (operations.get() < target) {
      for (Writer writer : writers) {
        if (!writer.errors.isEmpty()) {
          throw new AssertionError("a client saw an error", writer.errors.get(0));
        }
      }
      if (System.nanoTime() > deadline) {
        reportStall(writers);
        throw new AssertionError("the writers made no progress for two minutes (see the test's output)");
      }
      Thread.sleep(10); // polling interval of a condition wait
    }
  }

  /** Waits until {@code writer} has completed {@code count} operations in all. */
  private static void awaitWriter(Writer writer, long count, List<Writer> writers) throws InterruptedException {
    long deadline = System.nanoTime() + 120_000_000_000L;
    while (writer.done.get() < count) {
      for (Writer each : writers) {
        if (!each.errors.isEmpty()) {
          throw new AssertionError("a client saw an error", each.errors.get(0));
        }
      }
      if (System.nanoTime() > deadline) {
        reportStall(writers);
        throw new AssertionError("writer " + writer.id + " made no progress for two minutes (see the test's output)");
      }
      Thread.sleep(5); // polling interval of a condition wait
    }
  }

  /**
   * Waits until node {@code node}, just restarted, hosts every tablet replica another live node hosts, each applied
   * at least as far as that node's was when the wait began; fails, reporting the stall, after two minutes.
   */
  private static void awaitCaughtUp(int node, List<Writer> writers) throws InterruptedException {
    int other = node % NODES.cluster().size() + 1;
    Map<String, ReplicaDigests.Replica> target = null;
    long deadline = System.nanoTime() + 120_000_000_000L;
    while (target == null || !caughtUp(replicasOrNull(node), target)) {
      if (System.nanoTime() > deadline) {
        reportStall(writers);
        throw new AssertionError("node " + node + " did not catch up with node " + other + " in two minutes");
      }
      if (target == null) {
        target = replicasOrNull(other);
      }
      Thread.sleep(200); // polling interval of a condition wait
    }
  }

  private static boolean caughtUp(Map<String, ReplicaDigests.Replica> replicas,
      Map<String, ReplicaDigests.Replica> target) {
    if (replicas == null) {
      return false;
    }
    for (Map.Entry<String, ReplicaDigests.Replica> wanted : target.entrySet()) {
      ReplicaDigests.Replica held = replicas.get(wanted.getKey());
      if (held == null || held.appliedIndex() < wanted.getValue().appliedIndex()) {
        return false;
      }
    }
    return true;
  }

  /** The node's tablet replicas, or null while it answers 503 (a replica of it starting or installing). */
  private static Map<String, ReplicaDigests.Replica> replicasOrNull(int node) {
    try {
      return ReplicaDigests.tabletReplicas(NODES.cluster(), node, false);
    } catch (IOException e) {
      return null;
    }
  }

  /**
   * Prints, for a stall, where each writer waits (its thread's stack: which call, to which region) and each live
   * node's view of its replicas (Raft role, leader, applied entry per group), so a failed long run can be explained.
   */
  private static void reportStall(List<Writer> writers) {
    for (Writer writer : writers) {
      System.out.println("Writer " + writer.id + " (" + writer.done.get() + " operations) is at:");
      Thread thread = writer.thread;
      if (thread != null) {
        for (StackTraceElement frame : thread.getStackTrace()) {
          System.out.println("    at " + frame);
        }
      }
    }
    for (int node = 1; node <= NODES.cluster().size(); node++) {
      try {
        System.out.println("Node " + node + " replicas: " + NODES.cluster().node(node).info("/replicas"));
      } catch (IOException | RuntimeException e) {
        System.out.println("Node " + node + " replicas: not answered (" + e + ")");
      }
    }
  }

  private static int victim(String role, Admin admin, RegionLocator locator) throws IOException {
    int master = nodeOf(admin.getClusterMetrics().getMasterName());
    HRegionLocation location = locator.getRegionLocation(Bytes.toBytes("w0"), true);
    int leader = nodeOf(location.getServerName());
    return switch (role) {
      case "tablet leader" -> leader;
      case "active master" -> master;
      default -> {
        for (int node = 1; node <= NODES.cluster().size(); node++) {
          if (node != leader && node != master) {
            yield node;
          }
        }
        yield leader % NODES.cluster().size() + 1;
      }
    };
  }

  private static int nodeOf(ServerName server) {
    assertNotNull(server);
    return NODES.cluster().nodeWithRpcPort(server.getPort());
  }

  /** One client thread: rows across all families, a counter, and a check-and-mutate chain, each acknowledged. */
  private static final class Writer implements Runnable {
    private final int id;
    private final Connection connection;
    private final AtomicBoolean running;
    private final AtomicLong operations;
    private final List<Throwable> errors = new CopyOnWriteArrayList<>();
    private final List<Integer> acknowledgedRows = Collections.synchronizedList(new ArrayList<>());
    private final AtomicLong done = new AtomicLong();
    private volatile Thread thread;
    private long incrementsAcknowledged;
    private long incrementsAttempted;
    private long casAcknowledged;

    Writer(int id, Connection connection, AtomicBoolean running, AtomicLong operations) {
      this.id = id;
      this.connection = connection;
      this.running = running;
      this.operations = operations;
    }

    @Override
    public void run() {
      thread = Thread.currentThread();
      try (Table table = connection.getTable(TABLE)) {
        for (int seq = 0; running.get(); seq++) {
          Put put = new Put(row(seq));
          for (byte[] family : FAMILIES) {
            put.addColumn(family, QUALIFIER, Bytes.toBytes(seq));
          }
          table.put(put);
          acknowledgedRows.add(seq);
          acknowledged();

          incrementsAttempted++;
          table.increment(new Increment(counterRow()).addColumn(FAMILIES[0], QUALIFIER, 1));
          incrementsAcknowledged++;
          acknowledged();

          byte[] expected = casAcknowledged == 0 ? null : Bytes.toBytes(casAcknowledged);
          boolean done = table.checkAndMutate(CheckAndMutate.newBuilder(casRow())
              .ifEquals(FAMILIES[1], QUALIFIER, expected)
              .build(new Put(casRow()).addColumn(FAMILIES[1], QUALIFIER, Bytes.toBytes(casAcknowledged + 1))))
              .isSuccess();
          if (done) {
            casAcknowledged++;
          } else {
            // A check-and-mutate retried across a failover after its first attempt was applied finds its own value
            // (HBase's nonces cover increments and appends, not check-and-mutate): anything else is a lost write.
            Result now = table.get(new Get(casRow()).addColumn(FAMILIES[1], QUALIFIER));
            long found = Bytes.toLong(now.getValue(FAMILIES[1], QUALIFIER));
            if (found != casAcknowledged + 1) {
              throw new AssertionError("writer " + id + "'s check-and-mutate chain is at " + found + " after "
                  + casAcknowledged + " acknowledged");
            }
            casAcknowledged = found;
          }
          acknowledged();
        }
      } catch (Throwable e) {
        errors.add(e);
      }
    }

    private void acknowledged() {
      done.incrementAndGet();
      operations.incrementAndGet();
    }

    void verify(Table table) throws IOException {
      for (int seq : new ArrayList<>(acknowledgedRows)) {
        Result result = table.get(new Get(row(seq)));
        for (byte[] family : FAMILIES) {
          assertArrayEquals(Bytes.toBytes(seq), result.getValue(family, QUALIFIER),
              "writer " + id + " row " + seq + " family " + Bytes.toString(family) + " (torn or lost)");
        }
      }
      long counter = Bytes.toLong(table.get(new Get(counterRow())).getValue(FAMILIES[0], QUALIFIER));
      assertTrue(counter >= incrementsAcknowledged && counter <= incrementsAttempted,
          "writer " + id + "'s counter " + counter + " outside [" + incrementsAcknowledged + ", "
              + incrementsAttempted + "]");
      long cas = Bytes.toLong(table.get(new Get(casRow())).getValue(FAMILIES[1], QUALIFIER));
      assertEquals(casAcknowledged, cas, "writer " + id + "'s check-and-mutate chain");
    }

    private byte[] row(int seq) {
      return Bytes.toBytes(String.format("w%d-%08d", id, seq));
    }

    private byte[] counterRow() {
      return Bytes.toBytes("x-counter-" + id);
    }

    private byte[] casRow() {
      return Bytes.toBytes("x-cas-" + id);
    }
  }
}
