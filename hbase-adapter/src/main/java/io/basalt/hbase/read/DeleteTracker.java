package io.basalt.hbase.read;

import java.util.Arrays;
import org.apache.hadoop.hbase.KeyValue;

/**
 * The delete markers seen so far in one family of one row, and whether they hide a put. Cells arrive in HBase order,
 * so every marker that can hide a put is seen before it: family markers carry the empty qualifier and sort first in
 * the family; column markers sort before the puts they cover (newer timestamp first, higher type code first).
 */
public final class DeleteTracker {
  private boolean familyDeleted;
  private long familyDeletedUpTo;
  private final TimestampSet familyVersionsDeleted = new TimestampSet();
  private byte[] column;
  private boolean columnDeleted;
  private long columnDeletedUpTo;
  private final TimestampSet columnVersionsDeleted = new TimestampSet();

  public void startRow() {
    familyDeleted = false;
    familyVersionsDeleted.clear();
    column = null;
  }

  public void add(byte type, long timestamp, byte[] qualifier) {
    if (type == KeyValue.Type.DeleteFamily.getCode()) {
      familyDeletedUpTo = familyDeleted ? Math.max(familyDeletedUpTo, timestamp) : timestamp;
      familyDeleted = true;
    } else if (type == KeyValue.Type.DeleteFamilyVersion.getCode()) {
      familyVersionsDeleted.add(timestamp);
    } else {
      enterColumn(qualifier);
      if (type == KeyValue.Type.DeleteColumn.getCode()) {
        columnDeletedUpTo = columnDeleted ? Math.max(columnDeletedUpTo, timestamp) : timestamp;
        columnDeleted = true;
      } else if (type == KeyValue.Type.Delete.getCode()) {
        columnVersionsDeleted.add(timestamp);
      }
    }
  }

  /** Whether a put of {@code qualifier} at {@code timestamp} is hidden. */
  public boolean isDeleted(byte[] qualifier, long timestamp) {
    enterColumn(qualifier);
    return (familyDeleted && timestamp <= familyDeletedUpTo)
        || (columnDeleted && timestamp <= columnDeletedUpTo)
        || familyVersionsDeleted.contains(timestamp)
        || columnVersionsDeleted.contains(timestamp);
  }

  /** Whether every older version of the column is hidden too, so the rest of it can be skipped. */
  public boolean restOfColumnDeleted(long timestamp) {
    return (familyDeleted && timestamp <= familyDeletedUpTo) || (columnDeleted && timestamp <= columnDeletedUpTo);
  }

  private void enterColumn(byte[] qualifier) {
    if (column == null || !Arrays.equals(column, qualifier)) {
      column = qualifier;
      columnDeleted = false;
      columnVersionsDeleted.clear();
    }
  }

  /** A small set of longs; rows rarely carry more than a few version markers. */
  private static final class TimestampSet {
    private long[] values = new long[4];
    private int size;

    void add(long value) {
      if (size == values.length) {
        values = Arrays.copyOf(values, size * 2);
      }
      values[size++] = value;
    }

    boolean contains(long value) {
      for (int i = 0; i < size; i++) {
        if (values[i] == value) {
          return true;
        }
      }
      return false;
    }

    void clear() {
      size = 0;
    }
  }
}
