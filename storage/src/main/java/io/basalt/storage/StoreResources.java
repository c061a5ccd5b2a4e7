package io.basalt.storage;

import io.basalt.storage.catalog.FamilyOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.BloomFilter;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.CompressionType;
import org.rocksdb.DBOptions;
import org.rocksdb.Env;
import org.rocksdb.HistogramType;
import org.rocksdb.InfoLogLevel;
import org.rocksdb.LRUCache;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.SstFileManager;
import org.rocksdb.Statistics;
import org.rocksdb.WriteBufferManager;

/** The native RocksDB option objects of one store; they must outlive the database and are closed after it. */
final class StoreResources implements AutoCloseable {
  private final LRUCache blockCache;
  private final long blockCacheBytes;
  private final Statistics statistics;
  private final WriteBufferManager writeBufferManager;
  private final SstFileManager sstFileManager;
  private final DBOptions dbOptions;
  private final ColumnFamilyOptions catalogOptions;
  /** One native options object per distinct setting, shared by the families that use it. */
  private final Map<FamilyOptions, ColumnFamilyOptions> dataOptions = new HashMap<>();
  private final List<AutoCloseable> owned = new ArrayList<>();

  StoreResources(StoreOptions options) {
    blockCacheBytes = options.blockCacheBytes();
    blockCache = new LRUCache(blockCacheBytes);
    statistics = countersOnly();
    // One memtable budget across all column families, however many tables exist.
    writeBufferManager = new WriteBufferManager(options.memtableBudgetBytes(), blockCache);
    sstFileManager = newSstFileManager();
    dbOptions = new DBOptions()
        .setCreateIfMissing(true)
        .setCreateMissingColumnFamilies(true)
        // Families of one row are flushed together, so even writes that skip the log stay row-atomic.
        .setAtomicFlush(true)
        .setMaxBackgroundJobs(options.backgroundJobs())
        .setWriteBufferManager(writeBufferManager)
        // With a file manager RocksDB fails writes at once when the disk is full (without one they hang), and
        // resumes them by itself once it sees free space again.
        .setSstFileManager(sstFileManager)
        .setStatistics(statistics)
        // A group of concurrent writes goes into the memtable by its leader alone. Letting each writer insert its own
        // batch in parallel (RocksDB's default) costs two more hand-offs between threads per group, futex waits and
        // wake-ups that cost more than inserting a row's few cells. Measured with the lean generator on two cores, 4
        // connections x 16 calls in flight, two alternating runs: puts 21,050-21,139/s at 68 us of server CPU each
        // with parallel inserts, 29,360-29,561/s at 50 us without; increments 13,664-14,228/s at 110-115 us against
        // 18,038-18,391/s at 85-90 us; batches of 100 puts and check-and-puts within the runs' noise.
        .setAllowConcurrentMemtableWrite(false)
        // With many column families the log cannot be recycled until all are flushed; bound it.
        .setMaxTotalWalSize(512L << 20)
        .setKeepLogFileNum(5)
        .setInfoLogLevel(InfoLogLevel.WARN_LEVEL);
    catalogOptions = new ColumnFamilyOptions();
  }

  /**
   * RocksDB's counters (block cache hits and misses among them) without any of its histograms: with none enabled, no
   * operation reads the clock to time itself, and counting is an add to a per-core slot. The storage microbenchmarks
   * (benchmarks/storage-jmh, eight alternating runs) gave single-row gets a median of 175,300/s with them and 176,500/s
   * without, 100-row scans 15,500/s and 16,800/s, within runs that differed by up to a half (docs/observability.md).
   */
  private static Statistics countersOnly() {
    return new Statistics(EnumSet.allOf(HistogramType.class));
  }

  private static SstFileManager newSstFileManager() {
    try {
      return new SstFileManager(Env.getDefault());
    } catch (RocksDBException e) {
      throw new IllegalStateException("RocksDB cannot create a file manager: " + e.getMessage(), e);
    }
  }

  DBOptions dbOptions() {
    return dbOptions;
  }

  ColumnFamilyOptions catalogOptions() {
    return catalogOptions;
  }

  /** RocksDB options for a data family; all share the store's block cache and memtable budget. */
  synchronized ColumnFamilyOptions dataOptions(FamilyOptions options) {
    return dataOptions.computeIfAbsent(options, this::build);
  }

  private ColumnFamilyOptions build(FamilyOptions options) {
    BlockBasedTableConfig table = new BlockBasedTableConfig().setBlockSize(options.blockSizeBytes());
    if (options.blockCache()) {
      table.setBlockCache(blockCache)
          .setCacheIndexAndFilterBlocks(true)
          .setCacheIndexAndFilterBlocksWithHighPriority(options.highPriority())
          .setPinL0FilterAndIndexBlocksInCache(options.highPriority());
    } else {
      // Nothing of the family goes through the cache; its index and filter blocks stay with the open files.
      table.setNoBlockCache(true);
    }
    if (options.bloom() == FamilyOptions.Bloom.KEY) {
      BloomFilter bloom = new BloomFilter(10, false);
      owned.add(bloom);
      table.setFilterPolicy(bloom).setWholeKeyFiltering(true);
    }
    CompressionType compression = compressionType(options.compression());
    return new ColumnFamilyOptions()
        .setTableFormatConfig(table)
        .setCompressionType(compression)
        .setBottommostCompressionType(compression);
  }

  static CompressionType compressionType(FamilyOptions.Compression compression) {
    return switch (compression) {
      case NONE -> CompressionType.NO_COMPRESSION;
      case SNAPPY -> CompressionType.SNAPPY_COMPRESSION;
      case LZ4 -> CompressionType.LZ4_COMPRESSION;
      case ZSTD -> CompressionType.ZSTD_COMPRESSION;
      case ZLIB -> CompressionType.ZLIB_COMPRESSION;
    };
  }

  List<byte[]> existingColumnFamilies(Path directory) throws RocksDBException {
    if (!Files.exists(directory.resolve("CURRENT"))) {
      return List.of();
    }
    try (Options listOptions = new Options()) {
      return RocksDB.listColumnFamilies(listOptions, directory.toString());
    }
  }

  BlockCacheFigures blockCacheFigures() {
    return BlockCacheFigures.read(blockCache, blockCacheBytes, statistics);
  }

  @Override
  public void close() {
    dataOptions.values().forEach(ColumnFamilyOptions::close);
    for (AutoCloseable resource : owned) {
      try {
        resource.close();
      } catch (Exception e) {
        // native handles do not fail to close
      }
    }
    catalogOptions.close();
    dbOptions.close();
    statistics.close();
    sstFileManager.close();
    writeBufferManager.close();
    blockCache.close();
  }
}
