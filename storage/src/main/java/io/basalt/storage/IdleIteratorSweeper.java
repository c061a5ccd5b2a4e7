package io.basalt.storage;

import java.time.Duration;
import java.util.Collection;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Closes the iterators tables keep for reuse once they have been idle for a moment. An idle iterator pins what it
 * last read, so without this a flushed memtable's memory, or the disk space of files a compaction replaced, would
 * stay taken for as long as no cursor happened to reuse it: on a quiet server, indefinitely.
 */
final class IdleIteratorSweeper implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(IdleIteratorSweeper.class);
  /** Long enough that iterators in steady use are never swept, short enough that nothing stays pinned for long. */
  static final Duration IDLE = Duration.ofSeconds(1);

  private final ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor(task -> {
    Thread thread = new Thread(task, "basalt-idle-iterators");
    thread.setDaemon(true);
    return thread;
  });

  /** Starts sweeping the tables {@code tables} returns at the time of each sweep. */
  IdleIteratorSweeper(Supplier<Collection<Table>> tables) {
    executor.scheduleWithFixedDelay(() -> sweep(tables.get()), IDLE.toMillis(), IDLE.toMillis(),
        TimeUnit.MILLISECONDS);
  }

  private static void sweep(Collection<Table> tables) {
    for (Table table : tables) {
      try {
        table.closeIdleIterators(IDLE.toNanos());
      } catch (RuntimeException e) {
        // A failed sweep of one table must not end the sweeping of all of them.
        LOG.warn("Could not close idle iterators of table {}", table.name(), e);
      }
    }
  }

  /** Stops sweeping and waits for a sweep in progress, so that no iterator is closed after the database. */
  @Override
  public void close() {
    executor.shutdownNow();
    try {
      if (!executor.awaitTermination(30, TimeUnit.SECONDS)) {
        LOG.warn("The idle iterator sweep did not stop within 30 s");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
