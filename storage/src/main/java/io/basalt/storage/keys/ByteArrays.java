package io.basalt.storage.keys;

import java.util.Arrays;
import java.util.Comparator;

/** Small helpers for byte arrays compared as unsigned bytes, the order RocksDB's bytewise comparator uses. */
public final class ByteArrays {
  public static final byte[] EMPTY = new byte[0];

  /** Orders byte arrays as unsigned bytes, a shorter array before any longer one it prefixes. */
  public static final Comparator<byte[]> UNSIGNED = Arrays::compareUnsigned;

  private ByteArrays() {}

  public static int compare(byte[] a, byte[] b) {
    return Arrays.compareUnsigned(a, b);
  }

  /** Compares {@code a[aFrom, aTo)} with {@code b[bFrom, bTo)} as unsigned bytes. */
  public static int compare(byte[] a, int aFrom, int aTo, byte[] b, int bFrom, int bTo) {
    return Arrays.compareUnsigned(a, aFrom, aTo, b, bFrom, bTo);
  }

  public static boolean startsWith(byte[] array, byte[] prefix) {
    return array.length >= prefix.length
        && Arrays.equals(array, 0, prefix.length, prefix, 0, prefix.length);
  }

  /** Renders bytes the way operators read row keys: printable ASCII as is, everything else as \xNN. */
  public static String toPrintable(byte[] bytes) {
    StringBuilder out = new StringBuilder(bytes.length);
    for (byte b : bytes) {
      int c = b & 0xFF;
      if (c >= 0x20 && c < 0x7F && c != '\\') {
        out.append((char) c);
      } else {
        out.append(String.format("\\x%02X", c));
      }
    }
    return out.toString();
  }
}
