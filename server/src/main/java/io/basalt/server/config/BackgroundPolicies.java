package io.basalt.server.config;

import io.basalt.hbase.compaction.CompactionPolicy;
import io.basalt.hbase.master.SplitMergePolicy;

/** The front end's background work as the configuration sets it: compactions, and automatic splits and merges. */
public final class BackgroundPolicies {
  private BackgroundPolicies() {}

  /** When regions are compacted. */
  public static CompactionPolicy compaction(BasaltConfig config) throws ConfigException {
    return new CompactionPolicy(config.nonNegativeLong(Settings.MAJOR_COMPACTION_PERIOD),
        config.nonNegativeLong(Settings.MINOR_COMPACTION_CHECK_PERIOD),
        config.positiveLong(Settings.MINOR_COMPACTION_MIN_CELLS));
  }

  /** When tablets are split and merged without anyone asking. */
  public static SplitMergePolicy splitsAndMerges(BasaltConfig config) throws ConfigException {
    long sharePercent = config.positiveLong(Settings.HOT_SHARE_PERCENT);
    if (sharePercent > 100) {
      throw new ConfigException(Settings.HOT_SHARE_PERCENT.key() + " must be at most 100, not " + sharePercent);
    }
    try {
      return new SplitMergePolicy(config.nonNegativeLong(Settings.SPLIT_CHECK_PERIOD),
          config.positiveLong(Settings.MAX_REGION_SIZE), (int) sharePercent,
          config.positiveLong(Settings.HOT_REQUESTS_PER_SECOND), config.nonNegativeLong(Settings.HOT_SUSTAIN),
          config.nonNegativeLong(Settings.MERGE_MAX_SIZE),
          config.nonNegativeLong(Settings.MERGE_COLD_REQUESTS_PER_SECOND),
          config.nonNegativeLong(Settings.MERGE_MIN_AGE));
    } catch (IllegalArgumentException e) {
      throw new ConfigException(Settings.MERGE_MAX_SIZE.key() + ": " + e.getMessage());
    }
  }
}
