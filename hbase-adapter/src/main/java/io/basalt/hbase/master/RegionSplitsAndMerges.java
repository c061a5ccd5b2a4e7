package io.basalt.hbase.master;

import io.basalt.hbase.compaction.CompactionBacklog;
import io.basalt.hbase.schema.HBaseTable;
import io.basalt.hbase.stats.TabletStatistics;
import io.basalt.storage.TabletStore;
import io.basalt.storage.catalog.TabletDefinition;
import io.basalt.storage.data.RowRange;
import io.basalt.storage.data.TableCursor;
import io.basalt.storage.errors.StorageException;
import io.basalt.storage.errors.UnknownTabletException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.TableNotEnabledException;
import org.apache.hadoop.hbase.UnknownRegionException;
import org.apache.hadoop.hbase.client.DoNotRetryRegionException;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.exceptions.MergeRegionException;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Splitting and merging regions with HBase's rules and errors. Regions are tablets, so both are metadata changes
 * ({@code Tablets} in storage): no cell is copied, the parents disappear from hbase:meta and the new regions appear
 * in the same step, with region ids newer than their parents'. A client still holding a parent's location gets
 * NotServingRegionException and looks the row up again, as it does after an HBase split. The new regions take over
 * their parents' compaction backlogs: a split moves no cell, so the cells hidden in the parent are now the
 * daughters'.
 */
public final class RegionSplitsAndMerges {
  private final TableDdl ddl;
  private final TabletStore store;
  private final TabletStatistics statistics;

  public RegionSplitsAndMerges(TableDdl ddl, TabletStore store, TabletStatistics statistics) {
    this.ddl = ddl;
    this.store = store;
    this.statistics = statistics;
  }

  /**
   * Splits a region in two at {@code splitRow}, or at its middle row when that is null.
   *
   * @return the two daughters
   */
  public List<RegionInfo> split(RegionInfo region, byte[] splitRow) throws IOException {
    TableName name = region.getTable();
    if (region.isMetaRegion()) {
      throw new DoNotRetryIOException(region.getShortNameToLog() + " NOT splittable");
    }
    // Finding the middle reads the whole region, so it happens before the DDL lock is taken.
    byte[] chosen = splitRow;
    if (chosen == null) {
      HBaseTable current = ddl.require(name);
      chosen = middleRow(current, tabletOf(current, region));
    }
    byte[] splitAt = chosen;
    // Taken before the change: the parent's statistics go once the regions are next listed.
    CompactionBacklog parentBacklog = backlogOf(region);
    HBaseTable after = ddl.changeTablets(name, region.getStartKey(), region.getEndKey(), (table, storageName) -> {
      TabletDefinition tablet = tabletOf(table, region);
      if (!table.descriptor().isSplitEnabled()) {
        throw new DoNotRetryIOException("Split region " + region.getRegionNameAsString()
            + " failed as region split is disabled for the table");
      }
      byte[] row = splitAt;
      if (row == null) {
        throw new DoNotRetryIOException("Region not splittable because bestSplitPoint = null, maybe table is too "
            + "small for auto split. For force split, try specifying split row");
      }
      if (Bytes.equals(tablet.startRow(), row)) {
        throw new DoNotRetryIOException("Split row is equal to startkey: " + Bytes.toStringBinary(row));
      }
      if (!tablet.contains(row)) {
        throw new DoNotRetryIOException("Split row is not inside region key range splitKey:"
            + Bytes.toStringBinary(row) + " region: " + region);
      }
      try {
        store.tablets().split(storageName, tablet, row);
      } catch (UnknownTabletException e) {
        throw new UnknownRegionException(region.getRegionNameAsString());
      }
    });
    List<RegionInfo> daughters = newRegions(after, List.of(region));
    for (RegionInfo daughter : daughters) {
      backlogOf(daughter).inherit(parentBacklog, 1.0 / daughters.size());
    }
    return daughters;
  }

  /**
   * Merges two or more regions of one table into one and returns it. Without {@code forcible} the regions must be
   * adjacent. With it they need not be, as in HBase: the merged region spans from the first one's start to the
   * last one's end. HBase then leaves the regions in between in hbase:meta, overlapping the merged one (its scans
   * skip their rows, its gets may or may not find them, and hbck reports the overlap); tablets always tile, so here
   * the merged region takes in the regions in between too, and every row stays readable.
   */
  public RegionInfo merge(List<RegionInfo> regions, boolean forcible) throws IOException {
    List<RegionInfo> sorted = new ArrayList<>(regions);
    sorted.sort(Comparator.comparing(RegionInfo::getStartKey, Bytes.BYTES_COMPARATOR));
    long distinct = sorted.stream().map(RegionInfo::getEncodedName).distinct().count();
    if (distinct != sorted.size()) {
      throw new MergeRegionException("Duplicate regions specified; cannot merge a region to itself. Passed in "
          + regions.size() + " but only " + distinct + " unique.");
    }
    if (sorted.size() < 2) {
      throw new MergeRegionException("Need two Regions at least to run a Merge");
    }
    for (int i = 1; i < sorted.size(); i++) {
      RegionInfo previous = sorted.get(i - 1);
      RegionInfo next = sorted.get(i);
      if (!previous.getTable().equals(next.getTable())) {
        throw new MergeRegionException("Can't merge regions from different tables: " + previous + ", " + next);
      }
      if (!forcible && !previous.isAdjacent(next)) {
        throw new MergeRegionException("Unable to merge non-adjacent or non-overlapping regions '"
            + previous.getShortNameToLog() + "', '" + next.getShortNameToLog() + "' when force=false");
      }
    }
    TableName name = sorted.get(0).getTable();
    // Taken before the change, as for a split: the parents' statistics go once the regions are next listed.
    List<CompactionBacklog> parentBacklogs = new ArrayList<>();
    // The regions merged, and any between them a forced merge takes in, close.
    byte[] spanStart = sorted.get(0).getStartKey();
    byte[] spanEnd = sorted.get(sorted.size() - 1).getEndKey();
    HBaseTable after = ddl.changeTablets(name, spanStart, spanEnd, (table, storageName) -> {
      if (!table.descriptor().isMergeEnabled()) {
        throw new DoNotRetryIOException("Merge of " + RegionInfo.getShortNameToLog(sorted)
            + " failed as region merge is disabled for the table");
      }
      for (RegionInfo region : sorted) {
        try {
          tabletOf(table, region);
        } catch (DoNotRetryRegionException e) {
          throw new MergeRegionException(e);
        }
      }
      // The named regions and, after a forced merge of regions apart, those between them.
      List<TabletDefinition> tablets = table.definition().tablets();
      int first = tablets.indexOf(tabletOf(table, sorted.get(0)));
      int last = tablets.indexOf(tabletOf(table, sorted.get(sorted.size() - 1)));
      List<TabletDefinition> merging = tablets.subList(first, last + 1);
      merging.forEach(tablet -> parentBacklogs.add(backlogOf(HBaseTable.regionInfo(name, tablet))));
      try {
        store.tablets().merge(storageName, merging);
      } catch (UnknownTabletException e) {
        throw new UnknownRegionException(e.getMessage());
      }
    });
    RegionInfo merged = newRegions(after, sorted).get(0);
    parentBacklogs.forEach(parent -> backlogOf(merged).inherit(parent, 1.0));
    return merged;
  }

  /**
   * Deletes every cell of a region's rows and keeps the region, as HBase's TruncateRegionProcedure does (it closes
   * the region, deletes its files and opens it again under the same name). The region's rows are erased in one
   * durable step; the table's other regions are not touched.
   */
  public void truncate(RegionInfo region) throws IOException {
    TableName name = region.getTable();
    if (name.equals(TableName.META_TABLE_NAME)) {
      throw new IOException("Can't truncate region in catalog tables");
    }
    ddl.changeTablets(name, region.getStartKey(), region.getEndKey(), (table, storageName) -> {
      if (!table.isEnabled()) {
        throw new TableNotEnabledException(name);
      }
      TabletDefinition tablet = tabletOf(table, region);
      table.storage().eraseRows(tablet.startRow(), tablet.endRow());
    });
  }

  private CompactionBacklog backlogOf(RegionInfo region) {
    return statistics.tablet(region.getEncodedName()).compactionBacklog();
  }

  /** The tablet behind an open region of {@code table}; HBase's errors for unknown or closed regions. */
  private static TabletDefinition tabletOf(HBaseTable table, RegionInfo region) throws IOException {
    for (TabletDefinition tablet : table.definition().tablets()) {
      if (tablet.id() == region.getRegionId() && Arrays.equals(tablet.startRow(), region.getStartKey())
          && Arrays.equals(tablet.endRow(), region.getEndKey())) {
        if (!table.isEnabled()) {
          throw new DoNotRetryRegionException(region.getEncodedName() + " is not OPEN; state=CLOSED");
        }
        return tablet;
      }
    }
    throw new UnknownRegionException(region.getRegionNameAsString());
  }

  /**
   * The row in the middle of the region's stored rows (HBase splits at its largest file's middle key), or null when
   * the region has fewer than two rows. Two passes: count, then walk to the middle. Read from this node's replica as
   * it is, without the cache and without a read barrier: in a cluster the master need not lead the region, and a
   * split point needs no linearizable read (it is checked against the region under the DDL lock).
   */
  private static byte[] middleRow(HBaseTable table, TabletDefinition tablet) throws StorageException {
    RowRange range = RowRange.forward(tablet.startRow(), tablet.endRow());
    long rows = 0;
    try (TableCursor cursor = table.storage().openSweepCursor(List.of(), range)) {
      while (cursor.nextRow()) {
        rows++;
      }
    }
    if (rows < 2) {
      return null;
    }
    try (TableCursor cursor = table.storage().openSweepCursor(List.of(), range)) {
      for (long i = 0; i <= rows / 2; i++) {
        if (!cursor.nextRow()) {
          return null; // rows were deleted meanwhile
        }
      }
      return cursor.row().clone();
    }
  }

  /** The regions of {@code after} that did not exist before: those covering the replaced ones' range. */
  private static List<RegionInfo> newRegions(HBaseTable after, List<RegionInfo> replaced) {
    byte[] start = replaced.get(0).getStartKey();
    byte[] end = replaced.get(replaced.size() - 1).getEndKey();
    List<RegionInfo> created = new ArrayList<>();
    for (RegionInfo region : after.regions()) {
      boolean startsInside = Bytes.compareTo(region.getStartKey(), start) >= 0
          && (end.length == 0 || Bytes.compareTo(region.getStartKey(), end) < 0);
      if (startsInside) {
        created.add(region);
      }
    }
    return created;
  }
}
