package io.basalt.hbase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.storage.keys.CellKeys;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

/**
 * Storage's cell keys, compared as unsigned bytes (RocksDB's bytewise comparator), put cells in exactly the order
 * HBase's own {@link CellComparator} puts the equivalent KeyValues of one family: reads rely on it to return cells in
 * HBase's order without a comparator of their own. Checked on thousands of random cells whose rows and qualifiers
 * are drawn from an alphabet full of {@code 00}, {@code 01} and {@code FF} bytes and grow from one another, so
 * escapes, terminators and prefixes meet at every position, with every KeyValue type and timestamps across the whole
 * signed range; and on the edge cases the key layout was designed around.
 */
class CellKeyOrderTest {
  private static final byte[] FAMILY = Bytes.toBytes("f");
  private static final byte[] ALPHABET = {0x00, 0x01, 0x02, 'a', 0x7F, (byte) 0x80, (byte) 0xFE, (byte) 0xFF};
  private static final long[] EXTREME_TIMESTAMPS = {Long.MIN_VALUE, Long.MIN_VALUE + 1, -256, -2, -1, 0, 1, 255,
      256, 1_700_000_000_000L, Long.MAX_VALUE - 1, Long.MAX_VALUE};
  private static final CellComparator HBASE = CellComparator.getInstance();

  /** A cell as storage encodes it and as HBase compares it. */
  private record Cell(byte[] key, KeyValue keyValue) {
    static Cell of(byte[] row, byte[] qualifier, long timestamp, KeyValue.Type type) {
      return new Cell(CellKeys.encode(row, qualifier, timestamp, type.getCode() & 0xFF),
          new KeyValue(row, FAMILY, qualifier, timestamp, type));
    }

    @Override
    public String toString() {
      return keyValue.toString();
    }
  }

  @Test
  void bytewiseOrderOfRandomCellsKeysIsHBaseCellOrder() {
    Random random = new Random(20240531);
    List<Cell> cells = randomCells(random, 20_000);
    assertSameOrder(cells);

    // And pairs drawn at random, most of which differ early, in the row.
    for (int i = 0; i < 200_000; i++) {
      Cell a = cells.get(random.nextInt(cells.size()));
      Cell b = cells.get(random.nextInt(cells.size()));
      assertEquals(Integer.signum(HBASE.compare(a.keyValue(), b.keyValue())),
          Integer.signum(Arrays.compareUnsigned(a.key(), b.key())), () -> a + " against " + b);
    }
  }

  @Test
  void aRowOrQualifierThatIsAPrefixOfAnotherSortsFirst() {
    assertSameOrderInEveryPair(List.of(cell("a", "q"), cell("a\0", "q"), cell("a\0\0", "q"), cell("a\0\1", "q"),
        cell("a\1", "q"), cell("ab", "q"), cell("b", "q"), cell("r", ""), cell("r", "\0"), cell("r", "\0\0"),
        cell("r", "\1"), cell("r", "q"), cell("r", "q\0"), cell("r", "qa"), cell("r", "\u00ff"),
        cell("r", "\u00ff\0"), cell("r", "\u00ff\u00ff")));
  }

  @Test
  void zeroOneAndFfBytesKeepUnsignedOrderAndTheEmptyRowComesFirst() {
    List<Cell> cells = new ArrayList<>();
    for (String row : List.of("", "\0", "\0\0", "\0\1", "\0\u00ff", "\1", "\1\0", "\u007f", "\u0080", "\u00fe",
        "\u00ff", "\u00ff\0", "\u00ff\1", "\u00ff\u00ff")) {
      cells.add(cell(row, "q"));
    }
    assertSameOrderInEveryPair(cells);
  }

  @Test
  void newerTimestampsComeFirstAcrossTheSignedRangeAndHigherTypesFirstWithin() {
    List<Cell> cells = new ArrayList<>();
    for (long timestamp : EXTREME_TIMESTAMPS) {
      for (KeyValue.Type type : KeyValue.Type.values()) {
        cells.add(Cell.of(bytes("r"), bytes("q"), timestamp, type));
      }
    }
    assertSameOrderInEveryPair(cells);
  }

  /** Sorts by key and checks that every neighbour is in HBase's order, equal exactly when the keys are equal. */
  private static void assertSameOrder(List<Cell> cells) {
    List<Cell> byKey = new ArrayList<>(cells);
    byKey.sort(Comparator.comparing(Cell::key, Arrays::compareUnsigned));
    int distinct = 1;
    for (int i = 1; i < byKey.size(); i++) {
      Cell previous = byKey.get(i - 1);
      Cell next = byKey.get(i);
      int keys = Integer.signum(Arrays.compareUnsigned(previous.key(), next.key()));
      assertEquals(keys, Integer.signum(HBASE.compare(previous.keyValue(), next.keyValue())),
          () -> "position " + next + " after " + previous);
      distinct += keys == 0 ? 0 : 1;
    }
    // Ties test that equal coordinates give equal keys; most cells must still differ for the order to mean much.
    assertTrue(distinct > cells.size() * 9 / 10, "only " + distinct + " distinct cells of " + cells.size());
  }

  private static void assertSameOrderInEveryPair(List<Cell> cells) {
    for (Cell a : cells) {
      for (Cell b : cells) {
        assertEquals(Integer.signum(HBASE.compare(a.keyValue(), b.keyValue())),
            Integer.signum(Arrays.compareUnsigned(a.key(), b.key())), () -> a + " against " + b);
      }
    }
  }

  /**
   * Cells whose rows and qualifiers often extend, shorten or copy earlier ones, so that many share prefixes and
   * many are equal up to their timestamp or type; timestamps are as often extreme or shared as random.
   */
  private static List<Cell> randomCells(Random random, int count) {
    List<byte[]> rows = new ArrayList<>(List.of(new byte[0]));
    List<byte[]> qualifiers = new ArrayList<>(List.of(new byte[0]));
    List<Long> timestamps = new ArrayList<>();
    KeyValue.Type[] types = KeyValue.Type.values();
    List<Cell> cells = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      long timestamp = switch (random.nextInt(3)) {
        case 0 -> EXTREME_TIMESTAMPS[random.nextInt(EXTREME_TIMESTAMPS.length)];
        case 1 -> timestamps.isEmpty() ? random.nextLong() : timestamps.get(random.nextInt(timestamps.size()));
        default -> random.nextLong();
      };
      timestamps.add(timestamp);
      cells.add(Cell.of(grow(random, rows), grow(random, qualifiers), timestamp,
          types[random.nextInt(types.length)]));
    }
    return cells;
  }

  /** A new field made from one already drawn: the same, one byte longer or shorter, or fresh. */
  private static byte[] grow(Random random, List<byte[]> drawn) {
    byte[] base = drawn.get(random.nextInt(drawn.size()));
    byte[] field = switch (random.nextInt(4)) {
      case 0 -> base;
      case 1 -> {
        byte[] longer = Arrays.copyOf(base, base.length + 1);
        longer[base.length] = ALPHABET[random.nextInt(ALPHABET.length)];
        yield base.length < 6 ? longer : base;
      }
      case 2 -> Arrays.copyOf(base, Math.max(0, base.length - 1));
      default -> {
        byte[] fresh = new byte[random.nextInt(5)];
        for (int i = 0; i < fresh.length; i++) {
          fresh[i] = ALPHABET[random.nextInt(ALPHABET.length)];
        }
        yield fresh;
      }
    };
    drawn.add(field);
    return field;
  }

  private static Cell cell(String row, String qualifier) {
    return Cell.of(bytes(row), bytes(qualifier), 1, KeyValue.Type.Put);
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
