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
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
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
import org.apache.hadoop.hbase.util.Bytes;
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

  /**
   * A cell older than its family's TTL is hidden, judged by the server's clock. Timestamps half an hour either side
   * of a one-hour TTL's edge show the rule without waiting; a cell stamped by the server under a one-second TTL then
   * shows it happen, read until it is gone, which cannot be sooner than a second after it was written.
   */
  @Test
  void aTtlHidesCellsOnceTheyAreOlder() throws Exception {
    TableName name = TableName.valueOf("cf_ttl");
    byte[] hour = toBytes("hour");
    byte[] second = toBytes("second");
    BASALT.admin().createTable(TableDescriptorBuilder.newBuilder(name)
        .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(hour).setTimeToLive(3_600).build())
        .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(second).setTimeToLive(1).build()).build());
    try (Table table = BASALT.connection().getTable(name)) {
      long now = System.currentTimeMillis();
      table.put(new Put(toBytes("r")).addColumn(hour, toBytes("expired"), now - 5_400_000, toBytes("v"))
          .addColumn(hour, toBytes("live"), now - 1_800_000, toBytes("v"))
          .addColumn(hour, toBytes("now"), now, toBytes("v")));
      List<String> visible = new ArrayList<>();
      for (Cell cell : table.get(new Get(toBytes("r"))).rawCells()) {
        visible.add(Bytes.toString(CellUtil.cloneQualifier(cell)));
      }
      assertEquals(List.of("live", "now"), visible, "90 minutes old is past a one-hour TTL, 30 minutes is not");

      long written = System.nanoTime();
      table.put(new Put(toBytes("s")).addColumn(second, toBytes("q"), toBytes("v")));
      long deadline = written + TimeUnit.SECONDS.toNanos(30);
      while (!table.get(new Get(toBytes("s"))).isEmpty()) {
        assertTrue(System.nanoTime() < deadline, "a cell under a one-second TTL still visible after 30 s");
        Thread.sleep(50); // the poll's interval
      }
      long hiddenAfterNanos = System.nanoTime() - written;
      // The server stamps the cell in whole milliseconds after the put was sent: hidden no sooner than 999 ms on.
      assertTrue(hiddenAfterNanos >= 999_000_000L, "hidden " + hiddenAfterNanos / 1_000_000 + " ms after the put");
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
