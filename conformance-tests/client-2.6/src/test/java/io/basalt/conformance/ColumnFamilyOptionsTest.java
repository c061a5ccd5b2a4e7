package io.basalt.conformance;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Column-family options take effect: storage options reach RocksDB (read back from the OPTIONS file RocksDB keeps
 * in the data directory), read options such as TTL apply at once, and everything is reported back as set.
 */
class ColumnFamilyOptionsTest {
  @RegisterExtension
  static final ConnectedBasalt BASALT = new ConnectedBasalt();

  private static final byte[] F = toBytes("f");

  @Test
  void storageOptionsReachRocksDbAndAreReportedBack() throws IOException {
    TableName name = TableName.valueOf("cf_storage");
    ColumnFamilyDescriptor family = ColumnFamilyDescriptorBuilder.newBuilder(F)
        .setCompressionType(Compression.Algorithm.ZSTD).setBloomFilterType(BloomType.ROW).setBlocksize(16 * 1024)
        .setValue("OWNER", "search").build();
    BASALT.admin().createTable(TableDescriptorBuilder.newBuilder(name).setColumnFamily(family).build());
    ColumnFamilyDescriptor reported = BASALT.admin().getDescriptor(name).getColumnFamily(F);
    assertEquals(Compression.Algorithm.ZSTD, reported.getCompressionType());
    assertEquals(BloomType.ROW, reported.getBloomFilterType());
    assertEquals(16 * 1024, reported.getBlocksize());
    assertEquals("search", reported.getValue("OWNER"));

    String options = latestRocksDbOptions();
    assertTrue(options.contains("compression=kZSTD"), "ZSTD in RocksDB's options");
    assertTrue(options.contains("block_size=16384"), "16 KiB blocks in RocksDB's options");
    assertTrue(options.contains("bloomfilter"), "a bloom filter in RocksDB's options");

    // A change is reported at once; RocksDB takes it from the next open (RestartTest checks options survive).
    BASALT.admin().modifyColumnFamily(name, ColumnFamilyDescriptorBuilder.newBuilder(reported)
        .setCompressionType(Compression.Algorithm.SNAPPY).build());
    assertEquals(Compression.Algorithm.SNAPPY,
        BASALT.admin().getDescriptor(name).getColumnFamily(F).getCompressionType());
  }

  @Test
  void codecsRocksDbLacksAreRefused() {
    assertThrows(DoNotRetryIOException.class, () -> BASALT.admin().createTable(
        TableDescriptorBuilder.newBuilder(TableName.valueOf("cf_lzo")).setColumnFamily(ColumnFamilyDescriptorBuilder
            .newBuilder(F).setCompressionType(Compression.Algorithm.LZO).build()).build()));
  }

  @Test
  void aTtlHidesCellsOnceTheyAreOlder() throws Exception {
    TableName name = TableName.valueOf("cf_ttl");
    BASALT.admin().createTable(TableDescriptorBuilder.newBuilder(name)
        .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(F).setTimeToLive(2).build()).build());
    try (Table table = BASALT.connection().getTable(name)) {
      table.put(new Put(toBytes("r")).addColumn(F, toBytes("q"), toBytes("v")));
      assertArrayEquals(toBytes("v"), table.get(new Get(toBytes("r"))).getValue(F, toBytes("q")));
      Thread.sleep(2_500);
      assertTrue(table.get(new Get(toBytes("r"))).isEmpty(), "expired after the 2 s TTL");
    }
  }

  /** The newest OPTIONS file RocksDB wrote in Basalt's store: the options in force. */
  private static String latestRocksDbOptions() throws IOException {
    Path store = BASALT.process().dataDir().resolve("store");
    try (Stream<Path> files = Files.list(store)) {
      List<Path> options = files.filter(p -> p.getFileName().toString().startsWith("OPTIONS-"))
          .sorted(Comparator.comparing(p -> Long.parseLong(p.getFileName().toString().substring(8)))).toList();
      return Files.readString(options.get(options.size() - 1), StandardCharsets.UTF_8);
    }
  }
}
