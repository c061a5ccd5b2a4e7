package io.basalt.storage.data;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.storage.errors.RowLockTimeoutException;
import io.basalt.storage.errors.WouldBlockException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Row locks as writers use them: reentrant for the thread holding them, shared by rows that hash to one stripe and by
 * no others, several rows taken in one order whatever order they are asked for in (so writers locking overlapping
 * rows never deadlock), a bounded wait that names the row, no wait at all inside a non-blocking scope, and nothing
 * left held when a multi-row lock fails part way. A lock held "elsewhere" is held by another thread, as only the
 * thread holding a stripe may release it.
 */
class RowLocksTest {
  private static final long TABLE = 7;
  /** Long enough that a wait this test expects to succeed never times out on a loaded machine. */
  private static final Duration PATIENT = Duration.ofSeconds(30);
  /** Short, for attempts that must fail: the lock they want is held for the whole attempt. */
  private static final Duration IMPATIENT = Duration.ofMillis(20);

  private final ExecutorService elsewhere = Executors.newCachedThreadPool();

  @AfterEach
  void stopThreads() throws InterruptedException {
    elsewhere.shutdownNow();
    assertTrue(elsewhere.awaitTermination(30, TimeUnit.SECONDS), "a test thread is still holding a lock");
  }

  @Test
  void theThreadHoldingARowLocksItAgainWithoutWaiting() throws Exception {
    RowLocks locks = new RowLocks(IMPATIENT);
    try (RowLocks.RowLock outer = locks.lock(TABLE, b("r"), Waiting.ALLOWED)) {
      try (RowLocks.RowLock inner = locks.lock(TABLE, b("r"), Waiting.ALLOWED);
          RowLocks.RowLock all = locks.lockAll(TABLE, List.of(b("r"), b("s")), Waiting.ALLOWED)) {
        assertInstanceOf(RowLockTimeoutException.class, tryElsewhere(locks, b("r")));
      }
      assertInstanceOf(RowLockTimeoutException.class, tryElsewhere(locks, b("r")),
          "released once by each inner lock, still held by the outer one");
      assertNull(tryElsewhere(locks, b("s")), "the multi-row lock let go of its other row");
    }
    assertNull(tryElsewhere(locks, b("r")));
  }

  @Test
  void rowsWaitForEachOtherOnlyWhenTheyShareAStripe() throws Exception {
    RowLocks locks = new RowLocks(IMPATIENT);
    byte[] held = b("held");
    byte[] sameStripe = rowSharingStripeWith(held);
    byte[] otherStripe = rowNotSharingStripeWith(held);
    try (Holder ignored = hold(() -> locks.lock(TABLE, held, Waiting.ALLOWED))) {
      assertInstanceOf(RowLockTimeoutException.class, tryElsewhere(locks, held));
      assertInstanceOf(RowLockTimeoutException.class, tryElsewhere(locks, sameStripe),
          "a different row on the same stripe waits");
      assertNull(tryElsewhere(locks, otherStripe));
      assertNull(tryElsewhere(locks, tableWhereStripeDiffers(held), held), "the same row of another table");
    }
  }

  @Test
  void aWaitThatRunsOutNamesTheRowAndHowLongItWaited() throws Exception {
    RowLocks locks = new RowLocks(Duration.ofMillis(50));
    try (Holder ignored = hold(() -> locks.lock(TABLE, b("busy\0row"), Waiting.ALLOWED))) {
      long start = System.nanoTime();
      RowLockTimeoutException timedOut = assertThrows(RowLockTimeoutException.class,
          () -> locks.lock(TABLE, b("busy\0row"), Waiting.ALLOWED));
      long waitedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
      assertTrue(waitedMillis >= 50, "gave up after " + waitedMillis + " ms, before its 50 ms wait");
      assertEquals("timed out after 50 ms waiting for the lock of row busy\\x00row", timedOut.getMessage());
    }
    try (RowLocks.RowLock lock = locks.lock(TABLE, b("busy\0row"), Waiting.ALLOWED)) {
      assertNull(tryElsewhere(locks, b("another row")));
    }
  }

  @Test
  void aWaitingThreadThatIsInterruptedGivesUpAndStaysInterrupted() throws Exception {
    RowLocks locks = new RowLocks(PATIENT);
    try (Holder ignored = hold(() -> locks.lock(TABLE, b("r"), Waiting.ALLOWED))) {
      Thread.currentThread().interrupt();
      RowLockTimeoutException interrupted = assertThrows(RowLockTimeoutException.class,
          () -> locks.lock(TABLE, b("r"), Waiting.ALLOWED));
      assertTrue(Thread.interrupted(), "the interrupt is kept for the caller");
      assertEquals("interrupted while waiting for the lock of row r", interrupted.getMessage());
    }
  }

  @Test
  void aLockHeldElsewhereIsRefusedAtOnceWhenWaitingIsRefused() throws Exception {
    RowLocks locks = new RowLocks(PATIENT);
    try (Holder ignored = hold(() -> locks.lock(TABLE, b("r"), Waiting.ALLOWED))) {
      long start = System.nanoTime();
      assertThrows(WouldBlockException.class, () -> locks.lock(TABLE, b("r"), Waiting.REFUSED));
      try (RowLocks.RowLock free = locks.lock(TABLE, rowNotSharingStripeWith(b("r")), Waiting.REFUSED)) {
        assertNotNull(free, "a free lock is simply taken");
      }
      assertTrue(System.nanoTime() - start < PATIENT.toNanos(), "the refusal did not wait out the 30 s wait");
    }
  }

  @Test
  void lockAllTakesEachStripeOnceHoweverTheRowsRepeatOrCollide() throws Exception {
    RowLocks locks = new RowLocks(IMPATIENT);
    byte[] row = b("r");
    List<byte[]> rows = List.of(b("z"), row, rowSharingStripeWith(row), b("z"), row);
    RowLocks.RowLock all = locks.lockAll(TABLE, rows, Waiting.ALLOWED);
    for (byte[] each : rows) {
      assertInstanceOf(RowLockTimeoutException.class, tryElsewhere(locks, each));
    }
    all.close();
    all.close(); // a second close releases nothing more: the stripes are not this thread's to unlock any longer
    for (byte[] each : rows) {
      assertNull(tryElsewhere(locks, each));
    }
  }

  @Test
  void aLockAllThatTimesOutPartWayReleasesTheRowsItHadTaken() throws Exception {
    RowLocks locks = new RowLocks(IMPATIENT);
    byte[][] pair = rowsInStripeOrder();
    try (Holder ignored = hold(() -> locks.lock(TABLE, pair[1], Waiting.ALLOWED))) {
      assertThrows(RowLockTimeoutException.class,
          () -> locks.lockAll(TABLE, List.of(pair[1], pair[0]), Waiting.ALLOWED));
      assertNull(tryElsewhere(locks, pair[0]), "the first stripe, taken before the wait failed, is free again");
    }
  }

  @Test
  void aLockAllRefusedPartWayReleasesTheRowsItHadTaken() throws Exception {
    RowLocks locks = new RowLocks(IMPATIENT); // the refusal to wait, not the wait, makes the failure
    byte[][] pair = rowsInStripeOrder();
    try (Holder ignored = hold(() -> locks.lock(TABLE, pair[1], Waiting.ALLOWED))) {
      assertThrows(WouldBlockException.class,
          () -> locks.lockAll(TABLE, List.of(pair[1], pair[0]), Waiting.REFUSED));
      assertNull(tryElsewhere(locks, pair[0]), "the first stripe, taken before the refusal, is free again");
    }
  }

  /**
   * Eight threads lock random sets of rows from a small pool, each set shuffled, so that every pair of threads asks
   * for overlapping rows in opposite orders again and again. Locks taken in the order asked for would deadlock
   * within a few hundred rounds; taken in stripe order, every round completes, well inside the wait, and no two
   * threads are ever inside the same row at once.
   */
  @Test
  void threadsLockingOverlappingRowsInAnyOrderNeitherDeadlockNorOverlap() throws Exception {
    RowLocks locks = new RowLocks(PATIENT);
    List<byte[]> pool = new ArrayList<>();
    for (int i = 0; i < 24; i++) {
      pool.add(b("row-" + i));
    }
    pool.add(rowSharingStripeWith(pool.get(0)));
    int threads = 8;
    int rounds = 2_000;
    AtomicReferenceArray<Integer> inside = new AtomicReferenceArray<>(pool.size());
    int[] counts = new int[pool.size()]; // incremented without synchronization: only the row's lock protects it
    List<Future<Integer>> workers = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      int thread = t;
      workers.add(elsewhere.submit(() -> {
        Random random = new Random(thread);
        int increments = 0;
        List<Integer> indexes = new ArrayList<>();
        for (int i = 0; i < pool.size(); i++) {
          indexes.add(i);
        }
        for (int round = 0; round < rounds; round++) {
          Collections.shuffle(indexes, random);
          List<Integer> chosen = List.copyOf(indexes.subList(0, 2 + random.nextInt(5)));
          try (RowLocks.RowLock lock = locks.lockAll(TABLE, chosen.stream().map(pool::get).toList(), Waiting.ALLOWED)) {
            for (int i : chosen) {
              if (!inside.compareAndSet(i, null, thread)) {
                throw new AssertionError("threads " + thread + " and " + inside.get(i) + " both hold row " + i);
              }
              counts[i]++;
              increments++;
            }
            for (int i : chosen) {
              inside.set(i, null);
            }
          }
        }
        return increments;
      }));
    }
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    int expected = 0;
    for (Future<Integer> worker : workers) {
      expected += worker.get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
    }
    int total = 0;
    // Taking every lock makes every worker's increments visible here.
    try (RowLocks.RowLock all = locks.lockAll(TABLE, pool, Waiting.ALLOWED)) {
      for (int count : counts) {
        total += count;
      }
    }
    assertEquals(expected, total, "every increment made under a row's lock survived");
  }

  /** Takes a lock on another thread and holds it until closed. */
  private Holder hold(LockTaking take) throws Exception {
    Holder holder = new Holder();
    holder.done = elsewhere.submit(() -> {
      try (RowLocks.RowLock lock = take.take()) {
        holder.held.countDown();
        holder.release.await();
      }
      return null;
    });
    while (!holder.held.await(10, TimeUnit.MILLISECONDS)) {
      if (holder.done.isDone()) {
        holder.done.get(); // throws what taking the lock threw
      }
    }
    return holder;
  }

  @FunctionalInterface
  private interface LockTaking {
    RowLocks.RowLock take() throws Exception;
  }

  private static final class Holder implements AutoCloseable {
    final CountDownLatch held = new CountDownLatch(1);
    final CountDownLatch release = new CountDownLatch(1);
    Future<?> done;

    @Override
    public void close() throws Exception {
      release.countDown();
      done.get(30, TimeUnit.SECONDS);
    }
  }

  /** Locks {@code row} on another thread and lets go at once: what that failed with, or null if it got the lock. */
  private Throwable tryElsewhere(RowLocks locks, byte[] row) throws Exception {
    return tryElsewhere(locks, TABLE, row);
  }

  private Throwable tryElsewhere(RowLocks locks, long table, byte[] row) throws Exception {
    try {
      elsewhere.submit(() -> {
        locks.lock(table, row, Waiting.ALLOWED).close();
        return null;
      }).get(60, TimeUnit.SECONDS);
      return null;
    } catch (ExecutionException e) {
      return e.getCause();
    }
  }

  private static byte[] rowSharingStripeWith(byte[] row) {
    int stripe = RowLocks.stripeOf(TABLE, row);
    for (int i = 0; ; i++) {
      byte[] candidate = b("collides-" + i);
      if (RowLocks.stripeOf(TABLE, candidate) == stripe) {
        return candidate;
      }
    }
  }

  private static byte[] rowNotSharingStripeWith(byte[] row) {
    int stripe = RowLocks.stripeOf(TABLE, row);
    for (int i = 0; ; i++) {
      byte[] candidate = b("apart-" + i);
      if (RowLocks.stripeOf(TABLE, candidate) != stripe) {
        return candidate;
      }
    }
  }

  private static long tableWhereStripeDiffers(byte[] row) {
    for (long table = TABLE + 1; ; table++) {
      if (RowLocks.stripeOf(table, row) != RowLocks.stripeOf(TABLE, row)) {
        return table;
      }
    }
  }

  /** Two rows, the first on a lower stripe than the second: lockAll takes the first, then waits for the second. */
  private static byte[][] rowsInStripeOrder() {
    byte[] a = b("a");
    byte[] c = rowNotSharingStripeWith(a);
    return RowLocks.stripeOf(TABLE, a) < RowLocks.stripeOf(TABLE, c) ? new byte[][] {a, c} : new byte[][] {c, a};
  }

  private static byte[] b(String s) {
    return s.getBytes(UTF_8);
  }
}
