package io.basalt.storage.transfer;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * Hashes the stored cells of a row range family by family, in the form {@link TabletDigest} defines: SHA-256 over,
 * for each family in order, a tag byte {@code 'F'}, the name's length (4 bytes, big-endian) and the name, then for
 * each cell a tag byte {@code 'C'}, the key's length, the key, the value's length and the value, and at the end a
 * tag byte {@code 'E'}. Every field is length-prefixed, so no two different sets of families and cells hash the same
 * bytes.
 */
final class DigestBuilder {
  private final MessageDigest sha256;
  private final byte[] lengthBytes = new byte[4];
  private long cells;

  DigestBuilder() {
    try {
      sha256 = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
  }

  void family(byte[] name) {
    sha256.update((byte) 'F');
    field(name);
  }

  void cell(byte[] key, byte[] value) {
    sha256.update((byte) 'C');
    field(key);
    field(value);
    cells++;
  }

  /** Cells hashed so far, across all families. */
  long cells() {
    return cells;
  }

  TabletDigest finish() {
    sha256.update((byte) 'E');
    return new TabletDigest(sha256.digest());
  }

  private void field(byte[] bytes) {
    int length = bytes.length;
    lengthBytes[0] = (byte) (length >>> 24);
    lengthBytes[1] = (byte) (length >>> 16);
    lengthBytes[2] = (byte) (length >>> 8);
    lengthBytes[3] = (byte) length;
    sha256.update(lengthBytes);
    sha256.update(bytes);
  }
}
