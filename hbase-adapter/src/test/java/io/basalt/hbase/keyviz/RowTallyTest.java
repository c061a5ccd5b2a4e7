package io.basalt.hbase.keyviz;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The bounded tallies of a minute's rows: the frequent ones by Space-Saving, the largest by size. */
class RowTallyTest {
  @Test
  void aRowTakingASixthOfTheRequestsAmongRandomOnesComesFirstWithItsCountOverestimatedAtMostByTheFloor() {
    RowTally tally = RowTally.frequent(8);
    Random random = new Random(7);
    int hot = 0;
    for (int i = 0; i < 6_000; i++) {
      if (i % 6 == 0) {
        tally.add(b("hot"), 1);
        hot++;
      } else {
        tally.add(b("row-" + random.nextInt(100_000)), 1);
      }
    }
    List<RowTally.Entry> top = tally.top();
    assertEquals(8, top.size(), "bounded by its capacity");
    assertEquals("hot", new String(top.get(0).row(), UTF_8));
    long estimate = top.get(0).value();
    // Space-Saving never underestimates, and overestimates by at most N / capacity.
    assertTrue(estimate >= hot && estimate <= hot + 6_000 / 8, "estimate " + estimate + " for " + hot);
    for (int i = 1; i < top.size(); i++) {
      assertTrue(top.get(i - 1).value() >= top.get(i).value(), "greatest first");
    }
  }

  @Test
  void theLargestKeepTheBiggestSizeOfEachRowAndDropSmallerNewcomers() {
    RowTally tally = RowTally.largest(3);
    tally.add(b("a"), 100);
    tally.add(b("b"), 300);
    tally.add(b("a"), 50);
    tally.add(b("c"), 200);
    tally.add(b("d"), 10);
    tally.add(b("e"), 250);
    List<RowTally.Entry> top = tally.top();
    assertEquals(List.of("b=300", "e=250", "c=200"),
        top.stream().map(entry -> new String(entry.row(), UTF_8) + "=" + entry.value()).toList());
  }

  @Test
  void aTallyKeepsItsOwnCopyOfEachRow() {
    RowTally tally = RowTally.frequent(4);
    byte[] row = b("x");
    tally.add(row, 1);
    row[0] = 'y';
    tally.add(b("x"), 1);
    assertEquals(1, tally.top().size());
    assertEquals(2, tally.top().get(0).value());
  }

  private static byte[] b(String s) {
    return s.getBytes(UTF_8);
  }
}
