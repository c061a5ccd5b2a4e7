package io.basalt.server.zookeeper;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The prefix HBase's own ZooKeeper writer puts before every znode value: the byte {@code 0xFF}, a big-endian int32
 * length, then the writer's {@code pid@hostname} followed by eight random bytes. Stock HBase clients accept values
 * with or without it, but independent clients such as asynchbase insist on it (they reject a meta location that
 * does not start with {@code 0xFF}), so Basalt writes what HBase writes.
 */
final class WriterMetadata {
  private static final byte MAGIC = (byte) 0xFF;
  private static final int SALT_BYTES = 8;

  private final byte[] writerId;

  private WriterMetadata(byte[] writerId) {
    this.writerId = writerId;
  }

  /**
   * The metadata of this process, identified as HBase identifies a writer: by the runtime MXBean's name, which is
   * built the same way here without the MXBean's first-use cost on the start path.
   */
  static WriterMetadata ofThisProcess() {
    return new WriterMetadata(processName().getBytes(StandardCharsets.UTF_8));
  }

  static String processName() {
    String host;
    try {
      host = InetAddress.getLocalHost().getHostName();
    } catch (UnknownHostException e) {
      host = "localhost";
    }
    return ProcessHandle.current().pid() + "@" + host;
  }

  /** {@code payload} with the metadata before it. */
  byte[] prepend(byte[] payload) {
    byte[] salt = new byte[SALT_BYTES];
    ThreadLocalRandom.current().nextBytes(salt);
    return ByteBuffer.allocate(1 + Integer.BYTES + writerId.length + SALT_BYTES + payload.length)
        .put(MAGIC)
        .putInt(writerId.length + SALT_BYTES)
        .put(writerId)
        .put(salt)
        .put(payload)
        .array();
  }

  /** What a value written with metadata holds after it; a value without metadata is returned as it is. */
  static byte[] payload(byte[] value) {
    if (value.length < 1 + Integer.BYTES || value[0] != MAGIC) {
      return value;
    }
    int length = ByteBuffer.wrap(value, 1, Integer.BYTES).getInt();
    int start = 1 + Integer.BYTES + length;
    if (length < 0 || start > value.length) {
      return value;
    }
    return java.util.Arrays.copyOfRange(value, start, value.length);
  }
}
