package io.basalt.conformance.security;

import java.io.IOException;
import java.io.InputStream;
import java.net.SocketTimeoutException;
import java.util.Arrays;
import java.util.Random;

/** What the handshake fuzz tests send, and how they tell the server ended a connection. */
final class FuzzBytes {
  private FuzzBytes() {}

  /** Reads until the server closes; false if it stays silent past the socket's timeout instead. */
  static boolean drain(InputStream in) throws IOException {
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
