package io.basalt.benchmarks.bulkload;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/**
 * The benchmark's data, the same wherever it is made: row {@code i} of {@code rows} is {@code row} and {@code i} in
 * ten digits (so rows sort as their numbers), one cell in family {@code f}, qualifier {@code q}, at one fixed
 * timestamp, with a value of {@code valueBytes} lower-case letters drawn from a generator seeded by the row's number.
 * The HFile writer and the put client make the same cells from the same three numbers without reading each other's
 * output, and a check can recompute any row's value. The table is cut into {@code regions} regions of equal row
 * counts.
 *
 * @param rows rows in the table
 * @param regions regions the table is pre-split into (one HFile each)
 * @param valueBytes bytes of each value
 */
public record BenchmarkRows(long rows, int regions, int valueBytes) {
  public static final byte[] FAMILY = bytes("f");
  public static final byte[] QUALIFIER = bytes("q");
  /**
   * Every cell's timestamp: fixed (2023-11-14T22:13:20Z), so a put writes exactly the cell an HFile holds; a bulk
   * load's files carry the time they were written at, so their cells do not take the server's clock either.
   */
  public static final long TIMESTAMP = 1_700_000_000_000L;

  public BenchmarkRows {
    if (rows < regions || regions < 1 || valueBytes < 1) {
      throw new IllegalArgumentException("need rows >= regions >= 1 and valueBytes >= 1, not " + rows + ", "
          + regions + ", " + valueBytes);
    }
  }

  /** Reads the three numbers from {@code args} starting at {@code from}: rows, regions, value bytes. */
  static BenchmarkRows parse(String[] args, int from) {
    return new BenchmarkRows(Long.parseLong(args[from]), Integer.parseInt(args[from + 1]),
        Integer.parseInt(args[from + 2]));
  }

  public byte[] row(long index) {
    return bytes(String.format("row%010d", index));
  }

  public byte[] value(long index) {
    byte[] value = new byte[valueBytes];
    SplittableRandom random = new SplittableRandom(index);
    for (int at = 0; at < valueBytes; at += 8) {
      long bits = random.nextLong();
      for (int b = 0; b < 8 && at + b < valueBytes; b++) {
        value[at + b] = (byte) ('a' + Long.remainderUnsigned(bits >>> (8 * b) & 0xFF, 26));
      }
    }
    return value;
  }

  /** The first row (number) of region {@code region}, counted from 0. */
  public long firstRowOf(int region) {
    return rows * region / regions;
  }

  /** The split keys of a table of these regions: every region's first row but the first region's. */
  public byte[][] splitKeys() {
    byte[][] splits = new byte[regions - 1][];
    for (int region = 1; region < regions; region++) {
      splits[region - 1] = row(firstRowOf(region));
    }
    return splits;
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.US_ASCII);
  }
}
