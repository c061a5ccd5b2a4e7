package io.basalt.hbase.master;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The policy refuses settings that would make the splitter undo its own merges, and a period of 0 turns it off. */
class SplitMergePolicyTest {
  @Test
  void mergedTabletsMayReachAtMostHalfTheSplitSize() {
    IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
        () -> new SplitMergePolicy(10_000, 1_000, 50, 1_000, 55_000, 501, 1, 600_000));
    assertTrue(refused.getMessage().contains("they would split and merge back and forth"), refused.getMessage());
    assertDoesNotThrow(() -> new SplitMergePolicy(10_000, 1_000, 50, 1_000, 55_000, 500, 1, 600_000), "exactly half");
    assertDoesNotThrow(SplitMergePolicy::defaults, "1 GiB merged, 10 GiB split");
  }

  @Test
  void aCheckPeriodOfZeroTurnsAutomaticChangesOff() {
    assertTrue(new SplitMergePolicy(1, 1_000, 50, 1_000, 55_000, 500, 1, 600_000).enabled());
    assertFalse(new SplitMergePolicy(0, 1_000, 50, 1_000, 55_000, 500, 1, 600_000).enabled());
    assertTrue(SplitMergePolicy.defaults().enabled());
  }
}
