package io.basalt.storage.keys;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * What the key layout promises without reference to HBase: every cell decodes to what was encoded, and the row and
 * column bounds bracket exactly the keys of their row or column. That unsigned byte order of the keys is HBase's
 * cell order is checked against HBase's own comparator in the adapter's {@code CellKeyOrderTest}, where HBase is on
 * the class path.
 */
class CellKeysTest {
  private static final int PUT = 4;
  private static final int DELETE = 8;
  private static final int DELETE_COLUMN = 12;
  private static final int DELETE_FAMILY = 14;

  /** A cell's coordinates. */
  record Coordinates(byte[] row, byte[] qualifier, long timestamp, int type) {
    byte[] key() {
      return CellKeys.encode(row, qualifier, timestamp, type);
    }

    @Override
    public String toString() {
      return ByteArrays.toPrintable(row) + "/" + ByteArrays.toPrintable(qualifier) + "/" + timestamp + "/" + type;
    }
  }

  @Test
  void rowBoundsBracketEveryKeyOfTheRow() {
    byte[] row = bytes("a\0b");
    byte[] start = CellKeys.rowStart(row);
    byte[] end = CellKeys.rowEnd(row);
    for (Coordinates cell : List.of(c("a\0b", "", Long.MAX_VALUE, 255), c("a\0b", "\0", 0, PUT),
        c("a\0b", "\u00ff\u00ff", Long.MIN_VALUE, 0))) {
      byte[] key = cell.key();
      assertTrue(ByteArrays.compare(start, key) <= 0, "start <= " + cell);
      assertTrue(ByteArrays.compare(key, end) < 0, cell + " < end");
      assertTrue(CellKeys.hasRowPrefix(key, start));
    }
    for (Coordinates other : List.of(c("a", "q", 1, PUT), c("a\0", "q", 1, PUT), c("a\0b\0", "", 1, PUT),
        c("a\0ba", "", 1, PUT), c("a\0c", "", 1, PUT))) {
      byte[] key = other.key();
      assertTrue(ByteArrays.compare(key, start) < 0 || ByteArrays.compare(key, end) >= 0, "outside: " + other);
    }
  }

  @Test
  void columnBoundsBracketEveryVersionOfTheColumn() {
    byte[] start = CellKeys.columnStart(bytes("r"), bytes("q"));
    byte[] end = CellKeys.columnEnd(bytes("r"), bytes("q"));
    assertTrue(ByteArrays.compare(start, c("r", "q", Long.MAX_VALUE, 255).key()) <= 0);
    assertTrue(ByteArrays.compare(c("r", "q", Long.MIN_VALUE, 0).key(), end) < 0);
    assertTrue(ByteArrays.compare(end, c("r", "q\0", Long.MAX_VALUE, 255).key()) <= 0);
    assertTrue(ByteArrays.compare(end, c("r", "qa", Long.MAX_VALUE, 255).key()) <= 0);
  }

  @Test
  void decodesWhatItEncodes() {
    Random random = new Random(42);
    for (int i = 0; i < 10_000; i++) {
      Coordinates cell = randomCoordinates(random);
      byte[] key = cell.key();
      int rowLength = CellKeys.rowPrefixLength(key);
      assertArrayEquals(cell.row(), CellKeys.decodeRow(key), cell::toString);
      assertArrayEquals(cell.qualifier(), CellKeys.decodeQualifier(key, rowLength), cell::toString);
      assertEquals(cell.timestamp(), CellKeys.decodeTimestamp(key), cell::toString);
      assertEquals(cell.type(), CellKeys.decodeType(key), cell::toString);
    }
  }

  @Test
  void aTypeIsOneUnsignedByte() {
    assertEquals(255, CellKeys.decodeType(c("r", "q", 1, 255).key()));
    assertEquals(0, CellKeys.decodeType(c("r", "q", 1, 0).key()));
    assertThrows(IllegalArgumentException.class, () -> CellKeys.encode(bytes("r"), bytes("q"), 1, 256));
    assertThrows(IllegalArgumentException.class, () -> CellKeys.encode(bytes("r"), bytes("q"), 1, -1));
  }

  /** Rows and qualifiers drawn from a tiny alphabet with 0x00, 0x01, 0x02 and 0xFF so prefixes and escapes abound. */
  private static Coordinates randomCoordinates(Random random) {
    long[] timestamps = {Long.MIN_VALUE, -1, 0, 1, 1_700_000_000_000L, Long.MAX_VALUE - 1, Long.MAX_VALUE};
    long timestamp = random.nextInt(3) == 0 ? timestamps[random.nextInt(timestamps.length)] : random.nextLong();
    int[] types = {0, PUT, DELETE, 10, DELETE_COLUMN, DELETE_FAMILY, 255};
    return new Coordinates(randomBytes(random), randomBytes(random), timestamp, types[random.nextInt(types.length)]);
  }

  private static byte[] randomBytes(Random random) {
    byte[] alphabet = {0x00, 0x01, 0x02, 'a', (byte) 0x7F, (byte) 0x80, (byte) 0xFF};
    byte[] bytes = new byte[random.nextInt(5)];
    for (int i = 0; i < bytes.length; i++) {
      bytes[i] = alphabet[random.nextInt(alphabet.length)];
    }
    return bytes;
  }

  private static Coordinates c(String row, String qualifier, long timestamp, int type) {
    return new Coordinates(bytes(row), bytes(qualifier), timestamp, type);
  }

  /** Chars below 256 map to the byte of the same value. */
  private static byte[] bytes(String s) {
    byte[] out = new byte[s.length()];
    for (int i = 0; i < s.length(); i++) {
      out[i] = (byte) s.charAt(i);
    }
    return out;
  }
}
