package io.basalt.benchmarks.runner.servers;

import io.basalt.conformance.harness.BasaltCluster;
import io.basalt.conformance.harness.BasaltProcess;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;

/**
 * A Basalt cluster of node processes on loopback, as the conformance harness starts one ({@code --node ID --members
 * ...} per node, free ports, Basalt's default settings): one server to the clients, which are given only the
 * ZooKeeper quorum of every node. Its cost is the sum over its nodes. Nodes can be killed and restarted, for the
 * failover measurement.
 */
public final class BasaltClusterUnderTest implements ServerUnderTest {
  private static final Duration FIRST_PUT_TIMEOUT = Duration.ofMinutes(2);

  private final String name;
  private final BasaltCluster cluster;
  private final Duration launchToFirstPut;

  private BasaltClusterUnderTest(String name, BasaltCluster cluster, Duration launchToFirstPut) {
    this.name = name;
    this.cluster = cluster;
    this.launchToFirstPut = launchToFirstPut;
  }

  /** Starts {@code size} nodes with their data under {@code root} and waits for a put through the quorum. */
  public static BasaltClusterUnderTest start(String name, Path root, int size, String logPrefix)
      throws IOException, InterruptedException {
    long launched = System.nanoTime();
    BasaltCluster cluster = BasaltCluster.start(root, size, logPrefix);
    try {
      FirstPutProbe.awaitFirstPut(quorumOnly(cluster.zookeeperQuorum()), () -> allAlive(cluster),
          FIRST_PUT_TIMEOUT, "the node logs " + logPrefix + "-node*.log");
    } catch (IOException | InterruptedException e) {
      cluster.close();
      throw e;
    }
    return new BasaltClusterUnderTest(name, cluster, Duration.ofNanos(System.nanoTime() - launched));
  }

  /** Client settings naming nothing but the quorum, each member with its port. */
  public static Configuration quorumOnly(String quorum) {
    Configuration conf = HBaseConfiguration.create();
    conf.set("hbase.zookeeper.quorum", quorum);
    return conf;
  }

  private static boolean allAlive(BasaltCluster cluster) {
    for (int node = 1; node <= cluster.size(); node++) {
      if (!cluster.node(node).isAlive()) {
        return false;
      }
    }
    return true;
  }

  public int size() {
    return cluster.size();
  }

  /** The node (1-based) whose RPC port is {@code rpcPort}, as hbase:meta names a region's server; 0 if none. */
  public int nodeServing(int rpcPort) {
    for (int node = 1; node <= cluster.size(); node++) {
      if (cluster.node(node).rpcAddress().endsWith(":" + rpcPort)) {
        return node;
      }
    }
    return 0;
  }

  /** SIGKILL of one node, as a crash; returns once the process is gone. */
  public void kill(int node) throws InterruptedException {
    cluster.kill(node);
  }

  /** Starts a killed node again on its data and ports; returns once it is ready. */
  public void restart(int node) throws IOException {
    cluster.restart(node);
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public long pid() {
    return cluster.node(1).pid();
  }

  @Override
  public List<Long> pids() {
    List<Long> pids = new ArrayList<>();
    for (int node = 1; node <= cluster.size(); node++) {
      pids.add(cluster.node(node).pid());
    }
    return pids;
  }

  @Override
  public String zookeeperHost() {
    return cluster.node(1).zookeeperHost();
  }

  @Override
  public int zookeeperPort() {
    return cluster.node(1).zookeeperPort();
  }

  @Override
  public String zookeeperQuorum() {
    return cluster.zookeeperQuorum();
  }

  @Override
  public Duration launchToFirstPut() {
    return launchToFirstPut;
  }

  @Override
  public String log() {
    StringJoiner logs = new StringJoiner(", ");
    for (int node = 1; node <= cluster.size(); node++) {
      logs.add(cluster.node(node).log().toAbsolutePath().toString());
    }
    return logs.toString();
  }

  /** Every node's lines since its last start, each prefixed with its node. */
  @Override
  public List<String> logLines() throws IOException {
    List<String> lines = new ArrayList<>();
    for (int node = 1; node <= cluster.size(); node++) {
      BasaltProcess process = cluster.node(node);
      for (String line : process.logLines()) {
        lines.add("node" + node + " " + line);
      }
    }
    return lines;
  }

  @Override
  public void close() throws IOException {
    cluster.close();
  }
}
