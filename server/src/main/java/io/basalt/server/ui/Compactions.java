package io.basalt.server.ui;

import org.apache.hadoop.hbase.client.CompactionState;

/** A table's compaction state from its regions', as HBase's master combines them for {@code getCompactionState}. */
final class Compactions {
  private Compactions() {}

  static CompactionState combine(CompactionState a, CompactionState b) {
    boolean major = isMajor(a) || isMajor(b);
    boolean minor = isMinor(a) || isMinor(b);
    if (major && minor) {
      return CompactionState.MAJOR_AND_MINOR;
    }
    return major ? CompactionState.MAJOR : minor ? CompactionState.MINOR : CompactionState.NONE;
  }

  private static boolean isMajor(CompactionState state) {
    return state == CompactionState.MAJOR || state == CompactionState.MAJOR_AND_MINOR;
  }

  private static boolean isMinor(CompactionState state) {
    return state == CompactionState.MINOR || state == CompactionState.MAJOR_AND_MINOR;
  }
}
