package io.basalt.storage.testing;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Loopback addresses for the Raft servers of in-JVM test clusters, on ports below the kernel's ephemeral range. A
 * port the kernel hands out as free ({@code new ServerSocket(0)}) lies inside that range, where any other socket
 * bound to port 0 and every outgoing connection may take it: between the pick and the bind, and again while a test
 * has a node stopped before restarting it on the same port. The module's tests run in two JVMs at once, each
 * starting and stopping clusters; in CI one of them ended during a three-node test with status 1, which in Ratis
 * 3.1.3 only its gRPC server failing to bind causes. Below the range only a socket bound to that very port can take it.
 */
public final class RaftPorts {
  private static final int LOWEST_PORT = 20_000;

  private RaftPorts() {}

  /** {@code count} distinct free loopback addresses. */
  public static List<InetSocketAddress> loopback(int count) throws IOException {
    int ceiling = ephemeralRangeStart();
    List<InetSocketAddress> addresses = new ArrayList<>();
    for (int tries = 0; addresses.size() < count; tries++) {
      if (tries > 10_000) {
        throw new IOException("found no free ports in [" + LOWEST_PORT + ", " + ceiling + ")");
      }
      int port = ThreadLocalRandom.current().nextInt(LOWEST_PORT, ceiling);
      InetSocketAddress address = new InetSocketAddress("127.0.0.1", port);
      if (!addresses.contains(address) && free(port)) {
        addresses.add(address);
      }
    }
    return addresses;
  }

  /** The first port of Linux's ephemeral range, or its default where the range cannot be read. */
  private static int ephemeralRangeStart() {
    try {
      String range = Files.readAllLines(Path.of("/proc/sys/net/ipv4/ip_local_port_range")).get(0);
      int start = Integer.parseInt(range.trim().split("\\s+")[0]);
      return start > LOWEST_PORT + 1000 && start <= 65535 ? start : 32_768;
    } catch (IOException | RuntimeException e) {
      return 32_768;
    }
  }

  /** Checked on the wildcard address, which Ratis's gRPC server binds whatever the member's address. */
  private static boolean free(int port) {
    try (ServerSocket socket = new ServerSocket()) {
      socket.bind(new InetSocketAddress(port));
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
