package io.basalt.hbase.testing;

import io.basalt.storage.Table;
import io.basalt.storage.data.RowLocks;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;

/**
 * A row lock held by another thread (row locks are reentrant, so the test's own thread would be let through), for as
 * long as the test keeps this open: a writer that must not wait meets it and gives up.
 */
public final class HeldRowLock implements AutoCloseable {
  private final CountDownLatch release = new CountDownLatch(1);
  private final CompletableFuture<Void> holder;

  private HeldRowLock(Table table, byte[] row) throws InterruptedException {
    CountDownLatch locked = new CountDownLatch(1);
    holder = CompletableFuture.runAsync(() -> {
      try (RowLocks.RowLock ignored = table.lockRow(row)) {
        locked.countDown();
        release.await();
      } catch (Exception e) {
        throw new IllegalStateException(e);
      } finally {
        locked.countDown();
      }
    });
    locked.await();
    if (holder.isDone()) {
      holder.join(); // the lock was never taken: says why
    }
  }

  /** Returns once another thread holds the lock of {@code row}. */
  public static HeldRowLock hold(Table table, byte[] row) throws InterruptedException {
    return new HeldRowLock(table, row);
  }

  @Override
  public void close() {
    release.countDown();
    holder.join();
  }
}
