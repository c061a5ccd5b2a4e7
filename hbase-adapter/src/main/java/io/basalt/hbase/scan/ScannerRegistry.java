package io.basalt.hbase.scan;

import io.basalt.hbase.read.RegionScanner;
import io.basalt.hbase.rpc.ScannerQuota;
import java.time.Clock;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.hbase.UnknownScannerException;
import org.apache.hbase.thirdparty.com.google.common.util.concurrent.ThreadFactoryBuilder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Scanners that outlive one RPC, by id. A scanner not touched within its lease is closed by a reaper; the next call
 * for it gets {@link UnknownScannerException}, on which clients reopen from the last row they saw. Ids of recently
 * closed scanners are remembered so that a late close or next for them is answered quietly, for one lease after the
 * last call for them, as HBase remembers them; later calls get UnknownScannerException.
 */
public final class ScannerRegistry implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(ScannerRegistry.class);
  private static final int REMEMBERED_CLOSED = 10_000;

  private final Clock clock;
  private final long leaseMillis;
  private final Map<Long, OpenScanner> open = new ConcurrentHashMap<>();
  // Closed ids and when they were last asked for, least recently asked first.
  private final LinkedHashMap<Long, Long> recentlyClosed = new LinkedHashMap<>(16, 0.75f, true) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<Long, Long> eldest) {
      return size() > REMEMBERED_CLOSED;
    }
  };
  // A random base keeps ids of this incarnation from matching ids a client kept from an earlier one.
  private final AtomicLong nextId = new AtomicLong(ThreadLocalRandom.current().nextLong(1L << 40, 1L << 50));
  private final ScheduledExecutorService reaper;

  public ScannerRegistry(Clock clock, long leaseMillis) {
    this.clock = clock;
    this.leaseMillis = leaseMillis;
    this.reaper = Executors.newSingleThreadScheduledExecutor(
        new ThreadFactoryBuilder().setNameFormat("scanner-lease-reaper").setDaemon(true).build());
    long period = Math.max(100, leaseMillis / 10);
    reaper.scheduleWithFixedDelay(this::expireIdle, period, period, TimeUnit.MILLISECONDS);
  }

  public long leaseMillis() {
    return leaseMillis;
  }

  /** A fresh scanner id. */
  public long newId() {
    return nextId.getAndIncrement();
  }

  /**
   * Keeps a scanner open under {@code id} until it is closed or its lease expires; it holds a place of
   * {@code quota}, already acquired, which it gives back when it closes.
   *
   * @param owner the short name of the user opening it
   * @param wholeRegion whether the scan's range covers the whole region
   */
  public OpenScanner register(long id, RegionScanner scanner, long maxResultBytes, boolean needsCursor,
      ScannerQuota quota, String owner, boolean wholeRegion) {
    OpenScanner entry = new OpenScanner(id, scanner, maxResultBytes, needsCursor, quota, owner, wholeRegion,
        clock.millis());
    open.put(id, entry);
    return entry;
  }

  /**
   * The open scanner with this id, with its lease renewed; null if it was closed recently (the caller answers with
   * an empty response).
   *
   * @throws UnknownScannerException if the id was never handed out or its lease expired long ago
   */
  public OpenScanner lookup(long id) throws UnknownScannerException {
    OpenScanner entry = open.get(id);
    if (entry != null) {
      entry.touch(clock.millis());
      return entry;
    }
    if (wasRecentlyClosed(id)) {
      return null;
    }
    throw new UnknownScannerException("Unknown scanner '" + id + "'. The scanner id is wrong, its lease of "
        + leaseMillis + " ms expired between calls, or the server restarted.");
  }

  /** The open scanner with this id, or null; its lease is left as it is. */
  public OpenScanner peek(long id) {
    return open.get(id);
  }

  /** Remembers that a scanner id ended without ever being registered (its first batch emptied the region). */
  public void markClosed(long id) {
    synchronized (recentlyClosed) {
      recentlyClosed.put(id, clock.millis());
    }
  }

  /** Closes a scanner; its id is remembered as recently closed. */
  public void close(OpenScanner entry) {
    synchronized (entry) {
      entry.closeScanner();
    }
    open.remove(entry.id());
    markClosed(entry.id());
  }

  /** Closes a scanner that failed and forgets it, so any later call for it gets UnknownScannerException. */
  public void discard(OpenScanner entry) {
    synchronized (entry) {
      entry.closeScanner();
    }
    open.remove(entry.id());
  }

  public int openCount() {
    return open.size();
  }

  private void expireIdle() {
    long now = clock.millis();
    forgetClosedBefore(now - leaseMillis);
    for (OpenScanner entry : open.values()) {
      if (now - entry.lastTouchedMillis() <= leaseMillis) {
        continue;
      }
      synchronized (entry) {
        // Re-check under the monitor: a call may have renewed the lease meanwhile.
        if (clock.millis() - entry.lastTouchedMillis() <= leaseMillis) {
          continue;
        }
        entry.closeScanner();
      }
      // Expired scanners are forgotten entirely, so the client's next call gets UnknownScannerException.
      open.remove(entry.id());
      LOG.debug("Scanner {} expired after {} ms without a call", entry.id(), leaseMillis);
    }
  }

  /** Whether the id was closed and asked for within the last lease; asking counts as a call for it. */
  private boolean wasRecentlyClosed(long id) {
    long now = clock.millis();
    synchronized (recentlyClosed) {
      Long lastAsked = recentlyClosed.get(id);
      if (lastAsked == null) {
        return false;
      }
      if (now - lastAsked > leaseMillis) {
        recentlyClosed.remove(id);
        return false;
      }
      recentlyClosed.put(id, now);
      return true;
    }
  }

  private void forgetClosedBefore(long millis) {
    synchronized (recentlyClosed) {
      Iterator<Long> lastAsked = recentlyClosed.values().iterator();
      while (lastAsked.hasNext() && lastAsked.next() < millis) {
        lastAsked.remove();
      }
    }
  }

  @Override
  public void close() {
    reaper.shutdownNow();
    for (OpenScanner entry : open.values()) {
      synchronized (entry) {
        entry.closeScanner();
      }
    }
    open.clear();
  }
}
