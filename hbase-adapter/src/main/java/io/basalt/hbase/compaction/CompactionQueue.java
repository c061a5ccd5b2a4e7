package io.basalt.hbase.compaction;

import io.basalt.hbase.region.Region;
import io.basalt.hbase.stats.CompactionBacklog;
import java.io.IOException;
import java.time.Clock;
import java.util.Collection;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.hadoop.hbase.client.CompactionState;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs region compactions one at a time in the background, as HBase's region server does: a request returns at
 * once, and clients follow progress through the region's compaction state. Also starts compactions nobody asked for,
 * so hidden cells leave the disk: a minor one of each region its writes have made due ({@link
 * WriteDrivenCompactions}), and a major one of every region once per period ({@code hbase.hregion.majorcompaction}).
 * The compaction switch stops the running compaction (between rows) and ignores requests while off.
 */
public final class CompactionQueue implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(CompactionQueue.class);

  private final Clock clock;
  private final ScheduledExecutorService worker;
  private final AtomicBoolean enabled = new AtomicBoolean(true);
  /** Per region (encoded name): compactions queued or running, as {major, minor} counts. */
  private final Map<String, int[]> pending = new ConcurrentHashMap<>();
  private final Map<String, Long> lastMajor = new ConcurrentHashMap<>();
  private final WriteDrivenCompactions written;
  private final Function<String, Optional<Region>> served;
  private volatile boolean closed;

  /**
   * @param written decides when writes have made a region due a minor compaction
   * @param served the region now served under an encoded name, if any: a compaction runs on the region as it is
   *     when its turn comes, and not at all (or no further) once a split, merge, truncate or drop has retired it
   */
  public CompactionQueue(Clock clock, WriteDrivenCompactions written, Function<String, Optional<Region>> served) {
    this.clock = clock;
    this.written = written;
    this.served = served;
    this.worker = Executors.newSingleThreadScheduledExecutor(runnable -> {
      Thread thread = new Thread(runnable, "compaction");
      thread.setDaemon(true);
      return thread;
    });
  }

  /** Queues a compaction of {@code region} (of one family, or all when null); ignored while switched off. */
  public void request(Region region, boolean major, byte[] family) {
    if (!enabled.get() || closed) {
      LOG.info("Ignoring a compaction request for {}: compactions are switched off",
          region.info().getRegionNameAsString());
      return;
    }
    String key = region.info().getEncodedName();
    count(key, major, 1);
    try {
      worker.execute(() -> run(region, major, family));
    } catch (RejectedExecutionException e) {
      count(key, major, -1); // closing
    }
  }

  /** Major-compacts every region once per {@code periodMillis}; 0 or less turns periodic compaction off. */
  public void compactPeriodically(Supplier<Collection<Region>> regions, long periodMillis) {
    if (periodMillis <= 0) {
      return;
    }
    every(periodMillis, () -> regions.get().stream().filter(Region::isOnline)
        .forEach(region -> request(region, true, null)));
  }

  /**
   * Every {@code periodMillis}, queues a minor compaction of each region its writes have made due and that has none
   * queued or running; 0 or less turns these off.
   */
  public void compactWhenWritten(Supplier<Collection<Region>> regions, long periodMillis) {
    if (periodMillis <= 0) {
      return;
    }
    every(periodMillis, () -> queueDue(regions.get()));
  }

  private void queueDue(Collection<Region> regions) {
    if (stopping()) {
      return;
    }
    Set<String> served = new HashSet<>();
    for (Region region : regions) {
      served.add(region.info().getEncodedName());
      CompactionBacklog backlog = region.compactionBacklog();
      if (region.isOnline() && state(region.info()) == CompactionState.NONE && written.due(backlog)) {
        LOG.debug("Queueing a minor compaction of {}: {} cells written since its last compaction, which kept {}",
            region.info().getRegionNameAsString(), backlog.written(), backlog.kept());
        request(region, false, null);
      }
    }
    lastMajor.keySet().retainAll(served);
  }

  /** Runs {@code task} on the compaction thread every period; a failure is logged and the next period comes. */
  private void every(long periodMillis, Runnable task) {
    worker.scheduleWithFixedDelay(() -> {
      try {
        task.run();
      } catch (RuntimeException e) {
        LOG.warn("Starting background compactions failed: {}", e.toString());
      }
    }, periodMillis, periodMillis, TimeUnit.MILLISECONDS);
  }

  /** Turns compactions on or off; returns the previous setting. */
  public boolean switchCompactions(boolean on) {
    return enabled.getAndSet(on);
  }

  public CompactionState state(RegionInfo region) {
    int[] counts = pending.get(region.getEncodedName());
    if (counts == null) {
      return CompactionState.NONE;
    }
    synchronized (counts) {
      if (counts[0] > 0 && counts[1] > 0) {
        return CompactionState.MAJOR_AND_MINOR;
      }
      return counts[0] > 0 ? CompactionState.MAJOR : counts[1] > 0 ? CompactionState.MINOR : CompactionState.NONE;
    }
  }

  /** When the region's last major compaction finished, in milliseconds; 0 if none has since the server started. */
  public long lastMajorCompaction(RegionInfo region) {
    return lastMajor.getOrDefault(region.getEncodedName(), 0L);
  }

  private void run(Region queued, boolean major, byte[] family) {
    String key = queued.info().getEncodedName();
    try {
      Optional<Region> current = served.apply(key);
      if (current.isEmpty()) {
        LOG.debug("Not compacting {}: it is no longer served", queued.info().getRegionNameAsString());
        return;
      }
      Region region = current.get();
      BooleanSupplier cancelled = () -> stopping() || served.apply(key).isEmpty();
      if (!cancelled.getAsBoolean()) {
        CompactionBacklog backlog = region.compactionBacklog();
        long writtenAtStart = backlog.written();
        Optional<TabletCompaction.Outcome> outcome = region.compact(major, family, cancelled);
        // A region that was not compacted (its table is disabled) keeps its backlog for when it is open again.
        if (outcome.isPresent() && family == null && !cancelled.getAsBoolean()) {
          backlog.compacted(writtenAtStart, outcome.get().cellsKept());
          if (major) {
            lastMajor.put(key, clock.millis());
          }
        }
      }
    } catch (IOException | RuntimeException e) {
      LOG.warn("{} compaction of {} failed: {}", major ? "Major" : "Minor", queued.info().getRegionNameAsString(),
          e.toString());
    } finally {
      count(key, major, -1);
    }
  }

  private boolean stopping() {
    return closed || !enabled.get();
  }

  /** Adjusts a region's queued-or-running counts; a region with none left has no entry, so retired ones leave. */
  private void count(String region, boolean major, int delta) {
    pending.compute(region, (key, counts) -> {
      int[] updated = counts == null ? new int[2] : counts;
      synchronized (updated) {
        updated[major ? 0 : 1] += delta;
        return updated[0] == 0 && updated[1] == 0 ? null : updated;
      }
    });
  }

  /** Stops the running compaction at its next row and waits for it, so the store can close under no one. */
  @Override
  public void close() {
    closed = true;
    worker.shutdownNow();
    try {
      if (!worker.awaitTermination(60, TimeUnit.SECONDS)) {
        LOG.warn("A compaction is still running after 60 s");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
