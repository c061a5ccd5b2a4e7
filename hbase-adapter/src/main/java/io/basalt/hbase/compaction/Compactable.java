package io.basalt.hbase.compaction;

import java.io.IOException;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import org.apache.hadoop.hbase.client.RegionInfo;

/** A region as compactions see it: what it has accumulated since its last compaction, and how to compact it. */
public interface Compactable {
  RegionInfo info();

  /** Whether the region serves requests; HBase compacts only regions that are open. */
  boolean isOnline();

  /**
   * Compacts the region now: drops what HBase's compaction would (see {@link TabletCompaction}) and rewrites its
   * files. Returns early, having changed only whole rows, once {@code cancelled} says so.
   *
   * @param major drop delete markers too, as HBase's major compaction does
   * @param family the one family to compact, or null for all of them
   * @return what the compaction dropped and kept; empty when the region was not compacted because it is not open
   */
  Optional<TabletCompaction.Outcome> compact(boolean major, byte[] family, BooleanSupplier cancelled)
      throws IOException;

  /** What the region has accumulated for its next compaction: the measure of what one may find to drop. */
  CompactionBacklog compactionBacklog();
}
