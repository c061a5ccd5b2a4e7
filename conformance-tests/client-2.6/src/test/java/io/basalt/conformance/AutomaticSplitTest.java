package io.basalt.conformance;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Tablets split and merge without any admin call, with tiny thresholds: a hot key range splits at the median of its
 * accessed rows, a large tablet at its middle row, and small cold neighbours of a table with NORMALIZATION_ENABLED
 * merge.
 */
class AutomaticSplitTest {
  @RegisterExtension
  static final ConnectedBasalt BASALT = new ConnectedBasalt(Map.of(
      "basalt.split.check.period.ms", "300",
      "hbase.hregion.max.filesize", "4000000",
      "basalt.split.load.requests.per.second", "50",
      "basalt.split.load.share.percent", "50",
      "basalt.split.load.sustain.ms", "1500",
      "basalt.merge.max.bytes", "1000000",
      "basalt.merge.cold.requests.per.second", "1",
      "basalt.merge.min.age.ms", "0"));

  private static final byte[] F = toBytes("f");
  private static final byte[] Q = toBytes("q");

  @Test
  void aHotKeyRangeSplitsAtTheMedianOfItsAccessedRows() throws Exception {
    TableName name = create("hot", false);
    try (Table table = BASALT.connection().getTable(name)) {
      write(table, 200, 10);
      long deadline = System.currentTimeMillis() + 30_000;
      while (BASALT.admin().getRegions(name).size() < 2) {
        assertTrue(System.currentTimeMillis() < deadline, "no automatic split within 30 s of hot traffic");
        for (int i = 100; i < 150; i++) {
          table.get(new Get(toBytes(row(i))));
        }
      }
      byte[] splitRow = BASALT.admin().getRegions(name).get(1).getStartKey();
      String split = Bytes.toString(splitRow);
      assertTrue(split.compareTo(row(100)) > 0 && split.compareTo(row(150)) < 0,
          "split inside the hot range, at " + split);
      assertEquals(200, count(table));
    }
  }

  @Test
  void aLargeTabletSplitsAtItsMiddleRow() throws Exception {
    TableName name = create("large", false);
    try (Table table = BASALT.connection().getTable(name)) {
      write(table, 400, 20_000); // about 8 MB, over the 4 MB limit
      BASALT.admin().flush(name);
      waitUntil(() -> regions(name) >= 2, "no automatic split of a large tablet within 30 s");
      assertEquals(400, count(table));
    }
  }

  @Test
  void smallColdNeighboursOfANormalizedTableMerge() throws Exception {
    TableName name = create("cold", true, "row-050", "row-100", "row-150");
    try (Table table = BASALT.connection().getTable(name)) {
      write(table, 200, 10);
      waitUntil(() -> regions(name) == 1, "no automatic merge of small cold tablets within 30 s");
      assertEquals(200, count(table));
    }
  }

  @Test
  void writersAndScannersSeeNoErrorWhileTabletsSplitOnTheirOwn() throws Exception {
    TableName name = create("busy", true);
    Map<String, Long> acknowledged = new java.util.concurrent.ConcurrentHashMap<>();
    java.util.concurrent.atomic.AtomicBoolean done = new java.util.concurrent.atomic.AtomicBoolean();
    List<Throwable> errors = java.util.Collections.synchronizedList(new ArrayList<>());
    java.util.concurrent.atomic.AtomicInteger splitsSeen = new java.util.concurrent.atomic.AtomicInteger();
    List<Thread> threads = new ArrayList<>();
    for (int w = 0; w < 3; w++) {
      int writer = w;
      threads.add(new Thread(() -> {
        try (Table table = BASALT.connection().getTable(name)) {
          java.util.Random random = new java.util.Random(writer);
          for (int i = 0; !done.get(); i++) {
            String row = String.format("%02d-w%d-%06d", random.nextInt(100), writer, i);
            byte[] value = new byte[5_000];
            random.nextBytes(value);
            table.put(new Put(toBytes(row)).addColumn(F, Q, value));
            acknowledged.put(row, checksum(value));
          }
        } catch (Throwable e) {
          errors.add(e);
        }
      }));
    }
    threads.add(new Thread(() -> {
      try (Table table = BASALT.connection().getTable(name)) {
        while (!done.get()) {
          count(table);
          splitsSeen.accumulateAndGet(regions(name), Math::max);
        }
      } catch (Throwable e) {
        errors.add(e);
      }
    }));
    threads.forEach(Thread::start);
    try {
      waitUntil(() -> regions(name) >= 3, "no automatic split under load within 30 s");
    } finally {
      done.set(true);
      for (Thread thread : threads) {
        thread.join();
      }
    }
    assertTrue(errors.isEmpty(), "client calls failed: " + errors);
    try (Table table = BASALT.connection().getTable(name)) {
      Map<String, Long> stored = new java.util.HashMap<>();
      try (ResultScanner scanner = table.getScanner(new Scan())) {
        for (Result result : scanner) {
          stored.put(Bytes.toString(result.getRow()), checksum(result.getValue(F, Q)));
        }
      }
      assertEquals(acknowledged, stored, "every acknowledged cell, once and intact");
    }
    assertTrue(splitsSeen.get() >= 3, "the scanner saw the table split");
  }

  private static long checksum(byte[] value) {
    java.util.zip.CRC32 crc = new java.util.zip.CRC32();
    crc.update(value);
    return crc.getValue();
  }

  private static TableName create(String table, boolean normalized, String... splits) throws IOException {
    TableName name = TableName.valueOf(table);
    byte[][] splitKeys = new byte[splits.length][];
    for (int i = 0; i < splits.length; i++) {
      splitKeys[i] = toBytes(splits[i]);
    }
    BASALT.admin().createTable(TableDescriptorBuilder.newBuilder(name).setNormalizationEnabled(normalized)
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of(F)).build(), splitKeys);
    return name;
  }

  private static void write(Table table, int rows, int valueBytes) throws IOException {
    List<Put> puts = new ArrayList<>();
    for (int i = 0; i < rows; i++) {
      byte[] value = new byte[valueBytes];
      new java.util.Random(i).nextBytes(value);
      puts.add(new Put(toBytes(row(i))).addColumn(F, Q, value));
    }
    table.put(puts);
  }

  private static int regions(TableName name) {
    try {
      List<RegionInfo> regions = BASALT.admin().getRegions(name);
      return regions.size();
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  private static void waitUntil(BooleanSupplier condition, String failure) throws InterruptedException {
    long deadline = System.currentTimeMillis() + 30_000;
    while (!condition.getAsBoolean()) {
      assertTrue(System.currentTimeMillis() < deadline, failure);
      Thread.sleep(100);
    }
  }

  private static String row(int i) {
    return String.format("row-%03d", i);
  }

  private static int count(Table table) throws IOException {
    int rows = 0;
    try (ResultScanner scanner = table.getScanner(new Scan())) {
      for (Result ignored : scanner) {
        rows++;
      }
    }
    return rows;
  }
}
