package io.basalt.storage;

import java.io.InterruptedIOException;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/** Something threads wait for, up to a time limit, which whoever may have brought it about announces. */
final class Signal {
  /** Wakes the waiters to look at their condition again. */
  synchronized void changed() {
    notifyAll();
  }

  /**
   * Waits until {@code condition} holds, or {@code millis} passed; whether it holds.
   *
   * @param what what is waited for, for the error when interrupted
   */
  synchronized boolean await(BooleanSupplier condition, long millis, String what) throws InterruptedIOException {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
    while (!condition.getAsBoolean()) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        return false;
      }
      try {
        TimeUnit.NANOSECONDS.timedWait(this, left);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new InterruptedIOException("interrupted while waiting for " + what);
      }
    }
    return true;
  }
}
