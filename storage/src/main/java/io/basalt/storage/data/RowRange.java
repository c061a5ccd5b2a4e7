package io.basalt.storage.data;

import io.basalt.storage.keys.ByteArrays;

/**
 * The rows a cursor visits: {@code [lowRow, highRow)} (an empty bound is unbounded), in ascending row order or,
 * when {@code reversed}, descending. Cells within a row always come in ascending order.
 */
public record RowRange(byte[] lowRow, byte[] highRow, boolean reversed) {

  public static RowRange forward(byte[] lowRow, byte[] highRow) {
    return new RowRange(lowRow, highRow, false);
  }

  public static RowRange reversed(byte[] lowRow, byte[] highRow) {
    return new RowRange(lowRow, highRow, true);
  }

  /** Whether the range holds no row at all. */
  public boolean isEmpty() {
    return highRow.length > 0 && ByteArrays.compare(lowRow, highRow) >= 0;
  }
}
