package io.basalt.hbase.read;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.filter.Filter;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Reads the visible cells of one row from a {@link RowSource}: each family's {@link FamilyMatcher} judges every raw
 * cell, and the verdicts move the source (skip a column, a family, jump to a filter's hint). Included cells pass
 * through the filter's {@code transformCell} and the per-family limit and offset.
 */
public final class RowReader {
  private final Filter filter;
  private final ReadSpec spec;
  private final Map<byte[], FamilyMatcher> matchers = new TreeMap<>(Bytes.BYTES_COMPARATOR);
  /** Families whose reading the filter has ended for the rest of the region. */
  private final Set<byte[]> closedFamilies = new TreeSet<>(Bytes.BYTES_COMPARATOR);

  /** The visible cells of a row, and whether the filter has ended the reading of every family in the region. */
  public record Row(List<Cell> cells, boolean allFamiliesDone) {}

  public RowReader(ReadSpec spec) {
    this.filter = spec.filter();
    this.spec = spec;
    for (byte[] family : spec.familyNames()) {
      matchers.put(family, new FamilyMatcher(spec.family(family), filter, spec.isRaw()));
    }
  }

  /** Reads the row's essential families: all of them, unless the read loads some on demand. */
  public Row readRow(RowSource source) throws IOException {
    return readRow(source, false);
  }

  /** Reads the families loaded on demand, after {@link RowSource#rewindFamilies()}, into a row already kept. */
  public Row readJoinedFamilies(RowSource source) throws IOException {
    return readRow(source, true);
  }

  private Row readRow(RowSource source, boolean joined) throws IOException {
    List<Cell> visible = new ArrayList<>();
    byte[] family = null;
    FamilyMatcher matcher = null;
    boolean checkOnLeaving = false;
    int countInFamily = 0;
    while (source.nextCell()) {
      byte[] cellFamily = source.family();
      if (family == null || !Arrays.equals(family, cellFamily)) {
        leaveFamily(family, checkOnLeaving);
        family = cellFamily;
        matcher = spec.isJoined(family) == joined && !closedFamilies.contains(family) ? matchers.get(family) : null;
        checkOnLeaving = matcher != null;
        countInFamily = 0;
        if (matcher == null) {
          source.skipFamily();
          continue;
        }
        matcher.startRow();
      }
      byte[] qualifier = source.qualifier();
      CellOnce cell = new CellOnce(source);
      MatchCode code = matcher.match(qualifier, source.timestamp(), source.typeByte(), source.timeToLive(), cell);
      switch (code) {
        case INCLUDE, INCLUDE_AND_SEEK_NEXT_COL, INCLUDE_AND_SEEK_NEXT_ROW -> {
          Cell included = filter == null ? cell.get() : filter.transformCell(cell.get());
          countInFamily++;
          ReadSpec.FamilyRules rules = matcher.rules();
          if (countInFamily > rules.storeOffset()) {
            visible.add(included);
          }
          if (rules.storeLimit() > -1 && reachedStoreLimit(countInFamily, rules)) {
            // HBase stops this family at its limit without looking at the next row's first cell.
            checkOnLeaving = false;
            source.skipFamily();
          } else if (code == MatchCode.INCLUDE_AND_SEEK_NEXT_ROW) {
            source.skipFamily();
          } else if (code == MatchCode.INCLUDE_AND_SEEK_NEXT_COL) {
            nextColumn(source, matcher, qualifier);
          }
        }
        case SKIP -> {
          // the next cell decides
        }
        case SEEK_NEXT_COL -> nextColumn(source, matcher, qualifier);
        case SEEK_NEXT_ROW -> source.skipFamily();
        case SEEK_NEXT_USING_HINT -> followHint(source, cell.get());
        case DONE_SCAN -> {
          closedFamilies.add(family);
          checkOnLeaving = false;
          source.skipFamily();
        }
        default -> throw new IllegalStateException("unexpected match code " + code);
      }
    }
    leaveFamily(family, checkOnLeaving);
    return new Row(visible, closedFamilies.size() == matchers.size());
  }

  /**
   * Whether the family has returned its {@code storeLimit} cells after skipping {@code storeOffset}. Summed as
   * longs: HBase 2.6 adds the two as ints, so a limit of {@code Integer.MAX_VALUE} with an offset wraps negative and
   * its region server returns one cell per family and row instead of all of them.
   */
  static boolean reachedStoreLimit(int countInFamily, ReadSpec.FamilyRules rules) {
    return countInFamily >= (long) rules.storeLimit() + rules.storeOffset();
  }

  /**
   * HBase reads each family with a scanner of its own that, on stepping from one row into the next, first asks the
   * filter whether it wants anything more; if not, that family's scanner closes for the rest of the region, while
   * the other families read on. A filter that answers "nothing more" only for the rest of a row (a per-row count,
   * say) therefore ends the families it saw that row end in.
   */
  private void leaveFamily(byte[] family, boolean check) throws IOException {
    if (family != null && check && filter != null && filter.filterAllRemaining()) {
      closedFamilies.add(family);
    }
  }

  /**
   * Leaves the current column: straight to the next named column when the read names columns, else past the
   * column's versions. The empty-qualifier column is stepped through cell by cell instead, because family delete
   * markers share that qualifier and may follow a newer put of it.
   */
  private static void nextColumn(RowSource source, FamilyMatcher matcher, byte[] qualifier) throws IOException {
    if (qualifier.length == 0) {
      return;
    }
    byte[] wanted = matcher.columns().nextWantedColumnAfter(qualifier);
    if (wanted != null) {
      source.seekFamily(source.row(), wanted, HConstants.LATEST_TIMESTAMP, KeyValue.Type.Maximum.getCode());
    } else {
      source.skipColumn();
    }
  }

  /**
   * Jumps where the filter says. Forwards a hint must lie after the cell; backwards it must lie in an earlier row.
   * A hint that does not move the read on is ignored and the next cell is looked at, as HBase does.
   */
  private void followHint(RowSource source, Cell cell) throws IOException {
    if (!spec.followsHints()) {
      return;
    }
    Cell hint = filter.getNextCellHint(cell);
    if (hint == null) {
      return;
    }
    int order = CellComparator.getInstance().compare(hint, cell);
    byte[] hintRow = CellUtil.cloneRow(hint);
    boolean sameRow = Bytes.equals(hintRow, source.row());
    if (source.isReversed() ? order >= 0 || sameRow : order <= 0) {
      return;
    }
    int familyOrder = Bytes.compareTo(CellUtil.cloneFamily(hint), source.family());
    if (familyOrder == 0) {
      source.seekFamily(hintRow, CellUtil.cloneQualifier(hint), hint.getTimestamp(), hint.getTypeByte());
    } else if (sameRow) {
      source.skipFamily(); // a later family of this row
    } else if (familyOrder > 0 && !source.isReversed()) {
      // Past every cell this family has in the hinted row.
      source.seekFamily(Bytes.add(hintRow, new byte[] {0}), HConstants.EMPTY_BYTE_ARRAY,
          HConstants.LATEST_TIMESTAMP, KeyValue.Type.Maximum.getCode());
    } else {
      source.seekFamily(hintRow, HConstants.EMPTY_BYTE_ARRAY, HConstants.LATEST_TIMESTAMP,
          KeyValue.Type.Maximum.getCode());
    }
  }

  /** Builds the current cell at most once, and only if someone needs it. */
  private static final class CellOnce implements Supplier<Cell> {
    private final RowSource source;
    private Cell cell;

    CellOnce(RowSource source) {
      this.source = source;
    }

    @Override
    public Cell get() {
      if (cell == null) {
        cell = source.cell();
      }
      return cell;
    }
  }
}
