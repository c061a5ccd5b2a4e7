package io.basalt.conformance.gateways;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.BasaltProcess;
import io.basalt.conformance.harness.FreePorts;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The gateways' JVM lives and dies with Basalt: it ends when Basalt is killed outright (no stop hook runs, only the
 * kernel closes its pipe), and a gateway that cannot bind its port stops Basalt's start with one line saying which
 * port and what to change. (A clean stop takes them down too: DistributionTest, through bin/basalt stop.)
 */
@ExtendWith(GatewayServersResolver.class)
class GatewayLifecycleTest {
  private static final String LAUNCHER = "io.basalt.gateways.GatewayMain";

  @Test
  void theGatewaysEndWhenBasaltIsKilled(GatewayServers servers) throws Exception {
    BasaltProcess basalt = GatewayServers.startBasalt(servers.work().resolve("killed"), "gateways-killed");
    ProcessHandle gateways;
    try {
      gateways = ProcessHandle.of(basalt.pid()).orElseThrow().children()
          .filter(child -> child.info().commandLine().orElse("").contains(LAUNCHER)).findFirst()
          .orElseThrow(() -> new AssertionError("Basalt runs no gateways' JVM"));
      assertTrue(gateways.isAlive());
    } finally {
      basalt.kill();
    }
    gateways.onExit().get(60, TimeUnit.SECONDS);
    assertFalse(gateways.isAlive(), "the gateways JVM outlived Basalt");
    int restPort = Integer.parseInt(basalt.gatewayAddress("rest").replaceFirst(".*:", ""));
    try (ServerSocket again = new ServerSocket()) {
      again.bind(new InetSocketAddress(restPort));
    }
  }

  @Test
  void aRestPortInUseStopsTheStartWithOneLineNamingTheOption(GatewayServers servers) throws Exception {
    int port = FreePorts.belowEphemeralRange();
    try (ServerSocket taken = new ServerSocket()) {
      taken.bind(new InetSocketAddress(port));
      Path dataDir = servers.work().resolve("taken");
      IOException failed = assertThrows(IOException.class, () -> GatewayServers.startBasalt(dataDir,
          "gateways-taken-port", "--rest-port", Integer.toString(port)));
      // (The harness's message shows the error line first, then the log's end, which has it too.)
      List<String> errors = failed.getMessage().lines().filter(line -> line.startsWith("basalt: error:"))
          .distinct().toList();
      assertEquals(1, errors.size(), failed.getMessage());
      assertTrue(errors.get(0).startsWith("basalt: error: the REST gateway cannot start on port " + port + ": "),
          errors.get(0));
      assertTrue(errors.get(0).endsWith("(another process holds the port); choose another with --rest-port or "
          + "hbase.rest.port"), errors.get(0));
      assertTrue(failed.getMessage().contains("exit status 1"), failed.getMessage());
    }
  }
}
