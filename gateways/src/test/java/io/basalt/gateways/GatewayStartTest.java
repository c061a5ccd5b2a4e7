package io.basalt.gateways;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.Properties;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/**
 * HBase's own servers, started as the launcher starts them, on a port another socket holds: the start fails with
 * the bind error, told in one line that says the port was taken. (Their start needs no HBase to connect to: both
 * connect on the first request.)
 */
class GatewayStartTest {
  @Test
  void theRestServerOnATakenPortFailsSayingSo() throws IOException {
    try (ServerSocket taken = takenPort()) {
      Exception failure = assertThrows(Exception.class,
          () -> RestGateway.start(conf(RestGateway.PORT, RestGateway.BIND_ADDRESS, taken.getLocalPort())));
      assertTrue(StartFailure.portTaken(failure), StartFailure.describe(failure));
      assertTrue(StartFailure.describe(failure).endsWith(StartFailure.PORT_TAKEN), StartFailure.describe(failure));
    }
  }

  @Test
  void theThriftServerOnATakenPortFailsSayingSo() throws IOException {
    try (ServerSocket taken = takenPort()) {
      Exception failure = assertThrows(Exception.class, () -> ThriftGateway.start(
          conf(ThriftGateway.PORT, ThriftGateway.BIND_ADDRESS, taken.getLocalPort()), Duration.ofSeconds(60)));
      assertTrue(StartFailure.portTaken(failure), StartFailure.describe(failure));
    }
  }

  @Test
  void aFailureIsTheMessagesOfItsCausesEachSaidOnce() {
    IOException wrapped = new IOException("Failed to bind to /127.0.0.1:8080",
        new java.net.BindException("Address already in use"));
    RuntimeException outer = new RuntimeException(wrapped.toString(), wrapped);
    assertEquals("java.io.IOException: Failed to bind to /127.0.0.1:8080: Address already in use "
        + StartFailure.PORT_TAKEN, StartFailure.describe(outer));
    assertEquals("NullPointerException", StartFailure.describe(new NullPointerException()));
  }

  private static ServerSocket takenPort() throws IOException {
    ServerSocket socket = new ServerSocket();
    socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
    return socket;
  }

  private static Configuration conf(String portKey, String bindKey, int port) {
    Properties properties = new Properties();
    properties.setProperty(portKey, Integer.toString(port));
    properties.setProperty(bindKey, "127.0.0.1");
    properties.setProperty(RestGateway.INFO_PORT, "-1");
    properties.setProperty(ThriftGateway.INFO_PORT, "-1");
    properties.setProperty("hbase.zookeeper.quorum", "127.0.0.1:1");
    return LaunchProperties.hbaseConfiguration(properties);
  }
}
