package io.basalt.tools.snapshot;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.CellComparatorImpl;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFileContext;
import org.apache.hadoop.hbase.io.hfile.HFileContextBuilder;
import org.apache.hadoop.hbase.regionserver.StoreFileWriter;
import org.apache.hadoop.hbase.regionserver.StoreUtils;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.hbase.util.CompressionTest;

/**
 * How each family's HFiles are written: with the settings a region server's flush gives its writer (HBase 2.6's
 * {@code StoreFileTrackerBase.createFileContext}: the family's compression, data and index block encodings, block
 * size and tag compression; the configuration's checksum type and bytes per checksum; HBase's cell comparator) and
 * HBase's own {@link StoreFileWriter}, which adds the family's Bloom filter, the time range and the file info a
 * region server writes. Every file keeps tags, which is how a cell's own TTL travels (HFile version 3); none keeps
 * sequence ids (the flush's MVCC field), which the cells read through the client do not have: they are all 0, and a
 * file without them reads as one whose cells are all older than any later write.
 *
 * <p>A compression whose codec is not on the class path (Snappy, LZ4, ZSTD, LZO without their jars or native
 * libraries; Java's GZ always is) cannot be written: that family's files are written uncompressed instead, and a note
 * says so. HBase reads a file by the compression its trailer names, so they serve as they are; the family keeps its
 * setting, which HBase applies to the files it writes (and its compactions rewrite these). An encrypted family's
 * files are written unencrypted, as the tool has none of the cluster's keys; a note says that too.
 */
final class FamilyFormats {
  private final Configuration conf;
  private final String tableName;
  private final Map<byte[], Format> formats = new TreeMap<>(Bytes.BYTES_COMPARATOR);
  private final List<String> notes = new ArrayList<>();

  private record Format(ColumnFamilyDescriptor family, Compression.Algorithm compression) {}

  FamilyFormats(TableDescriptor table, Configuration conf) {
    QuietHFileMetrics.install(); // before the first HFile is written
    this.conf = conf;
    this.tableName = table.getTableName().getNameAsString();
    for (ColumnFamilyDescriptor family : table.getColumnFamilies()) {
      Compression.Algorithm wanted = family.getCompressionType();
      Compression.Algorithm written = wanted;
      try {
        CompressionTest.testCompression(wanted);
      } catch (IOException e) {
        written = Compression.Algorithm.NONE;
        notes.add("family " + family.getNameAsString() + ": the " + wanted.getName() + " codec is not on the class"
            + " path (" + rootMessage(e) + "); its HFiles are written uncompressed, which HBase reads as they are");
      }
      if (family.getEncryptionType() != null) {
        notes.add("family " + family.getNameAsString() + ": encrypted with " + family.getEncryptionType()
            + " on the table, but its HFiles are written unencrypted (the tool has no key); HBase reads them as"
            + " they are and encrypts the files it writes");
      }
      formats.put(family.getName(), new Format(family, written));
    }
  }

  /** What is written otherwise than the schema says, one line each. */
  List<String> notes() {
    return List.copyOf(notes);
  }

  /** The compression the family's files are written with. */
  Compression.Algorithm compression(byte[] family) {
    return format(family).compression();
  }

  /** A writer of one HFile of the family at {@code file}, which must not exist yet. */
  StoreFileWriter open(FileSystem files, Path file, byte[] familyName) throws IOException {
    Format format = format(familyName);
    ColumnFamilyDescriptor family = format.family();
    HFileContext context = new HFileContextBuilder()
        .withIncludesMvcc(false)
        .withIncludesTags(true)
        .withCompression(format.compression())
        .withCompressTags(family.isCompressTags())
        .withChecksumType(StoreUtils.getChecksumType(conf))
        .withBytesPerCheckSum(StoreUtils.getBytesPerChecksum(conf))
        .withBlockSize(family.getBlocksize())
        .withHBaseCheckSum(true)
        .withDataBlockEncoding(family.getDataBlockEncoding())
        .withIndexBlockEncoding(family.getIndexBlockEncoding())
        .withCreateTime(System.currentTimeMillis())
        .withColumnFamily(family.getName())
        .withTableName(Bytes.toBytes(tableName))
        .withCellComparator(CellComparatorImpl.COMPARATOR)
        .build();
    return new StoreFileWriter.Builder(conf, CacheConfig.DISABLED, files)
        .withFilePath(file)
        .withBloomType(family.getBloomFilterType())
        .withFileContext(context)
        .withMaxVersions(family.getMaxVersions())
        .withNewVersionBehavior(family.isNewVersionBehavior())
        .withCellComparator(CellComparatorImpl.COMPARATOR)
        .build();
  }

  private Format format(byte[] family) {
    Format format = formats.get(family);
    if (format == null) {
      throw new IllegalArgumentException("no family " + Bytes.toStringBinary(family) + " in " + tableName);
    }
    return format;
  }

  private static String rootMessage(Throwable failure) {
    Throwable root = failure;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String message = root.getMessage();
    return root.getClass().getSimpleName() + (message == null ? "" : ": " + message.lines().findFirst().orElse(""));
  }
}
