package io.basalt.storage;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.CompressionType;
import org.rocksdb.DBOptions;
import org.rocksdb.InfoLogLevel;
import org.rocksdb.LRUCache;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.WriteBufferManager;

/** The native RocksDB option objects of one store; they must outlive the database and are closed after it. */
final class StoreResources implements AutoCloseable {
  private final LRUCache blockCache;
  private final WriteBufferManager writeBufferManager;
  private final DBOptions dbOptions;
  private final ColumnFamilyOptions catalogOptions;
  private final ColumnFamilyOptions dataOptions;

  StoreResources(StoreOptions options) {
    blockCache = new LRUCache(options.blockCacheBytes());
    // One memtable budget across all column families, however many tables exist.
    writeBufferManager = new WriteBufferManager(options.memtableBudgetBytes(), blockCache);
    dbOptions = new DBOptions()
        .setCreateIfMissing(true)
        .setCreateMissingColumnFamilies(true)
        // Families of one row are flushed together, so even writes that skip the log stay row-atomic.
        .setAtomicFlush(true)
        .setMaxBackgroundJobs(options.backgroundJobs())
        .setWriteBufferManager(writeBufferManager)
        // With many column families the log cannot be recycled until all are flushed; bound it.
        .setMaxTotalWalSize(512L << 20)
        .setKeepLogFileNum(5)
        .setInfoLogLevel(InfoLogLevel.WARN_LEVEL);
    catalogOptions = new ColumnFamilyOptions();
    BlockBasedTableConfig tableConfig = new BlockBasedTableConfig().setBlockCache(blockCache);
    dataOptions = new ColumnFamilyOptions()
        .setTableFormatConfig(tableConfig)
        .setCompressionType(CompressionType.LZ4_COMPRESSION)
        .setBottommostCompressionType(CompressionType.ZSTD_COMPRESSION);
  }

  DBOptions dbOptions() {
    return dbOptions;
  }

  ColumnFamilyOptions catalogOptions() {
    return catalogOptions;
  }

  ColumnFamilyOptions dataOptions() {
    return dataOptions;
  }

  List<byte[]> existingColumnFamilies(Path directory) throws RocksDBException {
    if (!Files.exists(directory.resolve("CURRENT"))) {
      return List.of();
    }
    try (Options listOptions = new Options()) {
      return RocksDB.listColumnFamilies(listOptions, directory.toString());
    }
  }

  @Override
  public void close() {
    dataOptions.close();
    catalogOptions.close();
    dbOptions.close();
    writeBufferManager.close();
    blockCache.close();
  }
}
