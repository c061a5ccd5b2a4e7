package io.basalt.hbase.schema;

import io.basalt.storage.catalog.FamilyOptions;
import io.basalt.storage.catalog.NewFamily;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.regionserver.BloomType;

/**
 * What an HBase column family's storage attributes mean on RocksDB: COMPRESSION picks the block compression,
 * BLOOMFILTER a bloom filter over keys, BLOCKSIZE the data block size, BLOCKCACHE whether blocks are cached, and
 * IN_MEMORY that the family's index and filter blocks stay cached with high priority. Other attributes are kept
 * in the descriptor and reported back unchanged.
 */
public final class StorageLayout {
  private StorageLayout() {}

  public static FamilyOptions optionsOf(ColumnFamilyDescriptor family) throws DoNotRetryIOException {
    return new FamilyOptions(compressionOf(family), family.getBloomFilterType() == BloomType.NONE
        ? FamilyOptions.Bloom.NONE : FamilyOptions.Bloom.KEY, family.getBlocksize(), family.isBlockCacheEnabled(),
        family.isInMemory());
  }

  public static NewFamily newFamily(ColumnFamilyDescriptor family) throws DoNotRetryIOException {
    return new NewFamily(family.getName(), optionsOf(family));
  }

  public static List<NewFamily> newFamilies(ColumnFamilyDescriptor[] families) throws DoNotRetryIOException {
    List<NewFamily> result = new ArrayList<>();
    for (ColumnFamilyDescriptor family : families) {
      result.add(newFamily(family));
    }
    return result;
  }

  /** The codecs RocksDB offers. HBase's others (LZO, BZIP2, LZMA, BROTLI) are refused, as HBase refuses a codec it
   * cannot load. */
  private static FamilyOptions.Compression compressionOf(ColumnFamilyDescriptor family)
      throws DoNotRetryIOException {
    return switch (family.getCompressionType()) {
      case NONE -> FamilyOptions.Compression.NONE;
      case SNAPPY -> FamilyOptions.Compression.SNAPPY;
      case LZ4 -> FamilyOptions.Compression.LZ4;
      case ZSTD -> FamilyOptions.Compression.ZSTD;
      case GZ -> FamilyOptions.Compression.ZLIB;
      default -> throw new DoNotRetryIOException("Compression algorithm '"
          + family.getCompressionType().getName() + "' of column family " + family.getNameAsString()
          + " is not supported; use NONE, SNAPPY, LZ4, ZSTD or GZ");
    };
  }
}
