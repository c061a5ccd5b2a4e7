package io.basalt.conformance.harness;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Free ports for the processes a test starts, drawn below the kernel's ephemeral port range. A port the kernel
 * handed out as free ({@code new ServerSocket(0)}) lies inside that range, where every outgoing connection also
 * takes its local port: with three nodes starting at once (their ZooKeeper, gRPC and client connections), a full
 * build saw a node's election port taken that way between this check and the bind ("Address already in use",
 * ZooKeeper exiting with status 14), and the differential test's HBase failed to bind its RPC port so beside a
 * starting cluster. Below the range only a process binding that very port can take it. Checked on the wildcard
 * address, as the processes bind.
 */
public final class FreePorts {
  private static final int LOWEST_PORT = 20_000;

  private FreePorts() {}

  /**
   * {@code count} free ports P, each with its next {@code width - 1} ports free too (a Basalt node's ZooKeeper
   * quorum and election ports follow its cluster port), no two runs overlapping.
   */
  public static List<Integer> belowEphemeralRange(int count, int width) throws IOException {
    int ceiling = ephemeralRangeStart() - width;
    if (ceiling <= LOWEST_PORT) {
      throw new IOException("no room for ports below the ephemeral port range (" + (ceiling + width) + ")");
    }
    List<Integer> ports = new ArrayList<>();
    for (int tries = 0; ports.size() < count; tries++) {
      if (tries > 10_000) {
        throw new IOException("found no free ports in [" + LOWEST_PORT + ", " + ceiling + ")");
      }
      int port = ThreadLocalRandom.current().nextInt(LOWEST_PORT, ceiling);
      boolean clear = true;
      for (int taken : ports) {
        clear &= Math.abs(taken - port) >= width;
      }
      for (int i = 0; clear && i < width; i++) {
        clear = free(port + i);
      }
      if (clear) {
        ports.add(port);
      }
    }
    return ports;
  }

  /** One free port below the ephemeral range. */
  public static int belowEphemeralRange() throws IOException {
    return belowEphemeralRange(1, 1).get(0);
  }

  /**
   * The first port of Linux's ephemeral range (its default, 32768, where it cannot be read). Read by lines:
   * {@code Files.readString} of this procfs file returned its first character alone here ("3").
   */
  private static int ephemeralRangeStart() {
    try {
      List<String> lines = Files.readAllLines(Path.of("/proc/sys/net/ipv4/ip_local_port_range"));
      int start = Integer.parseInt(lines.get(0).trim().split("\\s+")[0]);
      return start > 1024 && start <= 65535 ? start : 32_768;
    } catch (IOException | RuntimeException e) {
      return 32_768;
    }
  }

  private static boolean free(int port) {
    try (ServerSocket socket = new ServerSocket()) {
      socket.bind(new InetSocketAddress(port));
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
