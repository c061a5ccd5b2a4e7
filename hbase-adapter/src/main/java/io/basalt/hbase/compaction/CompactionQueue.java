package io.basalt.hbase.compaction;

import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
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
import java.util.function.Supplier;
import org.apache.hadoop.hbase.client.CompactionState;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hbase.thirdparty.com.google.common.util.concurrent.ThreadFactoryBuilder;
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
  private final ServedRegions directory;
  /** The compaction the worker runs now, or null: what the info port's task list shows. */
  private volatile Running running;
  private volatile boolean closed;

  /** A compaction under way: its region, whether major, and when it started (ms); it has no measure of progress. */
  public record Running(RegionInfo region, boolean major, long startedMillis) {}

  /** Compactions of a region queued or running, by kind. */
  public record Pending(String encodedRegionName, int major, int minor) {}

  /** The regions served now, as a compaction finds them when its turn comes. */
  public interface ServedRegions {
    /** The region served under this encoded name, if any. */
    Optional<Compactable> served(String encodedName);

    /** The regions now serving rows of one that is no longer served: the daughters of a split, say. */
    List<Compactable> successorsOf(RegionInfo retired);
  }

  /**
   * @param written decides when writes have made a region due a minor compaction
   * @param directory where a compaction finds its region when its turn comes: it runs on the region as served then,
   *     and not at all (or no further) once a split, merge, truncate or drop has retired it; a major compaction
   *     that did not reach every row passes on to the regions that took over the retired one's rows, as HBase
   *     compacts the daughters of a split
   */
  public CompactionQueue(Clock clock, WriteDrivenCompactions written, ServedRegions directory) {
    this.clock = clock;
    this.written = written;
    this.directory = directory;
    this.worker = Executors.newSingleThreadScheduledExecutor(
        new ThreadFactoryBuilder().setNameFormat("compaction").setDaemon(true).build());
  }

  /** Compactions queued or running now: HBase's {@code compactionQueueLength}. */
  public int length() {
    int length = 0;
    for (int[] counts : pending.values()) {
      length += counts[0] + counts[1];
    }
    return length;
  }

  /** The compaction running now, if any. */
  public Optional<Running> running() {
    return Optional.ofNullable(running);
  }

  /** Each region with compactions queued or running (the running one included), in no particular order. */
  public List<Pending> pending() {
    List<Pending> all = new ArrayList<>();
    pending.forEach((region, counts) -> {
      synchronized (counts) {
        all.add(new Pending(region, counts[0], counts[1]));
      }
    });
    return all;
  }

  /** Queues a compaction of {@code region} (of one family, or all when null); ignored while switched off. */
  public void request(Compactable region, boolean major, byte[] family) {
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
  public void compactPeriodically(Supplier<? extends Collection<? extends Compactable>> regions, long periodMillis) {
    if (periodMillis <= 0) {
      return;
    }
    every(periodMillis, () -> regions.get().stream().filter(Compactable::isOnline)
        .forEach(region -> request(region, true, null)));
  }

  /**
   * Every {@code periodMillis}, queues a minor compaction of each region its writes have made due and that has none
   * queued or running; 0 or less turns these off.
   */
  public void compactWhenWritten(Supplier<? extends Collection<? extends Compactable>> regions, long periodMillis) {
    if (periodMillis <= 0) {
      return;
    }
    every(periodMillis, () -> queueDue(regions.get()));
  }

  private void queueDue(Collection<? extends Compactable> regions) {
    if (stopping()) {
      return;
    }
    Set<String> served = new HashSet<>();
    for (Compactable region : regions) {
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

  private void run(Compactable queued, boolean major, byte[] family) {
    String key = queued.info().getEncodedName();
    try {
      if (stopping()) {
        return;
      }
      Optional<Compactable> current = directory.served(key);
      if (current.isEmpty()) {
        passOnFromRetired(queued, major, family);
        return;
      }
      Compactable region = current.get();
      running = new Running(region.info(), major, clock.millis());
      BooleanSupplier retired = () -> directory.served(key).isEmpty();
      CompactionBacklog backlog = region.compactionBacklog();
      long writtenAtStart = backlog.written();
      Optional<TabletCompaction.Outcome> outcome = region.compact(major, family,
          () -> stopping() || retired.getAsBoolean());
      // A region that was not compacted (its table is disabled) keeps its backlog for when it is open again, and
      // one retired after its last row was compacted handed on compacted rows: nothing to pass on.
      boolean complete = outcome.isPresent() && outcome.get().complete();
      if (retired.getAsBoolean()) {
        if (outcome.isPresent() && !complete) {
          passOnFromRetired(region, major, family);
        }
      } else if (complete && family == null) {
        backlog.compacted(writtenAtStart, outcome.get().cellsKept());
        if (major) {
          lastMajor.put(key, clock.millis());
        }
      }
    } catch (IOException | RuntimeException e) {
      if (directory.served(key).isEmpty()) {
        // Its table dropped or truncated under it: nothing is lost with the compaction.
        LOG.debug("Compaction of {} ended with the region: {}", queued.info().getRegionNameAsString(), e.toString());
      } else {
        LOG.warn("{} compaction of {} failed: {}", major ? "Major" : "Minor", queued.info().getRegionNameAsString(),
            e.toString());
      }
    } finally {
      running = null;
      count(key, major, -1);
    }
  }

  /**
   * A retired region's minor compaction is dropped (the regions that took over its rows took over its backlog too);
   * a major one, which drops delete markers nothing else would, is requested of each of those regions instead.
   */
  private void passOnFromRetired(Compactable retired, boolean major, byte[] family) {
    if (!major) {
      LOG.debug("Not compacting {}: it is no longer served", retired.info().getRegionNameAsString());
      return;
    }
    for (Compactable successor : directory.successorsOf(retired.info())) {
      LOG.info("Passing the major compaction of {}, no longer served, on to {}",
          retired.info().getRegionNameAsString(), successor.info().getRegionNameAsString());
      request(successor, true, family);
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
