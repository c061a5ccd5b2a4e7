package io.basalt.hbase.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.hbase.testing.ManualClock;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TabletStatisticsTest {
  private final ManualClock clock = new ManualClock();

  @Test
  void aTabletKeepsItsCountsUnderItsRegionName() {
    try (TabletStatistics statistics = new TabletStatistics(clock)) {
      TabletRequests tablet = statistics.tablet("r1");
      tablet.countReads(3, 1);
      tablet.countReads(1, 0);
      tablet.countWrites(5, 7);
      assertSame(tablet, statistics.tablet("r1"), "region objects rebuilt later find the same counters");
      assertEquals(4, tablet.readRequests());
      assertEquals(1, tablet.filteredReadRequests());
      assertEquals(5, tablet.writeRequests());
      assertEquals(7, tablet.compactionBacklog().written());
      assertTrue(statistics.find("r2").isEmpty());
    }
  }

  @Test
  void regionsNoLongerServedAreForgotten() {
    try (TabletStatistics statistics = new TabletStatistics(clock)) {
      statistics.tablet("kept").countWrites(1, 1);
      statistics.tablet("dropped").countWrites(1, 1);
      statistics.retainOnly(Set.of("kept", "new"));
      assertTrue(statistics.find("kept").isPresent());
      assertTrue(statistics.find("dropped").isEmpty());
      assertEquals(0, statistics.tablet("dropped").writeRequests(), "a region of the same name starts afresh");
    }
  }

  @Test
  void ratesFollowTheSampledRequests() {
    try (TabletStatistics statistics = new TabletStatistics(clock)) {
      TabletRequests a = statistics.tablet("a");
      TabletRequests b = statistics.tablet("b");
      statistics.sample();
      for (int second = 0; second < 5; second++) {
        a.countReads(10, 0);
        b.countWrites(30, 30);
        clock.advance(1000);
        statistics.sample();
      }
      assertEquals(10.0, a.requestsPerSecond(), 1e-9);
      assertEquals(30.0, b.requestsPerSecond(), 1e-9);
      assertEquals(40.0, statistics.requestsPerSecond(), 1e-9);

      // Quiet for longer than the server's five-second window; the tablets' one-minute windows still remember.
      for (int second = 0; second < TabletStatistics.SERVER_RATE_SAMPLES; second++) {
        clock.advance(1000);
        statistics.sample();
      }
      assertEquals(0.0, statistics.requestsPerSecond(), 1e-9);
      assertEquals(50.0 / 11, a.requestsPerSecond(), 1e-9);
    }
  }

  @Test
  void aForgottenRegionsRequestsStayInTheServerRateUntilTheyAge() {
    try (TabletStatistics statistics = new TabletStatistics(clock)) {
      statistics.tablet("gone").countWrites(10, 10);
      statistics.sample();
      clock.advance(1000);
      statistics.tablet("gone").countWrites(10, 10);
      statistics.sample();
      statistics.retainOnly(Set.of());
      clock.advance(1000);
      statistics.sample();
      assertEquals(10.0 / 2, statistics.requestsPerSecond(), 1e-9, "its second-second writes, over two seconds");
    }
  }

  @Test
  void countsRpcs() {
    try (TabletStatistics statistics = new TabletStatistics(clock)) {
      statistics.countRpc();
      statistics.countRpc();
      assertEquals(2, statistics.rpcCount());
    }
  }
}
