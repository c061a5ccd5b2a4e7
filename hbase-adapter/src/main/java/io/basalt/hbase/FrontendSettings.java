package io.basalt.hbase;

import io.basalt.hbase.compaction.CompactionPolicy;
import io.basalt.hbase.logs.SlowLogSettings;
import io.basalt.hbase.master.SplitMergePolicy;
import java.time.Clock;

/**
 * Settings of the HBase personality.
 *
 * @param scannerLeaseMillis how long a scanner may go without a call (HBase's
 *     {@code hbase.client.scanner.timeout.period})
 * @param maxScanResultBytes cap on the cell bytes of one scan response ({@code hbase.server.scanner.max.result.size})
 * @param maxCellBytes largest cell a write may carry or produce ({@code hbase.server.keyvalue.maxsize}; 0: no limit)
 * @param compactionPolicy when regions are compacted without anyone asking
 * @param splitMergePolicy when tablets are split and merged without anyone asking
 * @param snapshotCleanupPeriodMillis how often snapshots whose TTL has run out are deleted while snapshot cleanup is
 *     on ({@code hbase.master.cleaner.snapshot.interval})
 * @param clock the server clock that stamps writes and expires TTLs and leases
 * @param slowLog which answered calls the slow and large log keeps
 * @param keyVisualizer whether to keep the Key Visualizer's record of where requests go in each table
 */
public record FrontendSettings(long scannerLeaseMillis, long maxScanResultBytes, long maxCellBytes,
    CompactionPolicy compactionPolicy, SplitMergePolicy splitMergePolicy, long snapshotCleanupPeriodMillis,
    Clock clock, SlowLogSettings slowLog, boolean keyVisualizer) {

  public static FrontendSettings defaults() {
    // HBase's master looks for expired snapshots every 30 minutes by default.
    return new FrontendSettings(60_000, 100L << 20, 10L << 20, CompactionPolicy.defaults(), SplitMergePolicy.defaults(),
        1_800_000, Clock.systemUTC(), SlowLogSettings.defaults(), true);
  }
}
