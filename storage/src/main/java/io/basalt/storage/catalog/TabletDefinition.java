package io.basalt.storage.catalog;

import io.basalt.storage.keys.ByteArrays;
import java.util.Arrays;

/**
 * One tablet: the row range {@code [startRow, endRow)} of a table (an empty bound is unbounded). A tablet owns no
 * data of its own; its cells live in the table's column families, so splitting or merging tablets only rewrites
 * this metadata. {@code id} is the tablet's creation time in milliseconds; tablets created together share it.
 */
public final class TabletDefinition {
  private final long id;
  private final byte[] startRow;
  private final byte[] endRow;

  public TabletDefinition(long id, byte[] startRow, byte[] endRow) {
    this.id = id;
    this.startRow = startRow.clone();
    this.endRow = endRow.clone();
    if (startRow.length > 0 && endRow.length > 0 && ByteArrays.compare(startRow, endRow) >= 0) {
      throw new IllegalArgumentException("tablet start " + ByteArrays.toPrintable(startRow)
          + " is not below its end " + ByteArrays.toPrintable(endRow));
    }
  }

  public long id() {
    return id;
  }

  /** Inclusive lower bound; empty means the start of the table. Callers must not modify the array. */
  public byte[] startRow() {
    return startRow;
  }

  /** Exclusive upper bound; empty means the end of the table. Callers must not modify the array. */
  public byte[] endRow() {
    return endRow;
  }

  /** Whether any row of {@code [lowRow, highRow)} (empty bounds are open) falls in this tablet. */
  public boolean overlaps(byte[] lowRow, byte[] highRow) {
    boolean startsBeforeMyEnd = endRow.length == 0 || ByteArrays.compare(lowRow, endRow) < 0;
    boolean endsAfterMyStart = highRow.length == 0 || ByteArrays.compare(highRow, startRow) > 0;
    return startsBeforeMyEnd && endsAfterMyStart;
  }

  public boolean contains(byte[] row) {
    return ByteArrays.compare(row, startRow) >= 0
        && (endRow.length == 0 || ByteArrays.compare(row, endRow) < 0);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof TabletDefinition other
        && id == other.id
        && Arrays.equals(startRow, other.startRow)
        && Arrays.equals(endRow, other.endRow);
  }

  @Override
  public int hashCode() {
    return 31 * (31 * Long.hashCode(id) + Arrays.hashCode(startRow)) + Arrays.hashCode(endRow);
  }

  @Override
  public String toString() {
    return "tablet " + id + " [" + ByteArrays.toPrintable(startRow) + ", " + ByteArrays.toPrintable(endRow) + ")";
  }
}
