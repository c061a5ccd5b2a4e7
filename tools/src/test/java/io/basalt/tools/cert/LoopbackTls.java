package io.basalt.tools.cert;

import static java.util.concurrent.TimeUnit.MILLISECONDS;

import java.io.EOFException;
import java.io.IOException;
import java.net.InetAddress;
import java.util.concurrent.CompletableFuture;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import org.apache.hbase.thirdparty.io.netty.buffer.UnpooledByteBufAllocator;
import org.apache.hbase.thirdparty.io.netty.handler.ssl.JdkSslContext;
import org.apache.hbase.thirdparty.io.netty.handler.ssl.SslContext;

/**
 * A real TLS connection over the loopback interface between a server and a client context made by HBase's
 * {@code X509Util}: the server accepts on 127.0.0.1, the client connects, and one byte goes each way, so both sides
 * have checked each other's certificates whatever the TLS version. The sockets come from the contexts' own
 * {@link SSLContext}, with the SSL parameters (client authentication, protocols, cipher suites) copied from an
 * engine the same Netty context makes, so HBase's settings apply as they would on its RPC port.
 */
final class LoopbackTls {
  /** Long enough for a loaded machine; only reached when a side hangs, which is a failure anyway. */
  private static final int TIMEOUT_MILLIS = 30_000;
  private static final int PROBE = 42;

  /** What each side saw: null when its part completed, else the exception that stopped it. */
  record Outcome(Throwable server, Throwable client) {
    boolean connected() {
      return server == null && client == null;
    }

    @Override
    public String toString() {
      return "server: " + server + ", client: " + client;
    }
  }

  private LoopbackTls() {
  }

  /** The server's SSL parameters, as HBase's context sets them on each connection. */
  static SSLParameters serverParameters(SslContext server) {
    return server.newEngine(UnpooledByteBufAllocator.DEFAULT).getSSLParameters();
  }

  static Outcome connect(SslContext server, SslContext client) throws Exception {
    InetAddress loopback = InetAddress.getByName("127.0.0.1");
    try (SSLServerSocket listener = (SSLServerSocket) jdk(server).getServerSocketFactory()
        .createServerSocket(0, 1, loopback)) {
      listener.setSSLParameters(serverParameters(server));
      listener.setSoTimeout(TIMEOUT_MILLIS);
      CompletableFuture<Throwable> served = CompletableFuture.supplyAsync(() -> serve(listener),
          task -> new Thread(task, "loopback-tls-server").start());
      Throwable clientError = call(client, loopback, listener.getLocalPort());
      return new Outcome(served.get(TIMEOUT_MILLIS, MILLISECONDS), clientError);
    }
  }

  private static Throwable serve(SSLServerSocket listener) {
    try (SSLSocket socket = (SSLSocket) listener.accept()) {
      socket.setSoTimeout(TIMEOUT_MILLIS);
      int received = socket.getInputStream().read();
      if (received < 0) {
        throw new EOFException("the client closed the connection without sending");
      }
      socket.getOutputStream().write(received);
      socket.getOutputStream().flush();
      return null;
    } catch (IOException e) {
      return e;
    }
  }

  private static Throwable call(SslContext client, InetAddress address, int port) {
    SSLParameters parameters = client.newEngine(UnpooledByteBufAllocator.DEFAULT, "localhost", port)
        .getSSLParameters();
    try (SSLSocket socket = (SSLSocket) jdk(client).getSocketFactory().createSocket(address, port)) {
      socket.setSSLParameters(parameters);
      socket.setSoTimeout(TIMEOUT_MILLIS);
      socket.getOutputStream().write(PROBE);
      socket.getOutputStream().flush();
      int echoed = socket.getInputStream().read();
      if (echoed != PROBE) {
        throw new EOFException("the server answered " + echoed + " instead of echoing " + PROBE);
      }
      return null;
    } catch (IOException e) {
      return e;
    }
  }

  private static SSLContext jdk(SslContext context) {
    if (!(context instanceof JdkSslContext jdk)) {
      throw new IllegalStateException("expected the JDK's TLS provider, got " + context.getClass().getName());
    }
    return jdk.context();
  }
}
