package io.basalt.hbase.compaction;

import io.basalt.hbase.read.CellTtls;
import io.basalt.hbase.read.ColumnTracker;
import io.basalt.hbase.read.DeleteTracker;
import io.basalt.hbase.read.MatchCode;
import java.util.Arrays;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.KeepDeletedCells;

/**
 * Decides, for each stored cell of one family in one row (in HBase cell order), whether a compaction keeps it, by
 * the rules HBase's compactions apply when they rewrite a store's files. A major compaction drops delete markers
 * with the cells they hide, versions past VERSIONS and cells past the TTL (MIN_VERSIONS excepted); a minor one keeps
 * the markers. KEEP_DELETED_CELLS keeps deleted cells and their markers, still subject to VERSIONS and TTL. Either
 * kind drops a put whose own TTL ran out.
 */
public final class CompactionMatcher {
  private final CompactionRules rules;
  private final ColumnTracker columns;
  private final DeleteTracker deletes = new DeleteTracker();
  /** The column whose remaining versions are all dropped, once a verdict says so. */
  private byte[] droppedColumn;

  public CompactionMatcher(CompactionRules rules) {
    this.rules = rules;
    this.columns = new ColumnTracker(null, rules.maxVersions(), rules.minVersions(), rules.oldestUnexpired());
  }

  public void startRow() {
    columns.startRow();
    deletes.startRow();
    droppedColumn = null;
  }

  /**
   * Whether the compaction keeps this cell; cells must come in HBase order within the row's family.
   *
   * @param ttl the cell's own TTL ({@link CellTtls}), {@link CellTtls#NONE} for none
   */
  public boolean keeps(byte[] qualifier, long timestamp, byte type, long ttl) {
    // Family markers share the empty qualifier, so that column is judged cell by cell, never skipped wholesale.
    if (droppedColumn != null && qualifier.length > 0 && Arrays.equals(droppedColumn, qualifier)) {
      return false;
    }
    droppedColumn = null;
    MatchCode code = match(qualifier, timestamp, type, ttl);
    if (code == MatchCode.SEEK_NEXT_COL) {
      droppedColumn = qualifier;
    }
    return code == MatchCode.INCLUDE;
  }

  private MatchCode match(byte[] qualifier, long timestamp, byte type, long ttl) {
    if (columns.expiredBeyondMinVersions(timestamp)) {
      return MatchCode.SEEK_NEXT_COL;
    }
    if (CellTtls.expired(timestamp, ttl, rules.nowMillis())) {
      // Dropped by minor and major compactions alike, without counting as a version, as HBase's do.
      return MatchCode.SKIP;
    }
    boolean marker = CellUtil.isDelete(type);
    if (marker) {
      if (tracksMarker(timestamp)) {
        deletes.add(type, timestamp, qualifier);
      }
      if (!rules.dropDeletes()) {
        return MatchCode.INCLUDE;
      }
      if (!keepsDeletedCells(timestamp)) {
        return MatchCode.SKIP;
      }
      if (timestamp < rules.earliestPutTimestamp()) {
        // Nothing older than this marker is a put: the rest of the column is markers hiding nothing.
        return MatchCode.SEEK_NEXT_COL;
      }
    } else if (deletes.isDeleted(qualifier, timestamp)) {
      return deletes.restOfColumnDeleted(timestamp) ? MatchCode.SEEK_NEXT_COL : MatchCode.SKIP;
    }
    MatchCode code = columns.checkVersions(qualifier, timestamp, marker);
    return code == MatchCode.INCLUDE ? MatchCode.INCLUDE : MatchCode.SEEK_NEXT_COL;
  }

  /** Markers hide cells in compaction unless deleted cells are kept (and, for TTL, the marker has not expired). */
  private boolean tracksMarker(long timestamp) {
    return rules.keepDeletedCells() == KeepDeletedCells.FALSE
        || (rules.keepDeletedCells() == KeepDeletedCells.TTL && timestamp < rules.oldestUnexpired());
  }

  private boolean keepsDeletedCells(long timestamp) {
    return rules.keepDeletedCells() == KeepDeletedCells.TRUE
        || (rules.keepDeletedCells() == KeepDeletedCells.TTL && timestamp >= rules.oldestUnexpired());
  }
}
