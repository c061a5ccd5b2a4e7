package io.basalt.conformance.harness;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.IntFunction;

/**
 * A Basalt cluster of child processes on loopback, each started as an operator starts a node
 * ({@code --node ID --members ...}), with free ports and its data under {@code root/node-ID}. Nodes can be killed
 * (SIGKILL), stopped and continued (SIGSTOP, SIGCONT), restarted on their data, or restarted wiped.
 */
public final class BasaltCluster implements BasaltTarget, AutoCloseable {
  /** The lowest port tests draw cluster ports from: above the well-known and most services' fixed ports. */

  private final Path root;
  private final String logPrefix;
  private final List<Integer> clusterPorts;
  private final String members;
  private final BasaltProcess[] nodes;
  private final int[] zookeeperPorts;
  private final String[] extraArgs;
  private final IntFunction<List<String>> jvmOptions;

  private BasaltCluster(Path root, String logPrefix, List<Integer> clusterPorts, IntFunction<List<String>> jvmOptions,
      String[] extraArgs) {
    this.root = root;
    this.logPrefix = logPrefix;
    this.clusterPorts = clusterPorts;
    StringJoiner list = new StringJoiner(",");
    clusterPorts.forEach(port -> list.add("127.0.0.1:" + port));
    this.members = list.toString();
    this.nodes = new BasaltProcess[clusterPorts.size()];
    this.zookeeperPorts = new int[clusterPorts.size()];
    this.extraArgs = extraArgs;
    this.jvmOptions = jvmOptions;
  }

  /** Starts {@code size} nodes at once (each waits for the others to form its ZooKeeper quorum) and waits for all. */
  public static BasaltCluster start(Path root, int size, String logPrefix, String... extraArgs) throws IOException {
    return startWithJvmOptions(root, size, logPrefix, List.of(), extraArgs);
  }

  /** As {@link #start}, with these options for every node's JVM (its Kerberos configuration, say). */
  public static BasaltCluster startWithJvmOptions(Path root, int size, String logPrefix, List<String> jvmOptions,
      String... extraArgs) throws IOException {
    List<String> options = List.copyOf(jvmOptions);
    return startWithNodeJvmOptions(root, size, logPrefix, node -> options, extraArgs);
  }

  /** As {@link #start}, with JVM options of each node's own (by its 1-based id). */
  static BasaltCluster startWithNodeJvmOptions(Path root, int size, String logPrefix,
      IntFunction<List<String>> jvmOptions, String... extraArgs) throws IOException {
    BasaltCluster cluster = new BasaltCluster(root, logPrefix, FreePorts.belowEphemeralRange(size, 3), jvmOptions,
        extraArgs);
    List<CompletableFuture<BasaltProcess>> starting = new ArrayList<>();
    for (int node = 1; node <= size; node++) {
      int id = node;
      starting.add(CompletableFuture.supplyAsync(() -> {
        try {
          return cluster.launch(id, 0);
        } catch (IOException e) {
          throw new CompletionException(e);
        }
      }));
    }
    IOException failure = null;
    for (int node = 1; node <= size; node++) {
      try {
        cluster.nodes[node - 1] = starting.get(node - 1).join();
        cluster.zookeeperPorts[node - 1] = cluster.nodes[node - 1].zookeeperPort();
      } catch (CompletionException e) {
        failure = failure == null ? new IOException("node " + node + " did not start", e.getCause()) : failure;
      }
    }
    if (failure != null) {
      cluster.close();
      throw failure;
    }
    return cluster;
  }

  private BasaltProcess launch(int node, int zookeeperPort) throws IOException {
    return launch(List.of(), node, zookeeperPort, List.of());
  }

  private BasaltProcess launch(List<String> launcher, int node, int zookeeperPort, List<String> moreArgs)
      throws IOException {
    List<String> args = new ArrayList<>(List.of("--node", String.valueOf(node), "--members", members,
        "--zookeeper-port", String.valueOf(zookeeperPort)));
    args.addAll(List.of(extraArgs));
    args.addAll(moreArgs);
    return BasaltProcess.startWith(launcher, jvmOptions.apply(node), dataDir(node), logPrefix + "-node" + node,
        args.toArray(String[]::new));
  }

  public int size() {
    return nodes.length;
  }

  /** Node {@code id} (1-based) as last started. */
  /**
   * The node whose RPC server listens on {@code port} (a region's location, as hbase:meta or a client names it).
   *
   * @throws AssertionError if none does
   */
  public int nodeWithRpcPort(int port) {
    for (int node = 1; node <= nodes.length; node++) {
      if (nodes[node - 1] != null && nodes[node - 1].rpcAddress().endsWith(":" + port)) {
        return node;
      }
    }
    throw new AssertionError("no node serves RPC port " + port + " among " + rpcAddresses());
  }

  public BasaltProcess node(int id) {
    return nodes[id - 1];
  }

  public Path dataDir(int node) {
    return root.resolve("node-" + node);
  }

  /** {@code hbase.zookeeper.quorum} for stock clients: every node's ZooKeeper client address. */
  @Override
  public String zookeeperQuorum() {
    StringJoiner quorum = new StringJoiner(",");
    for (int port : zookeeperPorts) {
      quorum.add("127.0.0.1:" + port);
    }
    return quorum.toString();
  }

  /** The nodes' RPC addresses, for RPC-registry clients' bootstrap servers. */
  @Override
  public List<String> rpcAddresses() {
    List<String> servers = new ArrayList<>();
    for (BasaltProcess node : nodes) {
      if (node != null) {
        servers.add(node.rpcAddress());
      }
    }
    return servers;
  }

  /** SIGKILL, as a crash. */
  public void kill(int node) throws InterruptedException {
    nodes[node - 1].kill();
  }

  /** Starts a killed or stopped node again on its data directory and its ZooKeeper port; waits until it is ready. */
  public BasaltProcess restart(int node) throws IOException {
    nodes[node - 1] = launch(node, zookeeperPorts[node - 1]);
    return nodes[node - 1];
  }

  /**
   * Starts a killed or stopped node again on its data directory through {@code launcher} (a command that ends by
   * running the rest of the command line in its own process, see {@link BasaltProcess#startWith}), such as one
   * mounting a small volume for it; waits until it is ready.
   */
  public BasaltProcess restartThrough(int node, List<String> launcher) throws IOException {
    nodes[node - 1] = launch(launcher, node, zookeeperPorts[node - 1], List.of());
    return nodes[node - 1];
  }

  /**
   * Starts a killed or stopped node again on its data directory with {@code moreArgs} after the cluster's own (a
   * {@code --config} of its own, say); waits until it is ready.
   */
  public BasaltProcess restartWith(int node, String... moreArgs) throws IOException {
    nodes[node - 1] = launch(List.of(), node, zookeeperPorts[node - 1], List.of(moreArgs));
    return nodes[node - 1];
  }

  /** Starts a killed or stopped node again with an empty data directory. */
  public BasaltProcess restartWiped(int node) throws IOException {
    BasaltServerExtension.deleteRecursively(dataDir(node));
    return restart(node);
  }

  /** SIGSTOP: the node stops dead, its sockets open, as in a long pause. */
  public void suspend(int node) throws IOException, InterruptedException {
    signal(node, "STOP");
  }

  /** SIGCONT after {@link #suspend}. */
  public void resume(int node) throws IOException, InterruptedException {
    signal(node, "CONT");
  }

  private void signal(int node, String signal) throws IOException, InterruptedException {
    Process kill = new ProcessBuilder("kill", "-" + signal, String.valueOf(nodes[node - 1].pid()))
        .inheritIO().start();
    if (kill.waitFor() != 0) {
      throw new IOException("kill -" + signal + " of node " + node + " failed");
    }
  }

  @Override
  public void close() throws IOException {
    IOException failure = null;
    for (BasaltProcess node : nodes) {
      if (node == null) {
        continue;
      }
      try {
        if (node.isAlive()) {
          // A suspended node would never see SIGTERM: continue it first.
          new ProcessBuilder("kill", "-CONT", String.valueOf(node.pid())).start().waitFor();
        }
        node.kill();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        failure = new IOException("interrupted while stopping the cluster", e);
      }
    }
    if (failure != null) {
      throw failure;
    }
  }
}
