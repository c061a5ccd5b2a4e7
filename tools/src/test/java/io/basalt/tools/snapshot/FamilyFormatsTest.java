package io.basalt.tools.snapshot;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFile;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.apache.hadoop.hbase.regionserver.StoreFileWriter;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The HFile settings the export writes each family's files with, and what it does when a codec is missing. */
class FamilyFormatsTest {
  private static final byte[] GZ = toBytes("gz");
  private static final byte[] LZO = toBytes("lzo");

  @TempDir
  Path dir;

  @Test
  void aFamilyWhoseCodecIsMissingIsWrittenUncompressedWithANote() throws Exception {
    TableDescriptor table = TableDescriptorBuilder.newBuilder(TableName.valueOf("t"))
        .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(GZ)
            .setCompressionType(Compression.Algorithm.GZ).setBloomFilterType(BloomType.ROWCOL).build())
        .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(LZO)
            .setCompressionType(Compression.Algorithm.LZO).build())
        .build();
    Configuration conf = HBaseConfiguration.create();
    FamilyFormats formats = new FamilyFormats(table, conf);

    List<String> notes = formats.notes();
    assertEquals(1, notes.size(), notes.toString());
    assertTrue(notes.get(0).startsWith("family lzo: the lzo codec is not on the class path"), notes.get(0));
    assertEquals(Compression.Algorithm.GZ, formats.compression(GZ));
    assertEquals(Compression.Algorithm.NONE, formats.compression(LZO));

    assertEquals(Compression.Algorithm.GZ, writeAndReadBack(formats, conf, GZ));
    assertEquals(Compression.Algorithm.NONE, writeAndReadBack(formats, conf, LZO));
  }

  /** Writes one cell of the family and returns the compression the file's trailer names. */
  private Compression.Algorithm writeAndReadBack(FamilyFormats formats, Configuration conf, byte[] family)
      throws Exception {
    FileSystem files = FileSystem.getLocal(conf);
    org.apache.hadoop.fs.Path path = new org.apache.hadoop.fs.Path(dir.resolve(Bytes.toString(family)).toUri());
    StoreFileWriter writer = formats.open(files, path, family);
    writer.append(new KeyValue(toBytes("row"), family, toBytes("q"), 1L, toBytes("value")));
    writer.appendMetadata(RegionExport.SEQUENCE_ID, false);
    writer.close();
    try (HFile.Reader reader = HFile.createReader(files, path, CacheConfig.DISABLED, true, conf)) {
      assertEquals(1, reader.getEntries());
      return reader.getTrailer().getCompressionCodec();
    }
  }
}
