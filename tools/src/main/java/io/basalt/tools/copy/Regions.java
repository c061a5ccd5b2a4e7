package io.basalt.tools.copy;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.util.Bytes;

/** A table's region boundaries: the unit of parallel copying and comparing, and the target's split keys. */
final class Regions {
  private Regions() {}

  /** One row range per region, in key order. */
  static List<KeyRange> of(Connection connection, TableName table) throws IOException {
    try (RegionLocator locator = connection.getRegionLocator(table)) {
      byte[][] starts = locator.getStartKeys();
      byte[][] ends = locator.getEndKeys();
      List<KeyRange> ranges = new ArrayList<>();
      for (int i = 0; i < starts.length; i++) {
        ranges.add(new KeyRange(starts[i], ends[i]));
      }
      ranges.sort((a, b) -> Bytes.compareTo(a.start(), b.start()));
      return ranges;
    }
  }

  /** The split keys that recreate these regions: every start key but the first (empty) one. */
  static byte[][] splitKeys(List<KeyRange> regions) {
    return regions.stream().map(KeyRange::start).filter(start -> start.length > 0).toArray(byte[][]::new);
  }

  /** A row range {@code [start, end)}; an empty end means the end of the table. */
  record KeyRange(byte[] start, byte[] end) {
    @Override
    public String toString() {
      return "[" + Bytes.toStringBinary(start) + ", "
          + (Arrays.equals(end, HConstants.EMPTY_END_ROW) ? "end" : Bytes.toStringBinary(end)) + ")";
    }
  }
}
