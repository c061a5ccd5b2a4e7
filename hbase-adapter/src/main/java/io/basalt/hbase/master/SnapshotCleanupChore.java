package io.basalt.hbase.master;

import io.basalt.hbase.master.ClusterSwitches.Switch;
import java.io.IOException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.apache.hbase.thirdparty.com.google.common.util.concurrent.ThreadFactoryBuilder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The master's snapshot cleanup: while the snapshot cleanup switch is on, deletes the snapshots whose TTL has run
 * out, once at once and then every period ({@code hbase.master.cleaner.snapshot.interval}, 30 minutes by default),
 * as HBase's SnapshotCleanerChore does. Turning the switch on starts the schedule with a pass at once, turning it
 * off stops it; a restart with the switch on (it is kept in the store) starts it again.
 */
public final class SnapshotCleanupChore implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(SnapshotCleanupChore.class);

  private final SnapshotManager snapshots;
  private final ClusterSwitches switches;
  private final long periodMillis;
  private final ScheduledExecutorService worker;
  /** Held by a pass while it runs, so that a synchronous switch can wait for it to end. */
  private final Object pass = new Object();
  private ScheduledFuture<?> schedule;

  public SnapshotCleanupChore(SnapshotManager snapshots, ClusterSwitches switches, long periodMillis) {
    if (periodMillis <= 0) {
      throw new IllegalArgumentException("the snapshot cleanup period must be positive, not " + periodMillis);
    }
    this.snapshots = snapshots;
    this.switches = switches;
    this.periodMillis = periodMillis;
    this.worker = Executors.newSingleThreadScheduledExecutor(
        new ThreadFactoryBuilder().setNameFormat("snapshot-cleaner").setDaemon(true).build());
  }

  /** Starts the schedule if the switch is on. */
  public synchronized void start() {
    if (switches.get(Switch.SNAPSHOT_CLEANUP) && schedule == null) {
      schedule = worker.scheduleAtFixedRate(this::cleanLoggingFailures, 0, periodMillis, TimeUnit.MILLISECONDS);
    }
  }

  /**
   * Sets the switch and starts or stops the schedule to match.
   *
   * @param waitForPass wait for a pass that is deleting snapshots to end first (HBase's "synchronous" switch)
   * @return the switch's previous value
   */
  public boolean switchCleanup(boolean on, boolean waitForPass) throws IOException {
    if (waitForPass) {
      synchronized (pass) {
        return switchTo(on);
      }
    }
    return switchTo(on);
  }

  private synchronized boolean switchTo(boolean on) throws IOException {
    boolean previous = switches.set(Switch.SNAPSHOT_CLEANUP, on);
    if (on && schedule == null) {
      start();
    } else if (!on && schedule != null) {
      schedule.cancel(false);
      schedule = null;
    }
    return previous;
  }

  private void cleanLoggingFailures() {
    synchronized (pass) {
      try {
        snapshots.deleteExpired();
      } catch (IOException | RuntimeException e) {
        // One failed pass must not end the schedule; the next period tries again.
        LOG.warn("Deleting expired snapshots failed", e);
      }
    }
  }

  @Override
  public void close() {
    worker.shutdownNow();
    try {
      worker.awaitTermination(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
