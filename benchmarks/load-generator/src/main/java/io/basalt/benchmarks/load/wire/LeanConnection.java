package io.basalt.benchmarks.load.wire;

import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;

/**
 * One TCP connection to a server's ClientService, with buffers of its own on both sides so that a run pays one
 * system call for a batch of requests and one for a batch of answers, not one per call. Writing and reading may each
 * be done by one thread (the two may differ), not by several.
 */
public final class LeanConnection implements Closeable {
  private static final int CONNECT_TIMEOUT_MILLIS = 10_000;
  private static final int BUFFER_BYTES = 256 * 1024;
  /** A server that has not answered for this long has failed the run; without it a lost answer would hang it. */
  private static final int READ_TIMEOUT_MILLIS = 60_000;

  private final Socket socket;
  private final OutputStream out;
  private final InputStream in;
  private byte[] outBuffer = new byte[BUFFER_BYTES];
  private int outLength;
  private byte[] inBuffer = new byte[BUFFER_BYTES];
  private int inStart;
  private int inEnd;

  public LeanConnection(InetSocketAddress server, String user) throws IOException {
    socket = new Socket();
    socket.setTcpNoDelay(true);
    socket.setKeepAlive(true);
    socket.connect(server, CONNECT_TIMEOUT_MILLIS);
    socket.setSoTimeout(READ_TIMEOUT_MILLIS);
    out = socket.getOutputStream();
    in = socket.getInputStream();
    out.write(RpcFraming.connectionStart(user));
    out.flush();
  }

  /** Adds the call to what the next {@link #flush} sends (sending at once only when the buffer is full). */
  public void write(EncodedRequest request, int callId) throws IOException {
    int size = RpcFraming.frameSize(request, callId);
    if (outLength + size > outBuffer.length) {
      flush();
      if (size > outBuffer.length) {
        outBuffer = new byte[size];
      }
    }
    outLength = RpcFraming.writeFrame(request, callId, outBuffer, outLength);
  }

  public void flush() throws IOException {
    if (outLength > 0) {
      out.write(outBuffer, 0, outLength);
      outLength = 0;
    }
  }

  /** Whether a whole answer is already read into the buffer, so {@link #read} would not wait on the socket. */
  public boolean hasBufferedAnswer() {
    int available = inEnd - inStart;
    return available >= 4 && available - 4 >= frameLength(inStart);
  }

  /** The next answer, waiting for it if need be; the answer's bytes stay valid until the next call of this. */
  public Answer read() throws IOException {
    fill(4);
    int length = frameLength(inStart);
    fill(4 + length);
    int offset = inStart + 4;
    inStart = offset + length;
    return Answer.parse(inBuffer, offset, offset + length);
  }

  private int frameLength(int at) {
    return ((inBuffer[at] & 0xFF) << 24) | ((inBuffer[at + 1] & 0xFF) << 16) | ((inBuffer[at + 2] & 0xFF) << 8)
        | (inBuffer[at + 3] & 0xFF);
  }

  /** Makes {@code bytes} bytes from {@code inStart} readable, moving or growing the buffer as needed. */
  private void fill(int bytes) throws IOException {
    if (inEnd - inStart >= bytes) {
      return;
    }
    if (inStart + bytes > inBuffer.length) {
      byte[] target = bytes > inBuffer.length ? new byte[Math.max(bytes, inBuffer.length * 2)] : inBuffer;
      System.arraycopy(inBuffer, inStart, target, 0, inEnd - inStart);
      inEnd -= inStart;
      inStart = 0;
      inBuffer = target;
    }
    while (inEnd - inStart < bytes) {
      int read = in.read(inBuffer, inEnd, inBuffer.length - inEnd);
      if (read < 0) {
        throw new EOFException("the server closed the connection");
      }
      inEnd += read;
    }
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }
}
