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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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

    // A change is reported at once (RestartTest checks options survive a restart).
    BASALT.admin().modifyColumnFamily(name, ColumnFamilyDescriptorBuilder.newBuilder(reported)
        .setCompressionType(Compression.Algorithm.SNAPPY).build());
    assertEquals(Compression.Algorithm.SNAPPY,
        BASALT.admin().getDescriptor(name).getColumnFamily(F).getCompressionType());
  }

  /**
   * An alter of a family's storage options applies at once, as HBase applies it when the altered regions reopen:
   * the family's column family is in RocksDB's options with the new settings, for the files written from then on,
   * and every cell written before, between and after the changes is read back.
   */
  @Test
  void alteredStorageOptionsApplyWithoutARestart() throws IOException {
    TableName name = TableName.valueOf("cf_altered");
    BASALT.admin().createTable(TableDescriptorBuilder.newBuilder(name).setColumnFamily(ColumnFamilyDescriptorBuilder
        .newBuilder(F).setCompressionType(Compression.Algorithm.LZ4).setBloomFilterType(BloomType.ROW).build())
        .build());
    try (Table table = BASALT.connection().getTable(name)) {
      table.put(new Put(toBytes("before")).addColumn(F, toBytes("q"), toBytes("1")));
      BASALT.admin().modifyColumnFamily(name, ColumnFamilyDescriptorBuilder.newBuilder(F)
          .setCompressionType(Compression.Algorithm.SNAPPY).setBloomFilterType(BloomType.NONE)
          .setBlocksize(12 * 1024).setInMemory(true).build());
      Map<String, String> altered = optionsOfFamilyWith("block_size", "12288");
      assertEquals("kSnappyCompression", altered.get("compression"));
      assertEquals("nullptr", altered.get("filter_policy"));
      assertEquals("true", altered.get("cache_index_and_filter_blocks_with_high_priority"));
      assertEquals("false", altered.get("no_block_cache"));
      table.put(new Put(toBytes("between")).addColumn(F, toBytes("q"), toBytes("2")));

      BASALT.admin().modifyColumnFamily(name, ColumnFamilyDescriptorBuilder.newBuilder(F)
          .setCompressionType(Compression.Algorithm.ZSTD).setBlocksize(20 * 1024).setBlockCacheEnabled(false).build());
      Map<String, String> uncached = optionsOfFamilyWith("block_size", "20480");
      assertEquals("kZSTD", uncached.get("compression"));
      assertEquals("true", uncached.get("no_block_cache"));
      table.put(new Put(toBytes("after")).addColumn(F, toBytes("q"), toBytes("3")));
      BASALT.admin().flush(name);

      for (String[] row : new String[][] {{"before", "1"}, {"between", "2"}, {"after", "3"}}) {
        assertArrayEquals(toBytes(row[1]), table.get(new Get(toBytes(row[0]))).getValue(F, toBytes("q")), row[0]);
      }
    }
  }

  /**
   * The options of the one column family whose block-based table options have {@code key} at {@code value}, from the
   * newest OPTIONS file: its column family options and its table options together.
   */
  private static Map<String, String> optionsOfFamilyWith(String key, String value) throws IOException {
    Map<String, Map<String, String>> sections = new HashMap<>();
    Map<String, String> section = null;
    for (String line : latestRocksDbOptions().split("\n")) {
      String trimmed = line.trim();
      if (trimmed.startsWith("[")) {
        section = new HashMap<>();
        sections.put(trimmed, section);
      } else if (section != null && trimmed.contains("=")) {
        section.put(trimmed.substring(0, trimmed.indexOf('=')), trimmed.substring(trimmed.indexOf('=') + 1));
      }
    }
    List<String> matching = sections.entrySet().stream()
        .filter(e -> e.getKey().startsWith("[TableOptions/BlockBasedTable ") && value.equals(e.getValue().get(key)))
        .map(Map.Entry::getKey).toList();
    assertEquals(1, matching.size(), "one column family with " + key + "=" + value + ": " + matching);
    String columnFamily = matching.get(0).substring(matching.get(0).indexOf('"'));
    Map<String, String> options = new HashMap<>(sections.get("[CFOptions " + columnFamily));
    options.putAll(sections.get(matching.get(0)));
    return options;
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
