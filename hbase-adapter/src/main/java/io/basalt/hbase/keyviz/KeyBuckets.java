package io.basalt.hbase.keyviz;

import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * A table's row-key space cut into buckets of roughly equal stored rows: bucket {@code i} holds the rows from {@code
 * start(i)} (inclusive) to {@code start(i + 1)} (exclusive), the first starting at the empty row and the last running
 * to the table's end. Immutable, so the request path reads it without locks.
 */
public final class KeyBuckets {
  private static final byte[][] ONE_BUCKET = {new byte[0]};

  private final byte[][] starts;

  private KeyBuckets(byte[][] starts) {
    this.starts = starts;
  }

  /** One bucket for the whole table: what a table has before it is first measured, or when it is empty. */
  public static KeyBuckets whole() {
    return new KeyBuckets(ONE_BUCKET);
  }

  /** Buckets starting at the empty row and at each of {@code cuts}, which must ascend. */
  public static KeyBuckets startingAt(List<byte[]> cuts) {
    byte[][] starts = new byte[cuts.size() + 1][];
    starts[0] = new byte[0];
    for (int i = 0; i < cuts.size(); i++) {
      starts[i + 1] = cuts.get(i);
      if (Bytes.compareTo(starts[i], starts[i + 1]) >= 0) {
        throw new IllegalArgumentException("bucket starts must ascend: " + Bytes.toStringBinary(starts[i]) + " then "
            + Bytes.toStringBinary(starts[i + 1]));
      }
    }
    return new KeyBuckets(starts);
  }

  public int count() {
    return starts.length;
  }

  /** The first row of bucket {@code i}; the caller must not modify it. */
  public byte[] start(int i) {
    return starts[i];
  }

  /** The row after bucket {@code i}'s last, or the empty row for the last bucket (the table's end). */
  public byte[] end(int i) {
    return i + 1 < starts.length ? starts[i + 1] : new byte[0];
  }

  /** The bucket holding {@code row[offset, offset + length)}: a binary search, no allocation. */
  public int bucketOf(byte[] row, int offset, int length) {
    int low = 0;
    int high = starts.length - 1;
    while (low < high) {
      int middle = (low + high + 1) >>> 1;
      byte[] start = starts[middle];
      if (Bytes.compareTo(start, 0, start.length, row, offset, length) <= 0) {
        low = middle;
      } else {
        high = middle - 1;
      }
    }
    return low;
  }

  public int bucketOf(byte[] row) {
    return bucketOf(row, 0, row.length);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof KeyBuckets buckets && Arrays.deepEquals(starts, buckets.starts);
  }

  @Override
  public int hashCode() {
    return Arrays.deepHashCode(starts);
  }
}
