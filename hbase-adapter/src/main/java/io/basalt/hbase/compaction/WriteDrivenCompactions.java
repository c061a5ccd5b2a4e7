package io.basalt.hbase.compaction;


/**
 * Decides when a region is due a minor compaction nobody asked for. HBase starts one as a store's flushed files
 * accumulate; Basalt has no files of its own to count, so it counts what makes a compaction worth its cost: the cells
 * written since the region's last compaction, each of which may have hidden an older one ({@link
 * CompactionBacklog}). A region is due once those reach both a floor and the cells its last compaction kept. That
 * holds the cells hidden by overwrites to about as many as the live ones, so reads step over few of them, while a
 * compaction, which reads every stored cell, costs each written cell about two reads in the background. The floor
 * only keeps small regions from being compacted after every few writes; it is small, because below it a region's
 * hidden cells may outnumber its live ones many times over.
 */
public final class WriteDrivenCompactions {
  private final long minCells;

  /** @param minCells the fewest cells written since the last compaction that make a region due */
  public WriteDrivenCompactions(long minCells) {
    this.minCells = minCells;
  }

  /** Whether a region with this backlog is due a minor compaction. */
  public boolean due(CompactionBacklog backlog) {
    return backlog.written() >= Math.max(minCells, backlog.kept());
  }
}
