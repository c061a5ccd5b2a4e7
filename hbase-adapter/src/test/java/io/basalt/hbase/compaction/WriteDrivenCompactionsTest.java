package io.basalt.hbase.compaction;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import org.junit.jupiter.api.Test;

class WriteDrivenCompactionsTest {
  private final WriteDrivenCompactions compactions = new WriteDrivenCompactions(100);

  @Test
  void aRegionNeverCompactedIsDueOnceItsWritesReachTheFloor() {
    assertFalse(compactions.due("r", 0));
    assertFalse(compactions.due("r", 99));
    assertTrue(compactions.due("r", 100));
  }

  @Test
  void afterACompactionTheWritesSinceMustReachWhatItKept() {
    compactions.compacted("r", 1_000, 5_000);
    assertFalse(compactions.due("r", 1_000));
    assertFalse(compactions.due("r", 5_999), "4,999 cells written since, fewer than the 5,000 kept");
    assertTrue(compactions.due("r", 6_000));
  }

  @Test
  void aSmallRegionWaitsForTheFloorNotForWhatItKept() {
    compactions.compacted("r", 1_000, 3);
    assertFalse(compactions.due("r", 1_050));
    assertTrue(compactions.due("r", 1_100));
  }

  @Test
  void regionsAreJudgedApart() {
    compactions.compacted("busy", 0, 10_000);
    assertFalse(compactions.due("busy", 500));
    assertTrue(compactions.due("quiet", 500));
  }

  @Test
  void countersRestartedBelowTheBaselineCountFromZero() {
    compactions.compacted("r", 1_000_000, 10);
    assertFalse(compactions.due("r", 50));
    assertTrue(compactions.due("r", 150), "a region that came back with fresh counters is judged on them alone");
  }

  @Test
  void forgottenRegionsStartAfresh() {
    compactions.compacted("gone", 0, 1_000_000);
    compactions.compacted("kept", 0, 1_000_000);
    compactions.retainOnly(Set.of("kept"));
    assertTrue(compactions.due("gone", 100));
    assertFalse(compactions.due("kept", 100));
  }
}
