package io.basalt.hbase.read;

import java.util.Arrays;
import java.util.NavigableSet;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Which columns of one family a read wants and how many versions of each it has taken, with HBase's rules: a read
 * naming columns walks them in order and is done with the row once they are all served; versions are counted up
 * to the read's limit, and cells past the family's TTL count only while MIN_VERSIONS still needs them.
 */
public final class ColumnTracker {
  private final byte[][] wanted;
  private final int maxVersions;
  private final int minVersions;
  private final long oldestUnexpired;
  private int wantedIndex;
  private byte[] column;
  private int count;

  /**
   * @param columns the wanted qualifiers in ascending order, or null for all columns
   * @param oldestUnexpired cells older than this have outlived the family's TTL
   */
  public ColumnTracker(NavigableSet<byte[]> columns, int maxVersions, int minVersions, long oldestUnexpired) {
    this.wanted = columns == null ? null : columns.toArray(new byte[0][]);
    this.maxVersions = maxVersions;
    this.minVersions = minVersions;
    this.oldestUnexpired = oldestUnexpired;
  }

  /** Forgets the previous row. */
  public void startRow() {
    wantedIndex = 0;
    column = null;
    count = 0;
  }

  /** True once every named column of the row has been served. */
  public boolean done() {
    return wanted != null && wantedIndex >= wanted.length;
  }

  /** Whether a cell this old is past the TTL with no MIN_VERSIONS to keep it. */
  public boolean expiredBeyondMinVersions(long timestamp) {
    return minVersions <= 0 && timestamp < oldestUnexpired;
  }

  /** Checks that the column of a put is wanted (and, for named columns, advances past columns now behind). */
  public MatchCode checkColumn(byte[] qualifier) {
    if (wanted == null) {
      return MatchCode.INCLUDE;
    }
    while (wantedIndex < wanted.length) {
      int order = Bytes.compareTo(qualifier, wanted[wantedIndex]);
      if (order == 0) {
        return MatchCode.INCLUDE;
      }
      if (order < 0) {
        return MatchCode.SEEK_NEXT_COL;
      }
      wantedIndex++;
      count = 0;
    }
    return MatchCode.SEEK_NEXT_ROW;
  }

  /**
   * Counts a version of the current column and says whether it is returned and whether the column is done. Delete
   * markers (only ever seen here by raw reads) are returned without counting as versions.
   */
  public MatchCode checkVersions(byte[] qualifier, long timestamp, boolean isDeleteMarker) {
    if (column == null || !Arrays.equals(column, qualifier)) {
      column = qualifier;
      count = 0;
    }
    if (!isDeleteMarker) {
      count++;
    }
    boolean expired = timestamp < oldestUnexpired;
    if (wanted == null) {
      if (count > maxVersions) {
        return MatchCode.SEEK_NEXT_COL;
      }
      return count <= minVersions || !expired ? MatchCode.INCLUDE : MatchCode.SEEK_NEXT_COL;
    }
    if (count >= maxVersions || (count >= minVersions && expired)) {
      wantedIndex++;
      column = null;
      return done() ? MatchCode.INCLUDE_AND_SEEK_NEXT_ROW : MatchCode.INCLUDE_AND_SEEK_NEXT_COL;
    }
    return MatchCode.INCLUDE;
  }

  /** Gives up on the current column: next column, or next row when no named column is left. */
  public MatchCode nextColumnOrRow(byte[] qualifier) {
    if (wanted == null) {
      return MatchCode.SEEK_NEXT_COL;
    }
    while (wantedIndex < wanted.length && Bytes.compareTo(wanted[wantedIndex], qualifier) <= 0) {
      wantedIndex++;
    }
    column = null;
    return done() ? MatchCode.SEEK_NEXT_ROW : MatchCode.SEEK_NEXT_COL;
  }

  /** The named column to seek to after {@code qualifier}, or null to just step past it. */
  public byte[] nextWantedColumnAfter(byte[] qualifier) {
    if (wanted == null) {
      return null;
    }
    for (int i = wantedIndex; i < wanted.length; i++) {
      if (Bytes.compareTo(wanted[i], qualifier) > 0) {
        return wanted[i];
      }
    }
    return null;
  }
}
