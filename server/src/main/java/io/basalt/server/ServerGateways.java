package io.basalt.server;

import io.basalt.server.gateways.GatewayLaunch;
import io.basalt.server.gateways.GatewayProcess;
import io.basalt.server.gateways.GatewayStartException;
import java.time.Duration;

/**
 * HBase's REST and Thrift2 gateways started beside the process's server. Out of {@link Main}, which would otherwise
 * load the gateways' classes on every start (the JVM loads the exceptions a class catches when it verifies it): a
 * start without the gateways loads none of them, this class included.
 */
final class ServerGateways {
  private static final Duration START_TIMEOUT = Duration.ofSeconds(60);

  private ServerGateways() {}

  /** Starts them once {@code server} serves (they are its clients), or fails saying why in one line. */
  static GatewayProcess start(GatewayLaunch launch, BasaltServer server) throws StartupException,
      InterruptedException {
    try {
      return GatewayProcess.start(launch, server.zookeeperAddress(), START_TIMEOUT);
    } catch (GatewayStartException e) {
      throw new StartupException(e.getMessage(), e);
    }
  }
}
