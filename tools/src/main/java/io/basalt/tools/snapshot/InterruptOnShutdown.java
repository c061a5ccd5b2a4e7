package io.basalt.tools.snapshot;

import java.io.IOException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Lets a command clean up after Ctrl-C or SIGTERM: the JVM's shutdown interrupts the command's thread, whose own
 * failure path then removes what it created, and holds the JVM's exit until that thread says it is done (or a
 * minute has passed). The cleanup runs where it would after any other failure, with the connection still open,
 * rather than in the shutdown hook beside the libraries' own hooks.
 */
final class InterruptOnShutdown implements AutoCloseable {
  private static final long WAIT_SECONDS = 60;

  private final CountDownLatch done = new CountDownLatch(1);
  private final Thread hook;

  InterruptOnShutdown(Thread worker) {
    this.hook = new Thread(() -> {
      if (done.getCount() == 0) {
        return;
      }
      worker.interrupt();
      try {
        done.await(WAIT_SECONDS, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }, "export-shutdown");
    Runtime.getRuntime().addShutdownHook(hook);
  }

  /** A cleanup step, run by {@link #uninterrupted}. */
  @FunctionalInterface
  interface Cleanup {
    void run() throws IOException;
  }

  /**
   * Runs a cleanup step with the thread's interrupt flag cleared, so that the interrupt which stopped the work does
   * not stop its cleanup too (the client's calls fail at once on an interrupted thread); the flag is set again after.
   */
  static void uninterrupted(Cleanup cleanup) throws IOException {
    boolean interrupted = Thread.interrupted();
    try {
      cleanup.run();
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** The worker is done, its cleanup too: the JVM may exit. */
  @Override
  public void close() {
    done.countDown();
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException e) {
      // The JVM is shutting down already: the hook has run or runs now, and returns at once since done is counted.
      return;
    }
  }
}
