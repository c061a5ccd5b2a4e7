package io.basalt.hbase.read;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.KeepDeletedCells;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Query;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.filter.Filter;
import org.apache.hadoop.hbase.filter.FuzzyRowFilter;
import org.apache.hadoop.hbase.io.TimeRange;
import org.apache.hadoop.hbase.regionserver.NoSuchColumnFamilyException;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * What a Get or Scan asks of each row, resolved against the table's schema: which families and columns, which time
 * range, how many versions, the filter, and the per-family VERSIONS, MIN_VERSIONS, TTL and KEEP_DELETED_CELLS
 * that bound what is visible. Each Get or scanner gets its own filter instance, as in HBase.
 */
public final class ReadSpec {
  private final TreeMap<byte[], FamilyRules> families;
  private final boolean raw;
  private final Filter filter;
  private final TreeSet<byte[]> joinedFamilies;
  private boolean followsHints = true;

  private ReadSpec(TreeMap<byte[], FamilyRules> families, boolean raw, Filter filter,
      TreeSet<byte[]> joinedFamilies) {
    this.families = families;
    this.raw = raw;
    this.filter = filter;
    this.joinedFamilies = joinedFamilies;
  }

  public static ReadSpec forGet(Get get, FamilySchema table, RegionInfo region, long nowMillis)
      throws IOException {
    return build(get, get.getFamilyMap(), get.getTimeRange(), get.getColumnFamilyTimeRange(),
        get.getMaxVersions(), get.getMaxResultsPerColumnFamily(), get.getRowOffsetPerColumnFamily(), false,
        get.getFilter(), table, region, nowMillis);
  }

  public static ReadSpec forScan(Scan scan, FamilySchema table, RegionInfo region, long nowMillis)
      throws IOException {
    if (scan.isRaw()) {
      for (NavigableSet<byte[]> columns : scan.getFamilyMap().values()) {
        if (columns != null && !columns.isEmpty()) {
          throw new DoNotRetryIOException("Cannot specify any column for a raw scan");
        }
      }
    }
    if (scan.isReversed() && scan.getFilter() != null) {
      // Filters that steer by row (prefixes, row ranges, fuzzy rows, inclusive stops) must know the direction.
      scan.getFilter().setReversed(true);
    }
    ReadSpec spec = build(scan, scan.getFamilyMap(), scan.getTimeRange(), scan.getColumnFamilyTimeRange(),
        scan.getMaxVersions(), scan.getMaxResultsPerColumnFamily(), scan.getRowOffsetPerColumnFamily(),
        scan.isRaw(), scan.getFilter(), table, region, nowMillis);
    if (scan.isReversed() && spec.hasJoinedFamilies()) {
      throw new DoNotRetryIOException("Reverse scan with loading CFs on demand is not supported");
    }
    // HBase 2.6's FuzzyRowFilter can loop forever computing a hint backwards (real HBase hangs the same way).
    // A hint only saves reading: stepping on cell by cell gives the same rows and cannot hang.
    spec.followsHints = !(scan.isReversed() && FilterTrees.contains(scan.getFilter(), FuzzyRowFilter.class));
    return spec;
  }

  private static ReadSpec build(Query query, Map<byte[], NavigableSet<byte[]>> requested, TimeRange timeRange,
      Map<byte[], TimeRange> familyTimeRanges, int maxVersions, int storeLimit, int storeOffset, boolean raw,
      Filter filter, FamilySchema table, RegionInfo region, long nowMillis) throws IOException {
    Limits limits = new Limits(timeRange, familyTimeRanges, maxVersions, storeLimit, storeOffset, raw,
        filter != null, nowMillis);
    TreeMap<byte[], FamilyRules> families = new TreeMap<>(Bytes.BYTES_COMPARATOR);
    if (requested.isEmpty()) {
      for (FamilySchema.Family family : table.families()) {
        families.put(family.name(), limits.rulesFor(family, null));
      }
    } else {
      for (Map.Entry<byte[], NavigableSet<byte[]>> entry : requested.entrySet()) {
        FamilySchema.Family family = table.family(entry.getKey());
        if (family == null) {
          // The table as HBase's region names it here: its whole descriptor.
          throw new NoSuchColumnFamilyException("Column family " + Bytes.toStringBinary(entry.getKey())
              + " does not exist in region " + region.getRegionNameAsString() + " in table " + table.table());
        }
        NavigableSet<byte[]> columns = entry.getValue() == null || entry.getValue().isEmpty()
            ? null : entry.getValue();
        families.put(family.name(), limits.rulesFor(family, columns));
      }
    }
    return new ReadSpec(families, raw, filter, joinedFamilies(query, filter, families.keySet()));
  }

  /**
   * The families loaded on demand: HBase region servers by default read first only the families the filter calls
   * essential, decide on the row from those, and only then read the rest into rows the filter kept. A filter such
   * as SingleColumnValueFilter with filterIfMissing marks just its own family essential. A read can switch this
   * off with {@code setLoadColumnFamiliesOnDemand(false)}.
   */
  private static TreeSet<byte[]> joinedFamilies(Query query, Filter filter, Iterable<byte[]> families)
      throws IOException {
    TreeSet<byte[]> joined = new TreeSet<>(Bytes.BYTES_COMPARATOR);
    Boolean onDemand = query.getLoadColumnFamiliesOnDemandValue();
    if (filter == null || (onDemand != null && !onDemand)) {
      return joined;
    }
    for (byte[] family : families) {
      if (!filter.isFamilyEssential(family)) {
        joined.add(family);
      }
    }
    return joined;
  }

  /** Families to read, sorted by name; never empty for a table with families. */
  public List<byte[]> familyNames() {
    return Collections.unmodifiableList(new ArrayList<>(families.keySet()));
  }

  /** The rules for a family, or null when the read does not want it. */
  public FamilyRules family(byte[] name) {
    return families.get(name);
  }

  public boolean isRaw() {
    return raw;
  }

  /** Whether the family is read only for rows the filter has already kept on the essential families. */
  public boolean isJoined(byte[] family) {
    return joinedFamilies.contains(family);
  }

  /** Whether the read jumps where the filter's hints point, rather than stepping to the next cell. */
  public boolean followsHints() {
    return followsHints;
  }

  public boolean hasJoinedFamilies() {
    return !joinedFamilies.isEmpty();
  }

  /** The read's filter, or null. */
  public Filter filter() {
    return filter;
  }

  /** The read-wide settings that become per-family rules. */
  private record Limits(TimeRange timeRange, Map<byte[], TimeRange> familyTimeRanges, int requestedVersions,
      int storeLimit, int storeOffset, boolean raw, boolean filtered, long nowMillis) {

    FamilyRules rulesFor(FamilySchema.Family family, NavigableSet<byte[]> columns) {
      TimeRange range = familyTimeRanges.isEmpty() ? timeRange
          : familyTimeRanges.getOrDefault(family.name(), timeRange);
      // Versions returned: raw reads take what they ask for, others at most the family's VERSIONS. With a filter,
      // the filter sees up to the family's VERSIONS and the count applies to what it lets through.
      int returned = raw ? requestedVersions : Math.min(requestedVersions, family.maxVersions());
      int checked = filtered ? (raw ? Integer.MAX_VALUE : family.maxVersions()) : returned;
      long oldestUnexpired = raw ? Long.MIN_VALUE : family.oldestUnexpired(nowMillis);
      boolean seePastDeleteMarkers = family.keepDeletedCells() != KeepDeletedCells.FALSE;
      return new FamilyRules(columns, range, checked, filtered ? returned : Integer.MAX_VALUE,
          family.minVersions(), oldestUnexpired, seePastDeleteMarkers, storeLimit, storeOffset, nowMillis);
    }
  }

  /**
   * What one family of a read may return.
   *
   * @param columns wanted qualifiers, or null for every column
   * @param timeRange cells outside it are not returned
   * @param versionsToCheck versions per column counted before the filter
   * @param versionsAfterFilter versions per column the filter may let through
   * @param minVersions versions kept even when past the TTL
   * @param oldestUnexpired cells older than this have outlived the family's TTL
   * @param seePastDeleteMarkers KEEP_DELETED_CELLS: markers only hide cells inside the read's time range
   * @param storeLimit most cells returned per row of this family ({@code -1}: no limit)
   * @param storeOffset cells of this family skipped at the start of each row
   * @param nowMillis the read's clock, against which cells with their own TTL expire
   */
  public record FamilyRules(NavigableSet<byte[]> columns, TimeRange timeRange, int versionsToCheck,
      int versionsAfterFilter, int minVersions, long oldestUnexpired, boolean seePastDeleteMarkers, int storeLimit,
      int storeOffset, long nowMillis) {

    ColumnTracker newColumnTracker() {
      return new ColumnTracker(columns, versionsToCheck, minVersions, oldestUnexpired);
    }
  }
}
