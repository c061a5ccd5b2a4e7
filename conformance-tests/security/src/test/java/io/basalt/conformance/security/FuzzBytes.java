package io.basalt.conformance.security;

import io.basalt.conformance.harness.BasaltProcess;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/** What the handshake fuzz tests send, and how they tell the server ended a connection. */
final class FuzzBytes {
  private FuzzBytes() {}

  /** What a fuzz exchange sends on its connection. */
  interface Send {
    void to(Socket socket) throws Exception;
  }

  /**
   * One exchange: connects, sends, half-closes and waits for the server to close too. False if it stays silent past
   * the timeout instead; true once it closed or reset the connection, also while the client was still sending, which
   * is what a refused client sees.
   */
  static boolean exchange(InetSocketAddress address, int timeoutMillis, Send send) throws Exception {
    try (Socket socket = new Socket()) {
      socket.connect(address, timeoutMillis);
      socket.setSoTimeout(timeoutMillis);
      send.to(socket);
      socket.getOutputStream().flush();
      socket.shutdownOutput();
      return drain(socket.getInputStream());
    } catch (SocketTimeoutException e) {
      return false;
    } catch (IOException e) {
      return true;
    }
  }

  /** Lines of the server's log a fuzz run must not cause: warnings, errors, stack traces, raw client bytes. */
  static List<String> unexpectedLines(BasaltProcess basalt) throws IOException {
    return basalt.logLines().stream()
        .filter(line -> line.contains(" WARN ") || line.contains(" ERROR ") || line.startsWith("Caused by")
            || line.startsWith("\tat ") || line.chars().anyMatch(c -> c < 0x20 && c != '\t'))
        .toList();
  }

  /** Reads until the server closes; false if it stays silent past the socket's timeout instead. */
  private static boolean drain(InputStream in) throws IOException {
    byte[] buffer = new byte[4096];
    try {
      while (in.read(buffer) >= 0) {
        // what the server answers is not examined; only that it ends the connection
      }
      return true;
    } catch (SocketTimeoutException e) {
      return false;
    }
  }

  /** A copy of {@code bytes} with one to eight of them changed. */
  static byte[] flipBytes(byte[] bytes, Random random) {
    byte[] flipped = bytes.clone();
    for (int i = 1 + random.nextInt(8); i > 0; i--) {
      flipped[random.nextInt(flipped.length)] ^= (byte) (1 + random.nextInt(255));
    }
    return flipped;
  }

  static byte[] randomBytes(Random random, int length) {
    byte[] bytes = new byte[length];
    random.nextBytes(bytes);
    return bytes;
  }

  static byte[] concat(byte[] first, byte[] second) {
    byte[] both = Arrays.copyOf(first, first.length + second.length);
    System.arraycopy(second, 0, both, first.length, second.length);
    return both;
  }
}
