package io.basalt.storage.keys;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class CellKeysTest {
  private static final int PUT = 4;
  private static final int DELETE = 8;
  private static final int DELETE_COLUMN = 12;
  private static final int DELETE_FAMILY = 14;

  /** A cell's coordinates and HBase's order of them, which the encoded keys must reproduce bytewise. */
  record Coordinates(byte[] row, byte[] qualifier, long timestamp, int type) {
    static final Comparator<Coordinates> HBASE_ORDER = Comparator
        .comparing(Coordinates::row, ByteArrays.UNSIGNED)
        .thenComparing(Coordinates::qualifier, ByteArrays.UNSIGNED)
        .thenComparing(Coordinates::timestamp, Comparator.reverseOrder())
        .thenComparing(Coordinates::type, Comparator.reverseOrder());

    byte[] key() {
      return CellKeys.encode(row, qualifier, timestamp, type);
    }

    @Override
    public String toString() {
      return ByteArrays.toPrintable(row) + "/" + ByteArrays.toPrintable(qualifier) + "/" + timestamp + "/" + type;
    }
  }

  @Test
  void rowThatPrefixesAnotherSortsFirst() {
    assertOrdered(c("a", "q", 1, PUT), c("a\0", "q", 1, PUT), c("a\1", "q", 1, PUT), c("ab", "q", 1, PUT),
        c("b", "q", 1, PUT));
  }

  @Test
  void emptyRowAndQualifierSortFirst() {
    assertOrdered(c("", "", 5, PUT), c("", "a", 5, PUT), c("\0", "", 5, PUT), c("a", "", 5, PUT),
        c("a", "\0", 5, PUT), c("a", "a", 5, PUT));
  }

  @Test
  void zeroAndFfBytesKeepUnsignedOrder() {
    assertOrdered(c("\0", "q", 1, PUT), c("\0\0", "q", 1, PUT), c("\0\1", "q", 1, PUT), c("\1", "q", 1, PUT),
        c("\u007f", "q", 1, PUT), row(new byte[] {(byte) 0x80}), row(new byte[] {(byte) 0xFE}),
        row(new byte[] {(byte) 0xFF}), row(new byte[] {(byte) 0xFF, 0}), row(new byte[] {(byte) 0xFF, (byte) 0xFF}));
  }

  @Test
  void qualifierPrefixesSortBeforeLongerQualifiers() {
    assertOrdered(c("r", "q", 1, PUT), c("r", "q\0", 9, PUT), c("r", "q\0\0", 9, PUT), c("r", "qa", 9, PUT));
  }

  @Test
  void newerTimestampsFirstIncludingNegativeAndExtremes() {
    assertOrdered(c("r", "q", Long.MAX_VALUE, PUT), c("r", "q", Long.MAX_VALUE - 1, PUT), c("r", "q", 1, PUT),
        c("r", "q", 0, PUT), c("r", "q", -1, PUT), c("r", "q", Long.MIN_VALUE + 1, PUT),
        c("r", "q", Long.MIN_VALUE, PUT));
  }

  @Test
  void higherTypeCodesFirstForEqualCoordinates() {
    assertOrdered(c("r", "q", 7, DELETE_FAMILY), c("r", "q", 7, DELETE_COLUMN), c("r", "q", 7, DELETE),
        c("r", "q", 7, PUT), c("r", "q", 6, DELETE_FAMILY));
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
  void bytewiseOrderOfKeysIsHBaseCellOrder() {
    Random random = new Random(7);
    List<Coordinates> cells = new ArrayList<>();
    for (int i = 0; i < 20_000; i++) {
      cells.add(randomCoordinates(random));
    }
    List<Coordinates> byHBase = new ArrayList<>(cells);
    byHBase.sort(Coordinates.HBASE_ORDER);
    List<Coordinates> byKey = new ArrayList<>(cells);
    byKey.sort(Comparator.comparing(Coordinates::key, ByteArrays.UNSIGNED));
    for (int i = 0; i < cells.size(); i++) {
      assertEquals(0, Coordinates.HBASE_ORDER.compare(byHBase.get(i), byKey.get(i)),
          "position " + i + ": " + byHBase.get(i) + " vs " + byKey.get(i));
    }
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

  private static void assertOrdered(Coordinates... expected) {
    for (int i = 1; i < expected.length; i++) {
      assertTrue(Coordinates.HBASE_ORDER.compare(expected[i - 1], expected[i]) < 0,
          "test data out of order at " + i);
      assertTrue(ByteArrays.compare(expected[i - 1].key(), expected[i].key()) < 0,
          expected[i - 1] + " should sort before " + expected[i]);
    }
  }

  private static Coordinates c(String row, String qualifier, long timestamp, int type) {
    return new Coordinates(bytes(row), bytes(qualifier), timestamp, type);
  }

  private static Coordinates row(byte[] row) {
    return new Coordinates(row, bytes("q"), 1, PUT);
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
