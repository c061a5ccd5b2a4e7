package io.basalt.storage.replication;

import java.nio.ByteBuffer;

/** The term and index of the last Raft log entry whose effects a replica's state holds. */
public record AppliedIndex(long term, long index) {
  /** Before the first entry. */
  public static final AppliedIndex NONE = new AppliedIndex(0, -1);

  public boolean isAfter(AppliedIndex other) {
    return index > other.index;
  }

  /** 16 bytes: term, then index, big-endian. */
  public byte[] toBytes() {
    return ByteBuffer.allocate(2 * Long.BYTES).putLong(term).putLong(index).array();
  }

  public static AppliedIndex fromBytes(byte[] bytes) {
    if (bytes == null) {
      return NONE;
    }
    if (bytes.length != 2 * Long.BYTES) {
      throw new IllegalArgumentException("an applied index is 16 bytes, not " + bytes.length);
    }
    ByteBuffer buffer = ByteBuffer.wrap(bytes);
    return new AppliedIndex(buffer.getLong(), buffer.getLong());
  }
}
