package io.basalt.storage.ingest;

import io.basalt.storage.catalog.FamilyOptions;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.BloomFilter;
import org.rocksdb.CompressionType;
import org.rocksdb.EnvOptions;
import org.rocksdb.Options;
import org.rocksdb.SstFileWriter;

/**
 * An {@link SstFileWriter} that writes a family's cells the way the store writes that family's own files: the
 * family's compression, block size and bloom filter. RocksDB ingests a file as it is and keeps it until a compaction
 * rewrites it, and an imported tablet's or a bulk load's files land where compactions may not reach for a long time, so a file
 * written with other settings would read slower (no filter) or take more space (no compression) all that while.
 * Close it to free the native objects.
 */
public final class SstWriterOptions implements AutoCloseable {
  private final Options options;
  private final EnvOptions env = new EnvOptions();
  private final BloomFilter bloom;

  public SstWriterOptions(FamilyOptions family) {
    BlockBasedTableConfig table = new BlockBasedTableConfig().setBlockSize(family.blockSizeBytes())
        // Writing a file reads nothing back through a cache.
        .setNoBlockCache(true);
    if (family.bloom() == FamilyOptions.Bloom.KEY) {
      bloom = new BloomFilter(10, false);
      table.setFilterPolicy(bloom).setWholeKeyFiltering(true);
    } else {
      bloom = null;
    }
    CompressionType compression = compressionType(family.compression());
    options = new Options().setTableFormatConfig(table).setCompressionType(compression)
        .setBottommostCompressionType(compression);
  }

  /** A new writer with these options; close it before closing this. */
  public SstFileWriter newWriter() {
    return new SstFileWriter(env, options);
  }

  /** The same mapping as the store's own: each of Basalt's compressions is one of RocksDB's. */
  private static CompressionType compressionType(FamilyOptions.Compression compression) {
    return switch (compression) {
      case NONE -> CompressionType.NO_COMPRESSION;
      case SNAPPY -> CompressionType.SNAPPY_COMPRESSION;
      case LZ4 -> CompressionType.LZ4_COMPRESSION;
      case ZSTD -> CompressionType.ZSTD_COMPRESSION;
      case ZLIB -> CompressionType.ZLIB_COMPRESSION;
    };
  }

  @Override
  public void close() {
    options.close();
    env.close();
    if (bloom != null) {
      bloom.close();
    }
  }
}
