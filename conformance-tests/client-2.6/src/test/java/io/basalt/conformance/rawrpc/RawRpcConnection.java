package io.basalt.conformance.rawrpc;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;

/**
 * A socket to Basalt's RPC port that sends exactly the bytes a test gives it, for the requests no stock client
 * would send: malformed, truncated, oversized or silent. Reads response frames back as {@link RpcResponse}s.
 */
public final class RawRpcConnection implements AutoCloseable {
  private final Socket socket;
  private final OutputStream out;
  private final DataInputStream in;

  private RawRpcConnection(Socket socket) throws IOException {
    this.socket = socket;
    this.out = socket.getOutputStream();
    this.in = new DataInputStream(socket.getInputStream());
  }

  /** Connects; reads give up after {@code readTimeoutMillis}. */
  public static RawRpcConnection open(String host, int port, int readTimeoutMillis) throws IOException {
    Socket socket = new Socket();
    try {
      socket.setTcpNoDelay(true);
      socket.connect(new InetSocketAddress(host, port), 10_000);
      socket.setSoTimeout(readTimeoutMillis);
      return new RawRpcConnection(socket);
    } catch (IOException e) {
      socket.close();
      throw e;
    }
  }

  /** Connects and sends the preamble and a connection header for {@code service}, with or without a codec. */
  public static RawRpcConnection handshake(String host, int port, int readTimeoutMillis, String service,
      String codec) throws IOException {
    RawRpcConnection connection = open(host, port, readTimeoutMillis);
    try {
      connection.send(RequestFrames.preamble());
      connection.send(RequestFrames.connectionHeader(service, codec));
      return connection;
    } catch (IOException e) {
      connection.close();
      throw e;
    }
  }

  public void send(byte[] bytes) throws IOException {
    out.write(bytes);
    out.flush();
  }

  /**
   * Sends {@code bytes} one at a time, {@code pauseMillis} apart; stops early if the server closes. The pauses are
   * what is tested (a slow sender), not synchronization.
   */
  public void trickle(byte[] bytes, long pauseMillis) throws IOException, InterruptedException {
    for (byte b : bytes) {
      out.write(b);
      out.flush();
      Thread.sleep(pauseMillis);
    }
  }

  /** Tells the server nothing more will come, keeping the socket open for its answer. */
  public void finishSending() throws IOException {
    socket.shutdownOutput();
  }

  /** The next response frame; EOFException if the server closed the connection first. */
  public RpcResponse read() throws IOException {
    int length = in.readInt();
    if (length < 0 || length > 64 << 20) {
      throw new IOException("implausible response frame length " + length);
    }
    byte[] frame = new byte[length];
    in.readFully(frame);
    return RpcResponse.parse(frame);
  }

  /**
   * Waits up to the read timeout for the server to close the connection, reading (and returning the count of) any
   * bytes it sends first. Throws SocketTimeoutException if it stays open.
   */
  public int awaitClosedByServer() throws IOException {
    InputStream raw = socket.getInputStream();
    byte[] buffer = new byte[4096];
    int received = 0;
    try {
      for (int n; (n = raw.read(buffer)) >= 0; ) {
        received += n;
      }
    } catch (SocketException e) {
      // A reset is the server closing too.
    }
    return received;
  }

  /** Whether the server has closed the connection, checking for at most {@code millis}. */
  public boolean closedByServerWithin(int millis) throws IOException {
    int timeout = socket.getSoTimeout();
    socket.setSoTimeout(millis);
    try {
      awaitClosedByServer();
      return true;
    } catch (SocketTimeoutException e) {
      return false;
    } finally {
      if (!socket.isClosed()) {
        socket.setSoTimeout(timeout);
      }
    }
  }

  /** Closes with a reset rather than an orderly goodbye, as a crashed client would. */
  public void abort() throws IOException {
    socket.setSoLinger(true, 0);
    socket.close();
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }

  /** Thrown by {@link #read()} when the server closed instead of answering. */
  public static boolean isClosed(IOException e) {
    return e instanceof EOFException || e instanceof SocketException;
  }
}
