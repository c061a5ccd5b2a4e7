package io.basalt.hbase.master;

/**
 * When Basalt splits or merges tablets on its own.
 *
 * @param checkPeriodMillis how often tablets are looked at; 0 turns automatic splits and merges off
 * @param maxRegionBytes a tablet larger than this is split at its middle row ({@code hbase.hregion.max.filesize})
 * @param hotSharePercent a tablet serving at least this share of the server's requests...
 * @param hotRequestsPerSecond ...and at least this many per second...
 * @param hotSustainMillis ...measured over at least this long is split at the median of its recently accessed rows
 * @param mergeMaxBytes adjacent tablets are merged only if together they are smaller than this...
 * @param coldRequestsPerSecond ...each serves fewer requests per second than this...
 * @param mergeMinAgeMillis ...and each is older than this (so a fresh split is not undone at once); only tables with
 *     NORMALIZATION_ENABLED are merged, as only those are normalized by HBase
 */
public record SplitMergePolicy(long checkPeriodMillis, long maxRegionBytes, int hotSharePercent,
    long hotRequestsPerSecond, long hotSustainMillis, long mergeMaxBytes, long coldRequestsPerSecond,
    long mergeMinAgeMillis) {

  public static SplitMergePolicy defaults() {
    return new SplitMergePolicy(10_000, 10L << 30, 50, 1_000, 55_000, 1L << 30, 1, 600_000);
  }

  /** Refuses settings under which a merged tablet would be split again at once. */
  public SplitMergePolicy {
    if (mergeMaxBytes > maxRegionBytes / 2) {
      throw new IllegalArgumentException("merged tablets may reach " + mergeMaxBytes + " bytes, more than half the "
          + maxRegionBytes + " bytes at which a tablet splits: they would split and merge back and forth");
    }
  }

  public boolean enabled() {
    return checkPeriodMillis > 0;
  }
}
