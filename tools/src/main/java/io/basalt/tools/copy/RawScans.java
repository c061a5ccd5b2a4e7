package io.basalt.tools.copy;

import org.apache.hadoop.hbase.client.Scan;

/** The scan that sees everything a table stores: every version, delete markers included, in bounded pieces. */
final class RawScans {
  private static final int CACHING = 500;
  private static final long MAX_RESULT_BYTES = 4L << 20;

  private RawScans() {}

  static Scan of(Regions.KeyRange range) {
    return new Scan()
        .withStartRow(range.start(), true)
        .withStopRow(range.end(), false)
        .setRaw(true)
        .readAllVersions()
        .setCaching(CACHING)
        .setMaxResultSize(MAX_RESULT_BYTES)
        // A wide row arrives in pieces instead of all at once.
        .setAllowPartialResults(true)
        .setCacheBlocks(false);
  }
}
