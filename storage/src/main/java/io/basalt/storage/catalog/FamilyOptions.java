package io.basalt.storage.catalog;

import java.util.Objects;

/**
 * How a column family's data is laid out on disk: compression, bloom filter, block size and caching. These shape
 * only the files RocksDB writes from now on; files already written keep their own settings and stay readable, so
 * changing options never risks data.
 *
 * @param blockSizeBytes size of a data block before compression
 * @param blockCache whether read blocks are kept in the shared block cache
 * @param highPriority whether the family's index and filter blocks are cached with high priority and pinned
 */
public record FamilyOptions(Compression compression, Bloom bloom, int blockSizeBytes, boolean blockCache,
    boolean highPriority) {
  /** Block compression. */
  public enum Compression { NONE, SNAPPY, LZ4, ZSTD, ZLIB }

  /** Bloom filter over keys. */
  public enum Bloom { NONE, KEY }

  /** What a family gets when nothing is asked: LZ4 blocks of 64 KiB, cached, no bloom filter. */
  public static final FamilyOptions DEFAULT = new FamilyOptions(Compression.LZ4, Bloom.NONE, 64 * 1024, true, false);

  public FamilyOptions {
    Objects.requireNonNull(compression, "compression");
    Objects.requireNonNull(bloom, "bloom");
    if (blockSizeBytes <= 0) {
      throw new IllegalArgumentException("block size must be positive: " + blockSizeBytes);
    }
  }

  /*
   * Written out because a record's generated equals and hashCode bootstrap through method handles on first use:
   * a cold server's first createTable, which keys the store's RocksDB options by these, spent some 30 ms of its
   * wall time on that in a profile.
   */

  @Override
  public boolean equals(Object o) {
    return o instanceof FamilyOptions other
        && compression == other.compression
        && bloom == other.bloom
        && blockSizeBytes == other.blockSizeBytes
        && blockCache == other.blockCache
        && highPriority == other.highPriority;
  }

  @Override
  public int hashCode() {
    int hash = compression.ordinal();
    hash = 31 * hash + bloom.ordinal();
    hash = 31 * hash + blockSizeBytes;
    hash = 31 * hash + Boolean.hashCode(blockCache);
    return 31 * hash + Boolean.hashCode(highPriority);
  }
}
