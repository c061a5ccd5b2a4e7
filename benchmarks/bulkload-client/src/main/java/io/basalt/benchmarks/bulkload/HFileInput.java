package io.basalt.benchmarks.bulkload;

import java.io.IOException;
import java.nio.file.Files;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFileContext;
import org.apache.hadoop.hbase.io.hfile.HFileContextBuilder;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.apache.hadoop.hbase.regionserver.HStoreFile;
import org.apache.hadoop.hbase.regionserver.StoreFileWriter;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Writes the benchmark's input: one HFile per region under {@code DIR/f/}, with HBase's own store file writer and
 * the settings HBase's {@code HFileOutputFormat2} (ImportTsv's bulk output) gives a family of the default
 * descriptor: 64 KiB blocks, no compression, no block encoding, HFile version 3 with tags, a row bloom filter, and
 * the bulk load time and major-compaction marks in the file info. Files are written through Hadoop's raw local file
 * system, so no {@code .crc} file lies beside them, as for files copied off HDFS with {@code hadoop fs -get}.
 */
final class HFileInput {
  private HFileInput() {}

  /** Writes the files and prints one {@code [bulkload] wrote ...} line. */
  static void write(java.nio.file.Path directory, BenchmarkRows data) throws IOException {
    Configuration conf = HBaseConfiguration.create();
    FileSystem files = FileSystem.getLocal(conf).getRawFileSystem();
    java.nio.file.Path family = Files.createDirectories(directory.resolve(Bytes.toString(BenchmarkRows.FAMILY)));
    long started = System.nanoTime();
    long bytes = 0;
    for (int region = 0; region < data.regions(); region++) {
      java.nio.file.Path file = family.resolve(String.format("region-%03d", region));
      writeRegion(conf, files, new Path(file.toUri()), data, region);
      bytes += Files.size(file);
    }
    System.out.printf("[bulkload] wrote files=%d cells=%d bytes=%d millis=%d%n", data.regions(), data.rows(), bytes,
        (System.nanoTime() - started) / 1_000_000);
  }

  private static void writeRegion(Configuration conf, FileSystem files, Path path, BenchmarkRows data, int region)
      throws IOException {
    HFileContext context = new HFileContextBuilder().withBlockSize(64 * 1024)
        .withCompression(Compression.Algorithm.NONE).withDataBlockEncoding(DataBlockEncoding.NONE)
        .withIncludesTags(true).withIncludesMvcc(true).withColumnFamily(BenchmarkRows.FAMILY).build();
    StoreFileWriter writer = new StoreFileWriter.Builder(conf, CacheConfig.DISABLED, files).withFilePath(path)
        .withBloomType(BloomType.ROW).withFileContext(context).build();
    boolean written = false;
    try {
      long end = region + 1 == data.regions() ? data.rows() : data.firstRowOf(region + 1);
      for (long row = data.firstRowOf(region); row < end; row++) {
        writer.append(new KeyValue(data.row(row), BenchmarkRows.FAMILY, BenchmarkRows.QUALIFIER,
            BenchmarkRows.TIMESTAMP, data.value(row)));
      }
      writer.appendFileInfo(HStoreFile.BULKLOAD_TIME_KEY, Bytes.toBytes(System.currentTimeMillis()));
      writer.appendFileInfo(HStoreFile.BULKLOAD_TASK_KEY, Bytes.toBytes("basalt-benchmark"));
      writer.appendFileInfo(HStoreFile.MAJOR_COMPACTION_KEY, Bytes.toBytes(true));
      writer.appendFileInfo(HStoreFile.EXCLUDE_FROM_MINOR_COMPACTION_KEY, Bytes.toBytes(false));
      writer.appendTrackedTimestampsToMetadata();
      written = true;
    } finally {
      try {
        writer.close();
      } catch (IOException e) {
        if (written) {
          throw e;
        }
        // The failure that stopped the writing is the one to report; this one follows from it.
        System.err.println("[bulkload] could not close " + path + " after a failed write: " + e.getMessage());
      }
    }
  }
}
