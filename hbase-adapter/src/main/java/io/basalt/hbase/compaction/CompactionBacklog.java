package io.basalt.hbase.compaction;

import java.util.concurrent.atomic.LongAdder;

/**
 * What a tablet has accumulated for its next compaction: the cells written to it since its last whole compaction
 * began (each may hide an older cell, which stays on disk and in every read's way until a compaction drops it), and
 * the cells that compaction kept. A tablet made by a split or merge takes over its parents' backlog, so the cells
 * they were written stay counted: otherwise every split would forget writes no compaction has judged yet.
 */
public final class CompactionBacklog {
  private final LongAdder written = new LongAdder();
  private long kept;

  /** Counts cells written to the tablet (applied or not: the count only paces compactions). */
  public void wrote(long cells) {
    written.add(cells);
  }

  /** Cells written since the last whole compaction began, including those taken over from parents. */
  public long written() {
    return written.sum();
  }

  /** Cells the last whole compaction kept (for a tablet made by a split or merge, its share of its parents'). */
  public synchronized long kept() {
    return kept;
  }

  /**
   * Records a finished compaction of every family of the tablet.
   *
   * @param writtenAtStart {@link #written()} when the compaction began: the writes it judged
   * @param cellsKept the cells it kept
   */
  public synchronized void compacted(long writtenAtStart, long cellsKept) {
    written.add(-writtenAtStart);
    kept = cellsKept;
  }

  /** Takes over {@code share} of a parent's backlog: half of it for each daughter of a split, all of it in a merge. */
  public synchronized void inherit(CompactionBacklog parent, double share) {
    written.add(Math.round(parent.written() * share));
    kept += Math.round(parent.kept() * share);
  }
}
