package io.basalt.hbase.compaction;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class WriteDrivenCompactionsTest {
  private final WriteDrivenCompactions compactions = new WriteDrivenCompactions(100);
  private final CompactionBacklog backlog = new CompactionBacklog();

  @Test
  void aRegionNeverCompactedIsDueOnceItsWritesReachTheFloor() {
    assertFalse(compactions.due(backlog));
    backlog.wrote(99);
    assertFalse(compactions.due(backlog));
    backlog.wrote(1);
    assertTrue(compactions.due(backlog));
  }

  @Test
  void afterACompactionTheWritesSinceMustReachWhatItKept() {
    backlog.wrote(1_000);
    backlog.compacted(1_000, 5_000);
    assertFalse(compactions.due(backlog));
    backlog.wrote(4_999);
    assertFalse(compactions.due(backlog), "4,999 cells written since, fewer than the 5,000 kept");
    backlog.wrote(1);
    assertTrue(compactions.due(backlog));
  }

  @Test
  void aSmallRegionWaitsForTheFloorNotForWhatItKept() {
    backlog.wrote(1_000);
    backlog.compacted(1_000, 3);
    backlog.wrote(50);
    assertFalse(compactions.due(backlog));
    backlog.wrote(50);
    assertTrue(compactions.due(backlog));
  }
}
