package io.basalt.conformance.cluster;

import io.basalt.conformance.harness.BasaltCluster;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;

/**
 * Compares the nodes' replicas of each tablet through their info ports ({@code /replicas?digest=true}): they hold
 * the same rows when, at the same applied index, their digests are equal.
 */
final class ReplicaDigests {
  /** One replica in the {@code /replicas} answer (its fields in the order the server writes them). */
  private static final Pattern REPLICA = Pattern.compile("\\{\"group\":\"([^\"]+)\",\"replicates\":\"([^\"]*)\","
      + "\"role\":\"([^\"]+)\",(?:\"digest\":\"([^\"]*)\",)?\"appliedIndex\":(-?\\d+)}");
  private static final Pattern TABLET_INSTALLS = Pattern.compile("\"tabletInstalls\":(\\d+)");

  /** A tablet's replica on one node. */
  record Replica(String replicates, String role, long appliedIndex, String digest) {}

  private ReplicaDigests() {}

  /** {@link #awaitSame} for every tablet of every table {@code admin} lists. */
  static Map<String, Replica> awaitSameForAllTables(BasaltCluster cluster, Admin admin, long timeoutMillis)
      throws IOException, InterruptedException {
    int tablets = 0;
    for (TableName table : admin.listTableNames()) {
      tablets += admin.getRegions(table).size();
    }
    return awaitSame(cluster, tablets, timeoutMillis);
  }

  /**
   * Polls every node's tablet replicas until, for each of {@code tablets} tablets, all nodes' replicas are at the
   * same applied index with the same digest; returns node 1's, by group id. Fails with the last answers at the
   * deadline.
   */
  static Map<String, Replica> awaitSame(BasaltCluster cluster, int tablets, long timeoutMillis)
      throws IOException, InterruptedException {
    long deadline = System.currentTimeMillis() + timeoutMillis;
    Object last = List.of();
    while (System.currentTimeMillis() < deadline) {
      List<Map<String, Replica>> nodes = new ArrayList<>();
      try {
        for (int node = 1; node <= cluster.size(); node++) {
          nodes.add(tabletReplicas(cluster, node));
        }
      } catch (IOException e) {
        // A node answering 503 while one of its replicas starts or installs: asked again.
        last = e.toString();
        Thread.sleep(500); // polling interval
        continue;
      }
      last = nodes;
      if (agree(nodes, tablets)) {
        return nodes.get(0);
      }
      Thread.sleep(500); // polling interval, not a synchronization: the condition is checked again
    }
    throw new AssertionError("the replicas did not reach the same rows within " + timeoutMillis + " ms: " + last);
  }

  private static boolean agree(List<Map<String, Replica>> nodes, int tablets) {
    Map<String, Replica> first = nodes.get(0);
    if (first.size() != tablets) {
      return false;
    }
    for (Map<String, Replica> other : nodes.subList(1, nodes.size())) {
      if (!other.keySet().equals(first.keySet())) {
        return false;
      }
      for (Map.Entry<String, Replica> replica : first.entrySet()) {
        Replica mine = replica.getValue();
        Replica theirs = other.get(replica.getKey());
        if (mine.appliedIndex() != theirs.appliedIndex() || mine.digest() == null
            || !mine.digest().startsWith("sha256:") || !mine.digest().equals(theirs.digest())) {
          return false;
        }
      }
    }
    return true;
  }

  /** Node {@code node}'s tablet replicas with their digests, by group id. */
  static Map<String, Replica> tabletReplicas(BasaltCluster cluster, int node) throws IOException {
    return tabletReplicas(cluster, node, true);
  }

  /** Node {@code node}'s tablet replicas by group id, with their digests if {@code digests} (else null). */
  static Map<String, Replica> tabletReplicas(BasaltCluster cluster, int node, boolean digests) throws IOException {
    Map<String, Replica> replicas = new HashMap<>();
    Matcher matcher = REPLICA.matcher(cluster.node(node).info(digests ? "/replicas?digest=true" : "/replicas"));
    while (matcher.find()) {
      if (matcher.group(2).startsWith("tablet")) {
        replicas.put(matcher.group(1), new Replica(matcher.group(2), matcher.group(3),
            Long.parseLong(matcher.group(5)), matcher.group(4)));
      }
    }
    return replicas;
  }

  /** Tablet installs node {@code node} reports on {@code /status}, or -1 if it reports none. */
  static long tabletInstalls(BasaltCluster cluster, int node) throws IOException {
    Matcher matcher = TABLET_INSTALLS.matcher(cluster.node(node).status());
    return matcher.find() ? Long.parseLong(matcher.group(1)) : -1;
  }
}
