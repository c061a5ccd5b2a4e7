package io.basalt.hbase.compaction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.CompactionState;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.RegionInfoBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A compaction runs on the region served under its name when its turn comes: not at all when a split, merge, drop or
 * truncate has retired the region meanwhile, and no further once that happens while it runs; a major one it did not
 * finish is then requested of the regions that took over the retired one's rows.
 */
class CompactionQueueTest {
  private static final AtomicLong REGION_IDS = new AtomicLong(1_700_000_000_000L);
  private static final RegionInfo FIRST = region("a");
  private static final RegionInfo SECOND = region("m");

  private final Map<String, Compactable> served = new ConcurrentHashMap<>();
  private final CompactionQueue queue = new CompactionQueue(Clock.systemUTC(), new WriteDrivenCompactions(1),
      new CompactionQueue.ServedRegions() {
        @Override
        public Optional<Compactable> served(String encodedName) {
          return Optional.ofNullable(served.get(encodedName));
        }

        @Override
        public List<Compactable> successorsOf(RegionInfo retired) {
          return served.values().stream().filter(region -> region.info().isOverlap(retired)).toList();
        }
      });

  @AfterEach
  void close() {
    queue.close();
  }

  @Test
  void aRegionRetiredWhileItsCompactionWaitedIsNotCompacted() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    FakeRegion busy = serve(new FakeRegion(FIRST, cancelled -> release.await()));
    FakeRegion retired = serve(new FakeRegion(SECOND, cancelled -> {}));
    queue.request(busy, false, null);
    busy.started.await(10, TimeUnit.SECONDS);
    queue.request(retired, false, null);
    served.remove(SECOND.getEncodedName()); // split while waiting behind the first compaction
    release.countDown();

    awaitIdle(FIRST);
    awaitIdle(SECOND);
    assertEquals(1, busy.compactions.get());
    assertEquals(0, retired.compactions.get(), "a retired region is not compacted");
  }

  /** What the info port's task list shows: the compaction running, with since when, and each region's queue. */
  @Test
  void theRunningCompactionAndThoseQueuedAreListed() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    FakeRegion busy = serve(new FakeRegion(FIRST, cancelled -> release.await()));
    FakeRegion waiting = serve(new FakeRegion(SECOND, cancelled -> {}));
    queue.request(busy, true, null);
    busy.started.await(10, TimeUnit.SECONDS);
    queue.request(waiting, false, null);
    queue.request(waiting, true, null);
    CompactionQueue.Running running = queue.running().orElseThrow();
    assertEquals(FIRST, running.region());
    assertTrue(running.major() && running.startedMillis() > 0);
    assertEquals(Set.of(new CompactionQueue.Pending(FIRST.getEncodedName(), 1, 0),
        new CompactionQueue.Pending(SECOND.getEncodedName(), 1, 1)), Set.copyOf(queue.pending()));
    release.countDown();
    awaitIdle(FIRST);
    awaitIdle(SECOND);
    assertTrue(queue.running().isEmpty());
    assertEquals(List.of(), queue.pending());
  }

  @Test
  void aRunningCompactionStopsOnceItsRegionIsRetiredAndRecordsNothing() throws Exception {
    FakeRegion region = serve(new FakeRegion(FIRST, cancelled -> {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (!cancelled.getAsBoolean()) {
        assertTrue(System.nanoTime() < deadline, "the compaction was never cancelled");
        Thread.sleep(5);
      }
    }));
    region.backlog.wrote(100);
    queue.request(region, false, null);
    region.started.await(10, TimeUnit.SECONDS);
    served.remove(FIRST.getEncodedName());

    awaitIdle(FIRST);
    assertEquals(1, region.compactions.get());
    assertEquals(100, region.backlog.written(), "a cancelled compaction does not count as done");
  }

  @Test
  void aCompactionRunsOnTheRegionAsServedWhenItsTurnComes() throws Exception {
    FakeRegion queued = new FakeRegion(FIRST, cancelled -> {});
    FakeRegion current = new FakeRegion(FIRST, cancelled -> {}); // the same region, as the catalog now has it
    served.put(FIRST.getEncodedName(), current);
    current.backlog.wrote(100);
    queue.request(queued, true, null);

    awaitIdle(FIRST);
    assertEquals(0, queued.compactions.get());
    assertEquals(1, current.compactions.get());
    assertEquals(0, current.backlog.written(), "the compaction that ran is recorded");
    assertTrue(queue.lastMajorCompaction(FIRST) > 0);
  }

  @Test
  void aMajorCompactionOfARetiredRegionPassesOnToTheRegionsThatTookOverItsRows() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    FakeRegion busy = serve(new FakeRegion(region("0", "1"), cancelled -> release.await()));
    FakeRegion parent = serve(new FakeRegion(region("a", "m"), cancelled -> {}));
    queue.request(busy, false, null);
    busy.started.await(10, TimeUnit.SECONDS);
    queue.request(parent, true, null);
    // Split while waiting: the daughters serve its rows now, next to an unrelated region.
    served.remove(parent.info().getEncodedName());
    FakeRegion lower = serve(new FakeRegion(region("a", "g"), cancelled -> {}));
    FakeRegion upper = serve(new FakeRegion(region("g", "m"), cancelled -> {}));
    FakeRegion beyond = serve(new FakeRegion(region("m", "z"), cancelled -> {}));
    release.countDown();

    for (FakeRegion region : List.of(busy, parent, lower, upper, beyond)) {
      awaitIdle(region.info());
    }
    assertEquals(0, parent.compactions.get());
    assertEquals(1, lower.compactions.get(), "each daughter is major-compacted instead");
    assertEquals(1, upper.compactions.get(), "each daughter is major-compacted instead");
    assertTrue(queue.lastMajorCompaction(lower.info()) > 0);
    assertEquals(0, beyond.compactions.get(), "a region that serves none of the parent's rows is left alone");
  }

  @Test
  void aMajorCompactionStoppedByASplitPassesOnToTheDaughters() throws Exception {
    RegionInfo parentInfo = region("a", "m");
    FakeRegion lower = new FakeRegion(region("a", "g"), cancelled -> {});
    FakeRegion upper = new FakeRegion(region("g", "m"), cancelled -> {});
    FakeRegion parent = serve(new FakeRegion(parentInfo, cancelled -> {
      served.remove(parentInfo.getEncodedName()); // split between two rows
      serve(lower);
      serve(upper);
      assertTrue(cancelled.getAsBoolean(), "the next row's check stops the compaction");
    }));
    queue.request(parent, true, null);

    for (FakeRegion region : List.of(parent, lower, upper)) {
      awaitIdle(region.info());
    }
    assertEquals(1, lower.compactions.get(), "the rows the parent left uncompacted are the daughters' now");
    assertEquals(1, upper.compactions.get(), "the rows the parent left uncompacted are the daughters' now");
  }

  @Test
  void aMajorCompactionThatFinishedBeforeItsRegionWasRetiredIsNotPassedOn() throws Exception {
    RegionInfo parentInfo = region("a", "m");
    FakeRegion lower = new FakeRegion(region("a", "g"), cancelled -> {});
    FakeRegion upper = new FakeRegion(region("g", "m"), cancelled -> {});
    FakeRegion parent = serve(new FakeRegion(parentInfo, cancelled -> {
      assertFalse(cancelled.getAsBoolean()); // the last check between rows: every row is compacted
      // Split after the last row, before the compaction returns.
      served.remove(parentInfo.getEncodedName());
      serve(lower);
      serve(upper);
    }));
    queue.request(parent, true, null);

    for (FakeRegion region : List.of(parent, lower, upper)) {
      awaitIdle(region.info());
    }
    assertEquals(1, parent.compactions.get());
    assertEquals(0, lower.compactions.get(), "the daughters took over compacted rows");
    assertEquals(0, upper.compactions.get(), "the daughters took over compacted rows");
  }

  /**
   * The periodic check runs while compactions are switched off but queues nothing, and the first check after they
   * are switched on queues the region it finds due. Checks are counted as they fetch the regions; the check and the
   * compactions it queues share one thread, so when the third check starts, anything the first two queued has run.
   */
  @Test
  void checksWhileCompactionsAreSwitchedOffQueueNothingAndOnesAfterDo() throws Exception {
    FakeRegion due = serve(new FakeRegion(FIRST, cancelled -> {}));
    due.backlog.wrote(100);
    assertTrue(queue.switchCompactions(false), "they were on");
    Semaphore checks = new Semaphore(0);
    queue.compactWhenWritten(() -> {
      checks.release();
      return List.of(due);
    }, 1);
    assertTrue(checks.tryAcquire(3, 10, TimeUnit.SECONDS), "three checks within 10 s");
    assertEquals(0, due.compactions.get(), "nothing compacted while switched off");
    assertEquals(CompactionState.NONE, queue.state(FIRST), "nothing queued while switched off");

    assertFalse(queue.switchCompactions(true));
    assertTrue(due.started.await(10, TimeUnit.SECONDS), "compacted once switched on");
    awaitIdle(FIRST);
    assertEquals(1, due.compactions.get());
    assertEquals(0, due.backlog.written(), "the compaction judged every cell written");
  }

  private FakeRegion serve(FakeRegion region) {
    served.put(region.info().getEncodedName(), region);
    return region;
  }

  private void awaitIdle(RegionInfo region) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (queue.state(region) != CompactionState.NONE) {
      assertTrue(System.nanoTime() < deadline, "the compaction of " + region.getEncodedName() + " never ended");
      Thread.sleep(5);
    }
  }

  private static RegionInfo region(String startRow) {
    return region(startRow, "");
  }

  /**
   * A region with an id of its own: a region's encoded name covers its start row and id but not its end row, so a
   * daughter given its parent's id (two built in the same millisecond) would be served under the parent's name.
   * Basalt's daughters always get ids above their parent's.
   */
  private static RegionInfo region(String startRow, String endRow) {
    return RegionInfoBuilder.newBuilder(TableName.valueOf("t")).setStartKey(Bytes.toBytes(startRow))
        .setEndKey(Bytes.toBytes(endRow)).setRegionId(REGION_IDS.incrementAndGet()).build();
  }

  /** What a fake compaction does with the cancellation it is given. */
  private interface CompactionBody {
    void run(BooleanSupplier cancelled) throws Exception;
  }

  /** A region whose compaction is a test's body, and whose data operations are never called. */
  private static final class FakeRegion implements Compactable {
    final RegionInfo info;
    final CompactionBody body;
    final CompactionBacklog backlog = new CompactionBacklog();
    final AtomicInteger compactions = new AtomicInteger();
    final CountDownLatch started = new CountDownLatch(1);

    FakeRegion(RegionInfo info, CompactionBody body) {
      this.info = info;
      this.body = body;
    }

    @Override
    public RegionInfo info() {
      return info;
    }

    @Override
    public boolean isOnline() {
      return true;
    }

    @Override
    public Optional<TabletCompaction.Outcome> compact(boolean major, byte[] family, BooleanSupplier cancelled) {
      compactions.incrementAndGet();
      started.countDown();
      // Like a tablet's compaction, it is complete unless a check between rows told it to stop.
      AtomicBoolean stopped = new AtomicBoolean();
      try {
        body.run(() -> {
          boolean stop = cancelled.getAsBoolean();
          if (stop) {
            stopped.set(true);
          }
          return stop;
        });
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
      return Optional.of(new TabletCompaction.Outcome(0, 0, 0, !stopped.get()));
    }

    @Override
    public CompactionBacklog compactionBacklog() {
      return backlog;
    }
  }
}
