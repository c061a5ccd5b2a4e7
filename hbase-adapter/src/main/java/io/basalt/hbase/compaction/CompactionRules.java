package io.basalt.hbase.compaction;

import io.basalt.hbase.read.FamilySchema;
import org.apache.hadoop.hbase.KeepDeletedCells;

/**
 * What a compaction of one family keeps.
 *
 * @param maxVersions the family's VERSIONS
 * @param minVersions the family's MIN_VERSIONS, kept even past the TTL
 * @param oldestUnexpired cells older than this have outlived the family's TTL
 * @param keepDeletedCells the family's KEEP_DELETED_CELLS
 * @param dropDeletes a major compaction, which drops delete markers; a minor one keeps them
 * @param earliestPutTimestamp the oldest put of the family in the compacted range: markers older than it hide
 *     nothing, so even KEEP_DELETED_CELLS need not keep them
 * @param nowMillis the compaction's clock, against which cells with their own TTL expire
 */
public record CompactionRules(int maxVersions, int minVersions, long oldestUnexpired,
    KeepDeletedCells keepDeletedCells, boolean dropDeletes, long earliestPutTimestamp, long nowMillis) {

  public static CompactionRules forFamily(FamilySchema.Family family, long nowMillis, boolean major) {
    return new CompactionRules(family.maxVersions(), family.minVersions(), family.oldestUnexpired(nowMillis),
        family.keepDeletedCells(), major, Long.MIN_VALUE, nowMillis);
  }

  /** Whether {@link #earliestPutTimestamp} can change a verdict, so is worth a pass over the range to learn. */
  public boolean needsEarliestPut() {
    return dropDeletes && keepDeletedCells != KeepDeletedCells.FALSE;
  }

  public CompactionRules withEarliestPut(long timestamp) {
    return new CompactionRules(maxVersions, minVersions, oldestUnexpired, keepDeletedCells, dropDeletes, timestamp,
        nowMillis);
  }
}
