package io.basalt.server;

import io.basalt.server.config.BasaltConfig;
import io.basalt.server.config.ConfigException;
import io.basalt.server.config.Settings;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * {@code basalt start --local-cluster N}: N cluster nodes on this machine's loopback, each a child process of this
 * one started as an operator starts a node, for trying cluster mode out. Node i keeps its data in DIR/node-i and
 * logs to DIR/node-i.log; its ZooKeeper, RPC and info ports are the configured ones plus i-1 (each 0 = a free port,
 * the info port -1 = off), so are its REST and Thrift2 gateways' ports when the configuration runs them, and its
 * cluster port is a free one whose next two ports are free too. Each node's ready line is printed as it comes;
 * stopping this process stops them all.
 */
final class LocalCluster {
  private static final long STOP_WAIT_SECONDS = 60;
  /** The lowest cluster port drawn: above the well-known and registered services' usual ports. */
  private static final int LOWEST_CLUSTER_PORT = 20_000;

  private LocalCluster() {}

  /**
   * Starts the nodes and waits until this process is told to stop; returns the exit status. {@code atStop} runs
   * before a stop by a signal ends the process (the caller's own clean-up, such as its pid file).
   */
  static int run(int size, List<String> nodeArgs, BasaltConfig config, Runnable atStop) throws ConfigException,
      IOException, InterruptedException {
    Path root = config.dataDir();
    Files.createDirectories(root);
    int zookeeperBase = config.port(Settings.ZOOKEEPER_PORT);
    int rpcBase = config.port(Settings.RPC_PORT);
    int infoBase = config.port(Settings.INFO_PORT);
    int restBase = config.port(Settings.REST_PORT);
    int thriftBase = config.port(Settings.THRIFT_PORT);
    StringJoiner members = new StringJoiner(",");
    for (int port : freeClusterPorts(size)) {
      members.add("127.0.0.1:" + port);
    }
    List<Process> nodes = new ArrayList<>();
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      // Stopped by a signal: the nodes stop as each would alone, and this process exits as they did.
      int status = stopAll(nodes);
      atStop.run();
      Runtime.getRuntime().halt(status);
    }, "basalt-local-cluster-stop"));
    System.err.println("Starting a local cluster of " + size + " nodes; their logs are " + root.resolve("node-N.log"));
    for (int node = 1; node <= size; node++) {
      List<String> command = new ArrayList<>(javaCommand());
      command.add("start");
      command.addAll(nodeArgs);
      command.addAll(List.of("--node", String.valueOf(node), "--members", members.toString(),
          "--data-dir", root.resolve("node-" + node).toString(),
          "--zookeeper-port", String.valueOf(offset(zookeeperBase, node)),
          "--rpc-port", String.valueOf(offset(rpcBase, node)),
          "--info-port", String.valueOf(infoBase < 0 ? -1 : offset(infoBase, node)),
          "--hostname", "127.0.0.1"));
      if (restBase > 0) {
        command.addAll(List.of("--rest-port", String.valueOf(offset(restBase, node))));
      }
      if (thriftBase > 0) {
        command.addAll(List.of("--thrift-port", String.valueOf(offset(thriftBase, node))));
      }
      Process process = new ProcessBuilder(command)
          .redirectError(ProcessBuilder.Redirect.appendTo(root.resolve("node-" + node + ".log").toFile()))
          .start();
      synchronized (nodes) {
        nodes.add(process);
      }
      forwardReadyLine(node, process);
    }
    for (Process node : List.copyOf(nodes)) {
      int status = node.waitFor();
      if (status != 0) {
        System.err.println("basalt: a node of the local cluster exited with status " + status + "; see its log in "
            + root);
        return status;
      }
    }
    return 0;
  }

  private static int offset(int base, int node) {
    return base == 0 ? 0 : base + node - 1;
  }

  /** Prints the node's ready line when it comes, and keeps draining what else it prints. */
  private static void forwardReadyLine(int node, Process process) {
    Thread forward = new Thread(() -> {
      try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
          StandardCharsets.UTF_8))) {
        for (String line = out.readLine(); line != null; line = out.readLine()) {
          synchronized (System.out) {
            System.out.println(line);
            System.out.flush();
          }
        }
      } catch (IOException e) {
        // the node ended
      }
    }, "basalt-node-" + node + "-output");
    forward.setDaemon(true);
    forward.start();
  }

  /** This JVM's command line, to start each node as this process was started (minus class data archive writing). */
  private static List<String> javaCommand() {
    List<String> command = new ArrayList<>();
    command.add(ProcessHandle.current().info().command().orElse("java"));
    for (String option : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      // Three nodes writing one class data archive at exit would overwrite each other's.
      if (!option.startsWith("-XX:ArchiveClassesAtExit")) {
        command.add(option);
      }
    }
    command.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()));
    return command;
  }

  /** Stops every node with SIGTERM and waits; returns 0 if all stopped cleanly, else the first other status. */
  private static int stopAll(List<Process> nodes) {
    List<Process> running;
    synchronized (nodes) {
      running = List.copyOf(nodes);
    }
    running.forEach(Process::destroy);
    int status = 0;
    for (Process node : running) {
      try {
        if (!node.waitFor(STOP_WAIT_SECONDS, TimeUnit.SECONDS)) {
          node.destroyForcibly();
          status = status == 0 ? 1 : status;
        } else if (node.exitValue() != 0 && status == 0) {
          status = node.exitValue();
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return 1;
      }
    }
    return status;
  }

  /**
   * Free loopback ports P with P+1 and P+2 free too (each node's ZooKeeper quorum and election ports), drawn below
   * the kernel's ephemeral port range. A port the kernel hands out as free ({@code new ServerSocket(0)}) lies inside
   * that range, where every outgoing connection takes its local port too: three nodes starting at once open many (their
   * ZooKeeper, gRPC and client connections), and one may take a node's quorum or election port between this check
   * and the node's bind, leaving that node's ZooKeeper unable to start. Below the range only a process binding that
   * very port can take it. The test harness picks its ports the same way, for the same reason.
   */
  private static List<Integer> freeClusterPorts(int count) throws IOException {
    int ceiling = ephemeralRangeStart() - 3;
    List<Integer> ports = new ArrayList<>();
    for (int tries = 0; ports.size() < count; tries++) {
      if (tries > 10_000) {
        throw new IOException("found no three free ports in a row in [" + LOWEST_CLUSTER_PORT + ", " + ceiling + ")");
      }
      int port = ThreadLocalRandom.current().nextInt(LOWEST_CLUSTER_PORT, ceiling);
      boolean clashes = false;
      for (int taken : ports) {
        clashes |= Math.abs(taken - port) < 3;
      }
      if (!clashes && free(port) && free(port + 1) && free(port + 2)) {
        ports.add(port);
      }
    }
    return ports;
  }

  /** The first port of Linux's ephemeral range; its default, 32768, where it cannot be read. */
  private static int ephemeralRangeStart() {
    try {
      List<String> lines = Files.readAllLines(Path.of("/proc/sys/net/ipv4/ip_local_port_range"));
      int start = Integer.parseInt(lines.get(0).trim().split("\\s+")[0]);
      return start > LOWEST_CLUSTER_PORT + 1000 && start <= 65535 ? start : 32_768;
    } catch (IOException | RuntimeException e) {
      return 32_768;
    }
  }

  /** Checked on the wildcard address, which a node's Raft (gRPC) server binds whatever its member address. */
  private static boolean free(int port) {
    try (ServerSocket socket = new ServerSocket()) {
      socket.bind(new InetSocketAddress(port));
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
