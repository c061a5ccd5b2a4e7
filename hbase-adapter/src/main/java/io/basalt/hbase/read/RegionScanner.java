package io.basalt.hbase.read;

import io.basalt.storage.data.Waiting;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.Result;

/** An open scan of one region, consumed in batches by the scanner protocol. */
public interface RegionScanner extends AutoCloseable {
  RegionInfo region();

  /**
   * Returns the next Results within the limits. With {@link Waiting#REFUSED}, a scanner that would wait throws
   * {@link io.basalt.storage.errors.WouldBlockException} and, if it {@link #readsWithoutWaiting() read without waiting}
   * when called, is back where it was: the same call allowed to wait returns what this one would have.
   */
  Batch next(ScanLimits limits, Waiting waiting) throws IOException;

  /**
   * Whether the next batch may be read refusing to wait: where it would wait, the scanner gives up having changed
   * nothing (see {@link #next}).
   */
  default boolean readsWithoutWaiting() {
    return false;
  }

  @Override
  void close();

  /**
   * One batch of results.
   *
   * @param results whole rows, or pieces of rows flagged as having more cells
   * @param moreInRegion false once the region (or the scan's range inside it) has no further rows
   * @param heartbeat true when the deadline cut the batch short while rows remain
   * @param filterDone true when the filter will accept no further row of this region
   * @param lastRow the last row examined, for a heartbeat's cursor; null if none
   * @param readRequests what the batch adds to the region's read requests as HBase counts them (one per call of its
   *     region scanner): one per Result, and one more when the batch ends on a search that found nothing, unless
   *     that search only confirmed the end right after the last row
   * @param filteredRows rows read and dropped, by the filter or for having no visible cells: HBase's filtered read
   *     requests
   */
  record Batch(List<Result> results, boolean moreInRegion, boolean heartbeat, boolean filterDone,
      byte[] lastRow, int readRequests, int filteredRows) {}
}
