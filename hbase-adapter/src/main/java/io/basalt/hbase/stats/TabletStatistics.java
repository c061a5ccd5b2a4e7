package io.basalt.hbase.stats;

import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.apache.hbase.thirdparty.com.google.common.util.concurrent.ThreadFactoryBuilder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The request statistics of this server and of every tablet it holds. A tablet's are kept by its region's encoded
 * name, so they outlive the region objects, which are rebuilt whenever the catalog changes, and go when the region
 * does. The server's own are its RPC count and its request rate, which HBase reports as {@code
 * totalNumberOfRequests} and {@code requestsPerSecond}. Once a second a sampler records every rate.
 */
public final class TabletStatistics implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(TabletStatistics.class);
  /**
   * The server rate window: five seconds of once-a-second samples, HBase's metrics period
   * ({@code hbase.regionserver.metrics.period}) over which it computes requestsPerSecond.
   */
  static final int SERVER_RATE_SAMPLES = 6;

  private final Clock clock;
  private final Map<String, TabletRequests> tablets = new ConcurrentHashMap<>();
  private final LongAdder rpcs = new LongAdder();
  private final RequestRate serverRate = new RequestRate(SERVER_RATE_SAMPLES);
  private final ScheduledExecutorService sampler;
  /** Read and write requests of every tablet, summed as sampled; only {@link #sample()} touches it. */
  private long serverRequests;

  public TabletStatistics(Clock clock) {
    this.clock = clock;
    this.sampler = Executors.newSingleThreadScheduledExecutor(
        new ThreadFactoryBuilder().setNameFormat("tablet-statistics").setDaemon(true).build());
  }

  /** Starts recording the rates once a second. */
  public void sampleEverySecond() {
    sampler.scheduleAtFixedRate(this::sampleLoggingFailures, 1, 1, TimeUnit.SECONDS);
  }

  /** The statistics of the tablet whose region has this encoded name, created on first use. */
  public TabletRequests tablet(String encodedRegionName) {
    return tablets.computeIfAbsent(encodedRegionName, name -> new TabletRequests());
  }

  /** The statistics of a tablet, if it has any yet; unlike {@link #tablet} this creates none. */
  public Optional<TabletRequests> find(String encodedRegionName) {
    return Optional.ofNullable(tablets.get(encodedRegionName));
  }

  /** Forgets every tablet whose region is not among {@code encodedRegionNames}: dropped, truncated or split. */
  public void retainOnly(Set<String> encodedRegionNames) {
    tablets.keySet().retainAll(encodedRegionNames);
  }

  /** Counts one RPC call served, as HBase counts calls of its region server's services. */
  public void countRpc() {
    rpcs.increment();
  }

  public long rpcCount() {
    return rpcs.sum();
  }

  /** Read and write requests per second across all tablets, over the last five seconds. */
  public double requestsPerSecond() {
    return serverRate.perSecond();
  }

  /** Records every tablet's request total, and the server's, for their rates. */
  synchronized void sample() {
    long now = clock.millis();
    for (TabletRequests tablet : tablets.values()) {
      serverRequests += tablet.sample(now);
    }
    serverRate.record(now, serverRequests);
  }

  private void sampleLoggingFailures() {
    try {
      sample();
    } catch (RuntimeException e) {
      // A failure must not cancel the schedule: the next second tries again.
      LOG.warn("Sampling tablet request rates failed", e);
    }
  }

  @Override
  public void close() {
    sampler.shutdownNow();
  }
}
