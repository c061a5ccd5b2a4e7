package io.basalt.benchmarks.storage;

import java.nio.charset.StandardCharsets;

/** Row keys shaped like PerformanceEvaluation's: the row number as 26 zero-padded decimal digits. */
final class RowKeys {
  private static final int KEY_LENGTH = 26;

  private RowKeys() {}

  static byte[] row(long number) {
    String digits = Long.toString(number);
    StringBuilder key = new StringBuilder(KEY_LENGTH);
    key.append("0".repeat(Math.max(0, KEY_LENGTH - digits.length()))).append(digits);
    return key.toString().getBytes(StandardCharsets.US_ASCII);
  }

  /** The smallest key after {@code row}: a get is a cursor over {@code [row, successor(row))}. */
  static byte[] successor(byte[] row) {
    byte[] next = new byte[row.length + 1];
    System.arraycopy(row, 0, next, 0, row.length);
    return next;
  }
}
