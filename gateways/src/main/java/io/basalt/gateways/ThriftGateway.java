package io.basalt.gateways;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.thrift2.ThriftServer;

/**
 * HBase's Thrift2 server ({@code org.apache.hadoop.hbase.thrift2.ThriftServer}, the class {@code hbase thrift2}
 * runs), unchanged, with whatever server type, transport and protocol its {@code hbase.regionserver.thrift.*}
 * properties choose. Its {@code run()} sets the server up (binding the port, for every socket server type) and then
 * serves until stopped, so it runs on a thread of its own; the start returns once that setup is done and the port
 * accepts a connection, or fails with what ended {@code run()} first (a port in use, say).
 */
final class ThriftGateway implements Gateway {
  static final String PORT = "hbase.regionserver.thrift.port";
  static final String BIND_ADDRESS = "hbase.regionserver.thrift.ipaddress";
  static final String INFO_PORT = "hbase.thrift.info.port";
  private static final String DEFAULT_BIND_ADDRESS = "0.0.0.0";
  private static final int PROBE_TIMEOUT_MILLIS = 500;
  private static final long POLL_MILLIS = 20;

  private final ThriftServer server;
  private final int port;

  private ThriftGateway(ThriftServer server, int port) {
    this.server = server;
    this.port = port;
  }

  static ThriftGateway start(Configuration conf, Duration timeout) throws Exception {
    ThriftServer server = new ThriftServer(conf);
    CompletableFuture<Integer> serving = new CompletableFuture<>();
    Thread thread = new Thread(() -> {
      try {
        serving.complete(server.run());
      } catch (Throwable e) {
        serving.completeExceptionally(e);
      }
    }, "thrift2-gateway");
    thread.setDaemon(true);
    thread.start();
    int port = conf.getInt(PORT, -1);
    InetSocketAddress probe = new InetSocketAddress(dialAddress(conf.get(BIND_ADDRESS, DEFAULT_BIND_ADDRESS)), port);
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      if (serving.isDone()) {
        // run() ended before it served: with its exception (a port in use, say), or with -1 for a failure it logged.
        int status;
        try {
          status = serving.get();
        } catch (ExecutionException e) {
          throw e.getCause() instanceof Exception cause ? cause : e;
        }
        throw new IOException("HBase's Thrift2 server stopped before it served, with status " + status
            + "; its log lines above say why");
      }
      // Only once the server is set up is the port its own: before, another process holding it would answer.
      if ((server.getTserver() != null || server.getHttpServer() != null) && accepts(probe)) {
        return new ThriftGateway(server, port);
      }
      if (System.nanoTime() > deadline) {
        server.stop();
        throw new TimeoutException("HBase's Thrift2 server did not accept connections on " + probe + " within "
            + timeout.toSeconds() + " s");
      }
      TimeUnit.MILLISECONDS.sleep(POLL_MILLIS);
    }
  }

  /** Where to reach a server bound to {@code bindAddress} from this host: loopback for the wildcard address. */
  private static InetAddress dialAddress(String bindAddress) throws IOException {
    InetAddress address = InetAddress.getByName(bindAddress);
    return address.isAnyLocalAddress() ? InetAddress.getLoopbackAddress() : address;
  }

  /** A connection closed before it sends anything: HBase's default thread pool server drops it without a word. */
  private static boolean accepts(InetSocketAddress address) {
    try (Socket socket = new Socket()) {
      socket.connect(address, PROBE_TIMEOUT_MILLIS);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  @Override
  public String name() {
    return "Thrift2";
  }

  @Override
  public int port() {
    return port;
  }

  /**
   * Stops accepting connections. Its serving thread then waits for the calls in flight and, whatever happened, five
   * seconds more (HBase's thread pool server does so after every stop); like HBase's own daemon, which exits from a
   * shutdown hook as soon as it has told the server to stop, the gateways do not wait for it.
   */
  @Override
  public void stop() {
    server.stop();
  }
}
