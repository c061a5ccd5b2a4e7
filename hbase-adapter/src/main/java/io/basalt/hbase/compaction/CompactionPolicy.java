package io.basalt.hbase.compaction;

import java.util.concurrent.TimeUnit;

/**
 * When Basalt compacts regions without being asked.
 *
 * @param majorPeriodMillis how often every region is major-compacted ({@code hbase.hregion.majorcompaction}); 0:
 *     only on request
 * @param minorCheckPeriodMillis how often regions are checked for a minor compaction their writes have made due
 *     (see {@link WriteDrivenCompactions}); 0 turns these off
 * @param minorMinCells the fewest cells written since a region's last compaction that make it due
 */
public record CompactionPolicy(long majorPeriodMillis, long minorCheckPeriodMillis, long minorMinCells) {

  public static CompactionPolicy defaults() {
    return new CompactionPolicy(TimeUnit.DAYS.toMillis(7), 10_000, 10_000);
  }
}
