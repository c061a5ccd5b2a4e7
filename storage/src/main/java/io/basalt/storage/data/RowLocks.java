package io.basalt.storage.data;

import io.basalt.storage.NonBlocking;
import io.basalt.storage.RowLockTimeoutException;
import io.basalt.storage.keys.ByteArrays;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Striped, reentrant row locks. Rows hash onto a fixed set of locks, so memory stays constant however many rows
 * are written; two rows sharing a stripe merely serialize. Several rows are always locked in stripe order, so
 * multi-row writers cannot deadlock one another. Inside a {@link NonBlocking} scope a lock held elsewhere is not
 * waited for.
 */
public final class RowLocks {
  private static final int STRIPES = 4096;

  private final ReentrantLock[] stripes = new ReentrantLock[STRIPES];
  private final long waitNanos;

  public RowLocks(Duration wait) {
    for (int i = 0; i < STRIPES; i++) {
      stripes[i] = new ReentrantLock();
    }
    this.waitNanos = wait.toNanos();
  }

  /** Locks one row; close the returned handle to release it. */
  public RowLock lock(long tableId, byte[] row) throws RowLockTimeoutException {
    int stripe = stripeOf(tableId, row);
    acquire(stripe, row);
    return new RowLock(new int[] {stripe});
  }

  /** Locks several rows of one table at once, in an order every caller shares. */
  public RowLock lockAll(long tableId, List<byte[]> rows) throws RowLockTimeoutException {
    int[] wanted = rows.stream().mapToInt(row -> stripeOf(tableId, row)).sorted().distinct().toArray();
    int acquired = 0;
    try {
      for (int stripe : wanted) {
        acquire(stripe, rows.get(0));
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

  private void acquire(int stripe, byte[] row) throws RowLockTimeoutException {
    if (NonBlocking.active()) {
      if (!stripes[stripe].tryLock()) {
        NonBlocking.refuseToWait("a row lock is held by another writer");
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
