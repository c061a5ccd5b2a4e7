package io.basalt.hbase.read;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.TreeMap;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Query;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.io.TimeRange;
import org.apache.hadoop.hbase.regionserver.NoSuchColumnFamilyException;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * What a Get or Scan asks of each row, resolved against the table's schema: which families and columns, which time
 * range, how many versions, and the per-family VERSIONS and TTL that bound what is visible.
 */
public final class ReadSpec {
  private final TreeMap<byte[], FamilyRules> families;
  private final boolean raw;

  private ReadSpec(TreeMap<byte[], FamilyRules> families, boolean raw) {
    this.families = families;
    this.raw = raw;
  }

  public static ReadSpec forGet(Get get, TableDescriptor table, RegionInfo region, long nowMillis)
      throws DoNotRetryIOException {
    checkSupported(get);
    if (get.getMaxResultsPerColumnFamily() >= 0 || get.getRowOffsetPerColumnFamily() > 0) {
      throw unsupported("per-family result limits and offsets on Get");
    }
    return build(get.getFamilyMap(), get.getTimeRange(), get.getColumnFamilyTimeRange(), get.getMaxVersions(),
        false, table, region, nowMillis);
  }

  public static ReadSpec forScan(Scan scan, TableDescriptor table, RegionInfo region, long nowMillis)
      throws DoNotRetryIOException {
    checkSupported(scan);
    if (scan.getMaxResultsPerColumnFamily() >= 0 || scan.getRowOffsetPerColumnFamily() > 0) {
      throw unsupported("per-family result limits and offsets on Scan");
    }
    if (scan.getBatch() > 0) {
      throw unsupported("Scan batching (setBatch)");
    }
    return build(scan.getFamilyMap(), scan.getTimeRange(), scan.getColumnFamilyTimeRange(),
        scan.getMaxVersions(), scan.isRaw(), table, region, nowMillis);
  }

  private static ReadSpec build(Map<byte[], NavigableSet<byte[]>> requested, TimeRange timeRange,
      Map<byte[], TimeRange> familyTimeRanges, int maxVersions, boolean raw, TableDescriptor table,
      RegionInfo region, long nowMillis) throws NoSuchColumnFamilyException {
    TreeMap<byte[], FamilyRules> families = new TreeMap<>(Bytes.BYTES_COMPARATOR);
    if (requested.isEmpty()) {
      for (ColumnFamilyDescriptor family : table.getColumnFamilies()) {
        families.put(family.getName(), rules(family, null, timeRange, familyTimeRanges, maxVersions, raw,
            nowMillis));
      }
    } else {
      for (Map.Entry<byte[], NavigableSet<byte[]>> entry : requested.entrySet()) {
        ColumnFamilyDescriptor family = table.getColumnFamily(entry.getKey());
        if (family == null) {
          throw new NoSuchColumnFamilyException("Column family " + Bytes.toStringBinary(entry.getKey())
              + " does not exist in region " + region.getRegionNameAsString() + " in table "
              + table.getTableName());
        }
        NavigableSet<byte[]> columns = entry.getValue() == null || entry.getValue().isEmpty()
            ? null : entry.getValue();
        families.put(family.getName(), rules(family, columns, timeRange, familyTimeRanges, maxVersions, raw,
            nowMillis));
      }
    }
    return new ReadSpec(families, raw);
  }

  private static FamilyRules rules(ColumnFamilyDescriptor family, NavigableSet<byte[]> columns,
      TimeRange timeRange, Map<byte[], TimeRange> familyTimeRanges, int requestedVersions, boolean raw,
      long nowMillis) {
    TimeRange range = familyTimeRanges.getOrDefault(family.getName(), timeRange);
    // Raw reads see every stored version; normal reads at most the family's VERSIONS.
    int versions = raw ? requestedVersions : Math.min(requestedVersions, family.getMaxVersions());
    long oldestVisible = Long.MIN_VALUE;
    if (!raw && family.getTimeToLive() != HConstants.FOREVER) {
      oldestVisible = nowMillis - family.getTimeToLive() * 1000L;
    }
    return new FamilyRules(columns, range, versions, oldestVisible);
  }

  private static void checkSupported(Query query) throws DoNotRetryIOException {
    if (query.getFilter() != null) {
      throw unsupported("server-side filters (" + query.getFilter().getClass().getSimpleName() + ")");
    }
  }

  private static DoNotRetryIOException unsupported(String what) {
    return new DoNotRetryIOException(what + " is not supported by Basalt yet");
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

  /**
   * What one family of a read may return.
   *
   * @param columns wanted qualifiers, or null for every column
   * @param timeRange cells outside it are not returned
   * @param maxVersions newest versions returned per column
   * @param oldestVisible cells older than this have outlived the family's TTL
   */
  public record FamilyRules(NavigableSet<byte[]> columns, TimeRange timeRange, int maxVersions,
      long oldestVisible) {

    public boolean wantsColumn(byte[] qualifier) {
      return columns == null || columns.contains(qualifier);
    }
  }
}
