package io.basalt.storage.data;

import io.basalt.storage.errors.RowLockTimeoutException;
import io.basalt.storage.keys.ByteArrays;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Striped, reentrant row locks. Rows hash onto a fixed set of locks, so memory stays constant however many rows
 * are written; two rows sharing a stripe merely serialize. Several rows are always locked in stripe order, so
 * multi-row writers cannot deadlock one another. A caller that must not wait ({@link Waiting#REFUSED}) is refused a
 * lock held elsewhere instead of waiting for it.
 */
public final class RowLocks {
  private static final int STRIPES = 4096;
  /** What a timeout while locking every row names as the row waited for. */
  private static final byte[] EVERY_ROW = "(every row)".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

  private final ReentrantLock[] stripes = new ReentrantLock[STRIPES];
  private final long waitNanos;

  public RowLocks(Duration wait) {
    for (int i = 0; i < STRIPES; i++) {
      stripes[i] = new ReentrantLock();
    }
    this.waitNanos = wait.toNanos();
  }

  /** Locks one row; close the returned handle to release it. */
  public RowLock lock(long tableId, byte[] row, Waiting waiting) throws RowLockTimeoutException {
    int stripe = stripeOf(tableId, row);
    acquire(stripe, row, waiting);
    return new RowLock(new int[] {stripe});
  }

  /** Locks several rows of one table at once, in an order every caller shares. */
  public RowLock lockAll(long tableId, List<byte[]> rows, Waiting waiting) throws RowLockTimeoutException {
    int[] wanted = rows.stream().mapToInt(row -> stripeOf(tableId, row)).sorted().distinct().toArray();
    int acquired = 0;
    try {
      for (int stripe : wanted) {
        acquire(stripe, rows.get(0), waiting);
        acquired++;
      }
    } finally {
      if (acquired < wanted.length) {
        for (int i = acquired - 1; i >= 0; i--) {
          stripes[wanted[i]].unlock();
        }
      }
    }
    return new RowLock(wanted);
  }

  /**
   * Locks every row of every table, taking all stripes in the order {@link #lockAll} takes them, so it deadlocks
   * with no writer: for a change to a whole row range, which must not interleave with a read-modify-write of any row
   * in it. Writers of every table wait meanwhile, so hold it only for a single write.
   */
  public RowLock lockEveryRow() throws RowLockTimeoutException {
    int[] every = new int[STRIPES];
    int acquired = 0;
    try {
      for (int stripe = 0; stripe < STRIPES; stripe++) {
        acquire(stripe, EVERY_ROW, Waiting.ALLOWED);
        every[stripe] = stripe;
        acquired++;
      }
    } finally {
      if (acquired < STRIPES) {
        for (int i = acquired - 1; i >= 0; i--) {
          stripes[i].unlock();
        }
      }
    }
    return new RowLock(every);
  }

  private void acquire(int stripe, byte[] row, Waiting waiting) throws RowLockTimeoutException {
    if (waiting == Waiting.REFUSED) {
      if (!stripes[stripe].tryLock()) {
        waiting.refuse("a row lock is held by another writer");
      }
      return;
    }
    boolean locked;
    try {
      locked = stripes[stripe].tryLock(waitNanos, TimeUnit.NANOSECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new RowLockTimeoutException("interrupted while waiting for the lock of row "
          + ByteArrays.toPrintable(row));
    }
    if (!locked) {
      throw new RowLockTimeoutException("timed out after " + TimeUnit.NANOSECONDS.toMillis(waitNanos)
          + " ms waiting for the lock of row " + ByteArrays.toPrintable(row));
    }
  }

  /** Package-private so that RowLocksTest can pick rows that share a stripe, or do not, without guessing. */
  static int stripeOf(long tableId, byte[] row) {
    int hash = Arrays.hashCode(row) * 31 + Long.hashCode(tableId);
    hash ^= hash >>> 16;
    return hash & (STRIPES - 1);
  }

  /** A held set of row locks. */
  public final class RowLock implements AutoCloseable {
    private final int[] held;
    private boolean released;

    private RowLock(int[] held) {
      this.held = held;
    }

    @Override
    public void close() {
      if (released) {
        return;
      }
      released = true;
      for (int i = held.length - 1; i >= 0; i--) {
        stripes[held[i]].unlock();
      }
    }
  }
}
