package io.basalt.storage;

import org.rocksdb.LRUCache;
import org.rocksdb.Statistics;
import org.rocksdb.TickerType;

/**
 * The shared block cache as RocksDB counts it: its size, what it holds, and its lookups since the store opened, all
 * of them and those of data and filter blocks apart. A lookup is counted whoever asked: a client's read, a compaction's
 * or the store's own sizing reads, which look up blocks without adding them.
 *
 * @param capacityBytes the most the cache holds
 * @param usedBytes bytes it holds: cached blocks, and the memtable budget's reservations charged to it
 * @param hits lookups that found their block
 * @param misses lookups that read their block from a file
 * @param dataHits lookups of data blocks that found them
 * @param dataMisses lookups of data blocks that read them from a file
 * @param filterHits lookups of Bloom filter blocks that found them
 * @param filterMisses lookups of Bloom filter blocks that read them from a file
 */
public record BlockCacheFigures(long capacityBytes, long usedBytes, long hits, long misses, long dataHits,
    long dataMisses, long filterHits, long filterMisses) {

  /** Hits in percent of all lookups, 0 before the first. */
  public double hitPercent() {
    long lookups = hits + misses;
    return lookups == 0 ? 0 : 100.0 * hits / lookups;
  }

  static BlockCacheFigures read(LRUCache cache, long capacityBytes, Statistics statistics) {
    return new BlockCacheFigures(capacityBytes, cache.getUsage(),
        statistics.getTickerCount(TickerType.BLOCK_CACHE_HIT), statistics.getTickerCount(TickerType.BLOCK_CACHE_MISS),
        statistics.getTickerCount(TickerType.BLOCK_CACHE_DATA_HIT),
        statistics.getTickerCount(TickerType.BLOCK_CACHE_DATA_MISS),
        statistics.getTickerCount(TickerType.BLOCK_CACHE_FILTER_HIT),
        statistics.getTickerCount(TickerType.BLOCK_CACHE_FILTER_MISS));
  }
}
