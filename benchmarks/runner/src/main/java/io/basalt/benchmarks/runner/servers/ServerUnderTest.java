package io.basalt.benchmarks.runner.servers;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** A running server the benchmark clients are pointed at: Basalt, real HBase, or a cluster of Basalt nodes. */
public interface ServerUnderTest extends AutoCloseable {
  /** How reports name it. */
  String name();

  /** Its name as a part of a log file's name: "basalt", "hbase-tls", "3-node-cluster". */
  default String fileName() {
    return name().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "");
  }

  /** The process id of the server JVM (of its first node, for a cluster: see {@link #pids}). */
  long pid();

  /** Every process serving it, whose CPU and memory together are what it costs: one, or a cluster's nodes. */
  default List<Long> pids() {
    return List.of(pid());
  }

  /** Where clients find it: the ZooKeeper quorum host and client port (a cluster's first node's). */
  String zookeeperHost();

  int zookeeperPort();

  /**
   * {@code hbase.zookeeper.quorum} for a client that is told nothing else: {@code host:port}, or every node's,
   * comma separated, for a cluster.
   */
  default String zookeeperQuorum() {
    return zookeeperHost() + ":" + zookeeperPort();
  }

  /**
   * What a stock client sets besides the quorum to be served: nothing for a plaintext server; for one serving TLS
   * only, the client's TLS properties (its trust store and its own certificate).
   */
  default Map<String, String> clientProperties() {
    return Map.of();
  }

  /** From process launch to the first put a stock client saw acknowledged. */
  Duration launchToFirstPut();

  /** Where the server writes its log. */
  String log();

  /** What this server logged, since its launch: the log file may hold earlier runs too. */
  List<String> logLines() throws IOException;

  @Override
  void close() throws IOException;
}
