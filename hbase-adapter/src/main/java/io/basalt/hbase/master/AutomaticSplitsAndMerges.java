package io.basalt.hbase.master;

import io.basalt.hbase.master.ClusterSwitches.Switch;
import io.basalt.hbase.schema.HBaseTable;
import io.basalt.hbase.schema.TableDirectory;
import io.basalt.hbase.stats.TabletRequests;
import io.basalt.hbase.stats.TabletStatistics;
import io.basalt.storage.TabletSize;
import io.basalt.storage.catalog.TabletDefinition;
import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hbase.thirdparty.com.google.common.util.concurrent.ThreadFactoryBuilder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Splits tablets that grow large or hot and merges small cold neighbours, as Bigtable does, without anyone asking.
 * Every period it looks at each enabled table's tablets (their approximate sizes from RocksDB, their request rates
 * over the last minute) and makes at most one change per table, logging why. Only load sustained over most of that
 * minute counts, so a burst does not split a tablet. A large tablet is split at its middle
 * row; a hot one at the median of the rows recently accessed in it, so the load spreads over the two halves. The
 * split and merge switches and the tables' SPLIT_ENABLED, MERGE_ENABLED and NORMALIZATION_ENABLED are honoured.
 *
 * <p>In a cluster only the active master looks, and it splits by size only: every node holds every tablet, so its
 * sizes are the tablets' own, but each tablet's requests are counted on the node leading it, so the master's rates
 * are not, and a tablet led elsewhere would look cold. Until nodes report their loads to the master, load-based
 * splits and cold merges stay off there, which is what HBase does by default (splits by size, normalizer off).
 */
public final class AutomaticSplitsAndMerges implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(AutomaticSplitsAndMerges.class);

  private final TableDirectory tables;
  private final RegionSplitsAndMerges changes;
  private final TabletStatistics statistics;
  private final ClusterSwitches switches;
  private final SplitMergePolicy policy;
  private final Clock clock;
  private final BooleanSupplier activeMaster;
  private final boolean seesEveryRequest;
  private final ScheduledExecutorService worker;

  /**
   * @param activeMaster whether this process is the active master now: only it splits and merges
   * @param seesEveryRequest whether this process serves every tablet's requests (a single node), so that the
   *     request rates it counts are the tablets' own; without them only sizes are followed (see the class comment)
   */
  public AutomaticSplitsAndMerges(TableDirectory tables, RegionSplitsAndMerges changes, TabletStatistics statistics,
      ClusterSwitches switches, SplitMergePolicy policy, Clock clock, BooleanSupplier activeMaster,
      boolean seesEveryRequest) {
    this.activeMaster = activeMaster;
    this.seesEveryRequest = seesEveryRequest;
    this.tables = tables;
    this.changes = changes;
    this.statistics = statistics;
    this.switches = switches;
    this.policy = policy;
    this.clock = clock;
    this.worker = Executors.newSingleThreadScheduledExecutor(
        new ThreadFactoryBuilder().setNameFormat("automatic-splits").setDaemon(true).build());
  }

  /** Starts looking every period, unless the policy turns automatic changes off. */
  public void start() {
    if (policy.enabled()) {
      worker.scheduleWithFixedDelay(this::checkLoggingFailures, policy.checkPeriodMillis(),
          policy.checkPeriodMillis(), TimeUnit.MILLISECONDS);
    }
  }

  private void checkLoggingFailures() {
    try {
      check();
    } catch (RuntimeException e) {
      // One failed look must not end the schedule; the next period looks again.
      LOG.warn("Looking for tablets to split or merge failed", e);
    }
  }

  /** One look at every table: at most one split or merge each. */
  void check() {
    if (!activeMaster.getAsBoolean()) {
      return;
    }
    double serverRate = 0;
    for (HBaseTable table : tables.all()) {
      for (RegionInfo region : table.regions()) {
        serverRate += rate(region);
      }
    }
    for (HBaseTable table : tables.all()) {
      if (!table.isEnabled()) {
        continue;
      }
      try {
        // One size estimate per table per look serves both decisions: it reads every file's properties.
        List<TabletSize> sizes = table.storage().approximateSizes(table.definition().tablets());
        if (!splitOne(table, sizes, serverRate)) {
          mergeOne(table, sizes);
        }
      } catch (IOException e) {
        LOG.warn("Could not split or merge a tablet of {}: {}", table.name(), e.getMessage());
      }
    }
  }

  private boolean splitOne(HBaseTable table, List<TabletSize> sizes, double serverRate) throws IOException {
    if (!switches.get(Switch.SPLIT) || !table.descriptor().isSplitEnabled()) {
      return false;
    }
    List<RegionInfo> regions = table.regions();
    for (int i = 0; i < regions.size(); i++) {
      RegionInfo region = regions.get(i);
      long bytes = bytes(sizes.get(i));
      if (bytes > policy.maxRegionBytes()) {
        LOG.info("Splitting {} at its middle row: {} bytes, over the {} byte limit (hbase.hregion.max.filesize)",
            region.getRegionNameAsString(), bytes, policy.maxRegionBytes());
        return split(region, null);
      }
      double rate = rate(region);
      if (seesEveryRequest && rate >= policy.hotRequestsPerSecond()
          && rate * 100 >= serverRate * policy.hotSharePercent()
          && sustainedFor(region) >= policy.hotSustainMillis()) {
        Optional<byte[]> median = statistics.find(region.getEncodedName())
            .flatMap(requests -> requests.sampledRows().median());
        TabletDefinition tablet = table.definition().tablets().get(i);
        if (median.isPresent() && tablet.contains(median.get())
            && !Bytes.equals(median.get(), tablet.startRow())) {
          LOG.info("Splitting {} at {}, the median of its recently accessed rows: {} requests/s, {}% of the "
              + "server's", region.getRegionNameAsString(), Bytes.toStringBinary(median.get()), Math.round(rate),
              Math.round(100 * rate / serverRate));
          return split(region, median.get());
        }
        LOG.debug("{} is hot but its accessed rows give no split point", region.getRegionNameAsString());
      }
    }
    return false;
  }

  private boolean split(RegionInfo region, byte[] row) throws IOException {
    return !changes.split(region, row).isEmpty();
  }

  private void mergeOne(HBaseTable table, List<TabletSize> sizes) throws IOException {
    if (!seesEveryRequest || !switches.get(Switch.MERGE) || !switches.get(Switch.NORMALIZER)
        || !table.descriptor().isMergeEnabled() || !table.descriptor().isNormalizationEnabled()) {
      return;
    }
    List<RegionInfo> regions = table.regions();
    if (regions.size() < 2) {
      return;
    }
    long now = clock.millis();
    for (int i = 0; i + 1 < regions.size(); i++) {
      List<RegionInfo> pair = new ArrayList<>(regions.subList(i, i + 2));
      long bytes = bytes(sizes.get(i)) + bytes(sizes.get(i + 1));
      boolean cold = pair.stream().allMatch(region -> rate(region) < policy.coldRequestsPerSecond());
      boolean old = pair.stream().allMatch(region -> now - region.getRegionId() >= policy.mergeMinAgeMillis());
      if (bytes < policy.mergeMaxBytes() && cold && old) {
        LOG.info("Merging {} and {}: {} bytes together, under {}; each under {} requests/s",
            pair.get(0).getRegionNameAsString(), pair.get(1).getRegionNameAsString(), bytes,
            policy.mergeMaxBytes(), policy.coldRequestsPerSecond());
        changes.merge(pair, false);
        return;
      }
    }
  }

  private double rate(RegionInfo region) {
    return statistics.find(region.getEncodedName()).map(TabletRequests::requestsPerSecond).orElse(0.0);
  }

  /** How long the region's request rate has been measured: a short burst is not a hot spot. */
  private long sustainedFor(RegionInfo region) {
    return statistics.find(region.getEncodedName()).map(TabletRequests::rateSpanMillis).orElse(0L);
  }

  private static long bytes(TabletSize size) {
    return size.fileBytes() + size.memtableBytes();
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
