package io.basalt.hbase.read;

import java.io.IOException;
import java.util.Arrays;
import java.util.function.Supplier;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.filter.Filter;
import org.apache.hadoop.hbase.io.TimeRange;

/**
 * Decides, for each raw cell of one family in one row, whether it is returned and where the read goes next, in
 * HBase's order: the family's TTL, the cell's own TTL, delete markers, time range, wanted columns, version count,
 * then the filter, whose verdict is merged with the version count and followed by a second count of the versions it
 * let through.
 */
final class FamilyMatcher {
  private final ReadSpec.FamilyRules rules;
  private final Filter filter;
  private final boolean raw;
  private final ColumnTracker columns;
  private final DeleteTracker deletes = new DeleteTracker();
  private byte[] filteredColumn;
  private int filteredCount;

  FamilyMatcher(ReadSpec.FamilyRules rules, Filter filter, boolean raw) {
    this.rules = rules;
    this.filter = filter;
    this.raw = raw;
    this.columns = rules.newColumnTracker();
  }

  ReadSpec.FamilyRules rules() {
    return rules;
  }

  ColumnTracker columns() {
    return columns;
  }

  void startRow() {
    columns.startRow();
    deletes.startRow();
    filteredColumn = null;
    filteredCount = 0;
  }

  /** @param ttl the cell's own TTL, {@link CellTtls#NONE} for none */
  MatchCode match(byte[] qualifier, long timestamp, byte type, long ttl, Supplier<Cell> cell) throws IOException {
    if (filter != null && filter.filterAllRemaining()) {
      return MatchCode.DONE_SCAN;
    }
    if (columns.done()) {
      return MatchCode.SEEK_NEXT_ROW;
    }
    if (columns.expiredBeyondMinVersions(timestamp)) {
      return columns.nextColumnOrRow(qualifier);
    }
    if (CellTtls.expired(timestamp, ttl, rules.nowMillis())) {
      // As HBase: passed over before anything else looks at it, raw reads included. It counts as no version, so
      // an older one may show, and MIN_VERSIONS does not keep it (a cell's TTL only shortens its family's).
      return MatchCode.SKIP;
    }
    boolean marker = CellUtil.isDelete(type);
    if (!raw) {
      if (marker) {
        TimeRange range = rules.timeRange();
        if (rules.seePastDeleteMarkers() ? range.withinTimeRange(timestamp)
            : range.withinOrAfterTimeRange(timestamp)) {
          deletes.add(type, timestamp, qualifier);
        }
        return MatchCode.SKIP;
      }
      if (deletes.isDeleted(qualifier, timestamp)) {
        return deletes.restOfColumnDeleted(timestamp) ? columns.nextColumnOrRow(qualifier) : MatchCode.SKIP;
      }
    }
    int position = rules.timeRange().compare(timestamp);
    if (position > 0) {
      return MatchCode.SKIP; // too new: an older version may still be in range
    }
    if (position < 0) {
      return columns.nextColumnOrRow(qualifier);
    }
    MatchCode code = columns.checkColumn(qualifier);
    if (code != MatchCode.INCLUDE) {
      return code;
    }
    code = columns.checkVersions(qualifier, timestamp, marker);
    if (code == MatchCode.SKIP || code == MatchCode.SEEK_NEXT_COL) {
      return code;
    }
    return filter == null ? code : mergeWithFilter(code, filter.filterCell(cell.get()), qualifier);
  }

  /** Combines the version count's verdict with the filter's, as HBase's user scan matcher does. */
  private MatchCode mergeWithFilter(MatchCode versions, Filter.ReturnCode verdict, byte[] qualifier) {
    MatchCode code = versions;
    switch (verdict) {
      case SKIP:
        return switch (versions) {
          case INCLUDE -> MatchCode.SKIP;
          case INCLUDE_AND_SEEK_NEXT_COL -> MatchCode.SEEK_NEXT_COL;
          default -> MatchCode.SEEK_NEXT_ROW;
        };
      case NEXT_COL:
        return versions == MatchCode.INCLUDE_AND_SEEK_NEXT_ROW ? MatchCode.SEEK_NEXT_ROW
            : columns.nextColumnOrRow(qualifier);
      case NEXT_ROW:
        return MatchCode.SEEK_NEXT_ROW;
      case SEEK_NEXT_USING_HINT:
        return MatchCode.SEEK_NEXT_USING_HINT;
      case INCLUDE_AND_NEXT_COL:
        if (versions == MatchCode.INCLUDE) {
          code = MatchCode.INCLUDE_AND_SEEK_NEXT_COL;
          columns.nextColumnOrRow(qualifier); // the column is done for the tracker too
        }
        break;
      case INCLUDE:
      case INCLUDE_AND_SEEK_NEXT_ROW:
        // HBase keeps the version count's verdict here, even for INCLUDE_AND_SEEK_NEXT_ROW.
        break;
      default:
        throw new IllegalStateException("unknown filter verdict " + verdict);
    }
    // Whatever the include verdict, no column returns more versions than the read asked for.
    if (filteredColumn == null || !Arrays.equals(filteredColumn, qualifier)) {
      filteredColumn = qualifier;
      filteredCount = 0;
    }
    filteredCount++;
    if (filteredCount > rules.versionsAfterFilter()) {
      return code == MatchCode.INCLUDE_AND_SEEK_NEXT_ROW ? MatchCode.SEEK_NEXT_ROW : MatchCode.SEEK_NEXT_COL;
    }
    return code;
  }
}
