package io.basalt.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.examples.counters.CountersExample;
import io.basalt.examples.counters.PageView;
import io.basalt.examples.counters.PageViewTraffic;
import java.util.HashSet;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(BasaltConnectionResolver.class)
class CountersExampleTest {
  private static final int VIEWS = 240;

  @Test
  void countersEqualTheViewsAndEachSeatHasOneHolder(Connection connection) throws Exception {
    CountersExample.Results results = new CountersExample(connection, System.out).run(VIEWS);

    assertEquals(expectedCounters(), results.pageViews(), "every increment counted exactly once");

    CountersExample.SeatSteps steps = results.seatSteps();
    assertTrue(steps.aliceReserves());
    assertFalse(steps.bobReservesSameSeat(), "the second reservation of the same seat fails");
    assertEquals("alice", steps.holderAfterBoth());
    assertFalse(steps.bobReleasesAlicesSeat());
    assertTrue(steps.aliceReleases());
    assertTrue(steps.bobReservesAfterRelease());

    assertEquals(CountersExample.RACED_SEATS.size(), results.winnersBySeat().size(), "every seat was won");
    assertEquals(results.winnersBySeat(), results.holdersBySeat(), "each seat's holder is its only winner");
    assertEquals(CountersExample.RACED_SEATS.size(), new HashSet<>(results.winnersBySeat().values()).size(),
        "no passenger won two seats");
  }

  /** Page to counters, as the threads' views add up in memory. */
  private static Map<String, Map<String, Long>> expectedCounters() {
    PageViewTraffic traffic = new PageViewTraffic(CountersExample.SEED, CountersExample.THREADS, VIEWS);
    Map<String, Map<String, Long>> counters = new TreeMap<>();
    for (int server = 0; server < traffic.servers(); server++) {
      for (PageView view : traffic.viewsOf(server)) {
        Map<String, Long> page = counters.computeIfAbsent(view.page(), key -> new TreeMap<>());
        page.merge("total", 1L, Long::sum);
        page.merge(view.day(), 1L, Long::sum);
      }
    }
    return counters;
  }
}
