package io.basalt.hbase.compaction;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Decides when a region is due a minor compaction nobody asked for. HBase starts one as a store's flushed files
 * accumulate; Basalt has no files of its own to count, so it counts what makes a compaction worth its cost: the cells
 * written since the region's last compaction, each of which may have hidden an older one. A region is due once those
 * reach both a floor and the cells its last compaction kept. That holds the cells hidden by overwrites to about as
 * many as the live ones, while a compaction, which reads every stored cell, costs each written cell about two reads
 * in the background.
 */
public final class WriteDrivenCompactions {
  private final long minCells;
  /** Per region (encoded name), as its last whole compaction left it. */
  private final Map<String, Baseline> baselines = new ConcurrentHashMap<>();

  private record Baseline(long cellsWritten, long cellsKept) {
    static final Baseline NONE = new Baseline(0, 0);
  }

  /** @param minCells the fewest cells written since the last compaction that make a region due */
  public WriteDrivenCompactions(long minCells) {
    this.minCells = minCells;
  }

  /** Whether a region with this many cells written since the server started is due a minor compaction. */
  public boolean due(String region, long cellsWritten) {
    Baseline last = baselines.getOrDefault(region, Baseline.NONE);
    // A count below the baseline belongs to a region that went away and came back with fresh counters.
    long since = cellsWritten >= last.cellsWritten() ? cellsWritten - last.cellsWritten() : cellsWritten;
    return since >= Math.max(minCells, last.cellsKept());
  }

  /**
   * Records a finished compaction of all of a region's families.
   *
   * @param cellsWrittenAtStart the region's written-cell count when the compaction started: it judged those writes
   * @param cellsKept the cells it kept
   */
  public void compacted(String region, long cellsWrittenAtStart, long cellsKept) {
    baselines.put(region, new Baseline(cellsWrittenAtStart, cellsKept));
  }

  /** Forgets regions no longer served. */
  public void retainOnly(Set<String> regions) {
    baselines.keySet().retainAll(regions);
  }
}
