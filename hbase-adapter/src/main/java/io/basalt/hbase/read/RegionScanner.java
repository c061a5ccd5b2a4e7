package io.basalt.hbase.read;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.Result;

/** An open scan of one region, consumed in batches by the scanner protocol. */
public interface RegionScanner extends AutoCloseable {
  RegionInfo region();

  /**
   * Returns up to {@code maxRows} rows with visible cells, stopping after the row that brings the collected cell
   * bytes to {@code maxBytes}. Rows are never split.
   */
  Batch next(int maxRows, long maxBytes) throws IOException;

  @Override
  void close();

  /**
   * One batch of rows.
   *
   * @param moreInRegion false once the region (or the scan's range inside it) has no further rows
   */
  record Batch(List<Result> results, boolean moreInRegion) {}
}
