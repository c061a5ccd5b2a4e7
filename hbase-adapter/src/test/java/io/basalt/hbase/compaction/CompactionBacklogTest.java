package io.basalt.hbase.compaction;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class CompactionBacklogTest {
  private final CompactionBacklog backlog = new CompactionBacklog();

  @Test
  void aCompactionClearsOnlyTheWritesItJudged() {
    backlog.wrote(300);
    long atStart = backlog.written();
    backlog.wrote(20); // written while the compaction ran: it may not have seen them
    backlog.compacted(atStart, 150);
    assertEquals(20, backlog.written());
    assertEquals(150, backlog.kept());
  }

  @Test
  void splitDaughtersShareTheParentsBacklog() {
    backlog.wrote(1_000);
    backlog.compacted(0, 400);
    CompactionBacklog low = new CompactionBacklog();
    CompactionBacklog high = new CompactionBacklog();
    high.wrote(7); // a write that reached a daughter before it took over its share
    low.inherit(backlog, 0.5);
    high.inherit(backlog, 0.5);
    assertEquals(500, low.written());
    assertEquals(200, low.kept());
    assertEquals(507, high.written());
    assertEquals(200, high.kept());
  }

  @Test
  void aMergedRegionTakesOverAllOfEachParentsBacklog() {
    CompactionBacklog left = new CompactionBacklog();
    left.wrote(60);
    left.compacted(0, 10);
    CompactionBacklog right = new CompactionBacklog();
    right.wrote(70);
    backlog.inherit(left, 1.0);
    backlog.inherit(right, 1.0);
    assertEquals(130, backlog.written());
    assertEquals(10, backlog.kept());
  }
}
