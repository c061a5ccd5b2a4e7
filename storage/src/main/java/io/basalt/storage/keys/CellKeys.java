package io.basalt.storage.keys;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;

/**
 * The RocksDB key of one cell version inside a family's column family.
 *
 * <pre>
 *   escaped(row) 00 01  escaped(qualifier) 00 01  timestamp'(8)  type'(1)
 * </pre>
 *
 * Escaping turns every 0x00 byte into 00 FF and ends the field with 00 01, so a field that is a prefix of
 * another sorts first (00 01 is below every escaped byte) and the whole key sorts, under RocksDB's bytewise
 * comparator, by row, then qualifier, as unsigned bytes. {@code timestamp'} is the signed timestamp XORed with
 * {@link Long#MAX_VALUE} (big-endian), which orders newer versions first; {@code type'} is {@code 0xFF - type}, so
 * higher type codes come first for equal coordinates. No Java comparator is involved.
 *
 * <p>All keys of one row share the prefix {@link #rowStart(byte[])}, and {@link #rowEnd(byte[])} is the first key
 * past them; likewise {@link #columnStart}/{@link #columnEnd} bracket every version of one column.
 */
public final class CellKeys {
  private static final byte ESCAPE = 0x00;
  private static final byte ESCAPED_ZERO = (byte) 0xFF;
  private static final byte TERMINATOR = 0x01;
  /** One past the terminator: the smallest byte pair that sorts after every key continuing a field. */
  private static final byte PAST_TERMINATOR = 0x02;
  private static final int SUFFIX_LENGTH = Long.BYTES + 1;

  private CellKeys() {}

  /** The key of one cell version. {@code type} is an unsigned byte code chosen by the layer above. */
  public static byte[] encode(byte[] row, byte[] qualifier, long timestamp, int type) {
    checkType(type);
    byte[] key = new byte[escapedLength(row) + escapedLength(qualifier) + SUFFIX_LENGTH];
    int pos = writeEscaped(row, key, 0);
    pos = writeEscaped(qualifier, key, pos);
    writeLong(key, pos, timestamp ^ Long.MAX_VALUE);
    key[pos + Long.BYTES] = (byte) (0xFF - type);
    return key;
  }

  /** The smallest key of {@code row}; every key of the row starts with these bytes. */
  public static byte[] rowStart(byte[] row) {
    byte[] key = new byte[escapedLength(row)];
    writeEscaped(row, key, 0);
    return key;
  }

  /** The first key after every key of {@code row} (and before the next row's keys). */
  public static byte[] rowEnd(byte[] row) {
    byte[] key = rowStart(row);
    key[key.length - 1] = PAST_TERMINATOR;
    return key;
  }

  /** The smallest key of column {@code qualifier} in {@code row}. */
  public static byte[] columnStart(byte[] row, byte[] qualifier) {
    byte[] key = new byte[escapedLength(row) + escapedLength(qualifier)];
    writeEscaped(qualifier, key, writeEscaped(row, key, 0));
    return key;
  }

  /** The first key after every version of column {@code qualifier} in {@code row}. */
  public static byte[] columnEnd(byte[] row, byte[] qualifier) {
    byte[] key = columnStart(row, qualifier);
    key[key.length - 1] = PAST_TERMINATOR;
    return key;
  }

  /** Length of the escaped row at the start of {@code key}, terminator included. */
  public static int rowPrefixLength(byte[] key) {
    return fieldEnd(key, 0);
  }

  /** Whether {@code key} belongs to the row whose {@link #rowStart} is {@code rowPrefix}. */
  public static boolean hasRowPrefix(byte[] key, byte[] rowPrefix) {
    return ByteArrays.startsWith(key, rowPrefix);
  }

  public static byte[] decodeRow(byte[] key) {
    return unescape(key, 0, rowPrefixLength(key));
  }

  /** Decodes the qualifier; {@code rowPrefixLength} is {@link #rowPrefixLength(byte[])} of the same key. */
  public static byte[] decodeQualifier(byte[] key, int rowPrefixLength) {
    return unescape(key, rowPrefixLength, key.length - SUFFIX_LENGTH);
  }

  public static long decodeTimestamp(byte[] key) {
    return readLong(key, key.length - SUFFIX_LENGTH) ^ Long.MAX_VALUE;
  }

  public static int decodeType(byte[] key) {
    return 0xFF - (key[key.length - 1] & 0xFF);
  }

  /** Decodes an escaped field that occupies {@code key[from, to)}, terminator included. */
  static byte[] unescape(byte[] key, int from, int to) {
    int end = to - 2;
    if (end < from || key[end] != ESCAPE || key[end + 1] != TERMINATOR) {
      throw new IllegalArgumentException("not an escaped field: " + ByteArrays.toPrintable(
          Arrays.copyOfRange(key, from, Math.max(from, to))));
    }
    ByteArrayOutputStream out = null;
    int runStart = from;
    for (int i = from; i < end; i++) {
      if (key[i] == ESCAPE) {
        if (out == null) {
          out = new ByteArrayOutputStream(end - from);
        }
        out.write(key, runStart, i - runStart + 1);
        i++; // skip the 0xFF that follows an escaped zero
        runStart = i + 1;
      }
    }
    if (out == null) {
      return Arrays.copyOfRange(key, from, end);
    }
    out.write(key, runStart, end - runStart);
    return out.toByteArray();
  }

  /** Index just past the terminator of the escaped field starting at {@code from}. */
  private static int fieldEnd(byte[] key, int from) {
    for (int i = from; i + 1 < key.length; i++) {
      if (key[i] == ESCAPE) {
        if (key[i + 1] == TERMINATOR) {
          return i + 2;
        }
        i++; // escaped zero
      }
    }
    throw new IllegalArgumentException("unterminated field in key " + ByteArrays.toPrintable(key));
  }

  private static int escapedLength(byte[] field) {
    int length = field.length + 2;
    for (byte b : field) {
      if (b == ESCAPE) {
        length++;
      }
    }
    return length;
  }

  private static int writeEscaped(byte[] field, byte[] target, int pos) {
    for (byte b : field) {
      target[pos++] = b;
      if (b == ESCAPE) {
        target[pos++] = ESCAPED_ZERO;
      }
    }
    target[pos++] = ESCAPE;
    target[pos++] = TERMINATOR;
    return pos;
  }

  private static void writeLong(byte[] target, int pos, long value) {
    for (int i = Long.BYTES - 1; i >= 0; i--) {
      target[pos + i] = (byte) value;
      value >>>= 8;
    }
  }

  private static long readLong(byte[] source, int pos) {
    long value = 0;
    for (int i = 0; i < Long.BYTES; i++) {
      value = (value << 8) | (source[pos + i] & 0xFF);
    }
    return value;
  }

  private static void checkType(int type) {
    if (type < 0 || type > 0xFF) {
      throw new IllegalArgumentException("cell type must be an unsigned byte: " + type);
    }
  }
}
