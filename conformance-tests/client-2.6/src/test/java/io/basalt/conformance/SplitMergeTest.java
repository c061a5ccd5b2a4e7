package io.basalt.conformance;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.exceptions.MergeRegionException;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Splits and merges through the stock Admin: regions change at once (metadata only), data stays readable, and
 * clients holding old locations relocate transparently.
 */
class SplitMergeTest {
  @RegisterExtension
  static final ConnectedBasalt BASALT = new ConnectedBasalt();

  private static final byte[] F = toBytes("f");
  private static final byte[] Q = toBytes("q");

  @Test
  void preSplitByKeyRangeAndRegionCountGivesThatManyRegionsInMeta() throws Exception {
    TableName name = TableName.valueOf("presplit_range");
    BASALT.admin().createTable(TableDescriptorBuilder.newBuilder(name)
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of(F)).build(), toBytes("a"), toBytes("z"), 5);
    List<RegionInfo> regions = BASALT.admin().getRegions(name);
    assertEquals(5, regions.size());
    assertEquals(0, regions.get(0).getStartKey().length);
    assertArrayEquals(toBytes("a"), regions.get(0).getEndKey());
    assertArrayEquals(toBytes("z"), regions.get(4).getStartKey());
    assertEquals(0, regions.get(4).getEndKey().length);
    try (org.apache.hadoop.hbase.client.RegionLocator locator = BASALT.connection().getRegionLocator(name)) {
      assertEquals(5, locator.getAllRegionLocations().size(), "the regions are in hbase:meta");
      assertEquals(regions.get(2), locator.getRegionLocation(regions.get(2).getStartKey(), true).getRegion());
    }
  }

  @Test
  void splitAtAPointGivesTwoNewerRegionsAndAStaleClientFollows() throws Exception {
    TableName name = create("split_point", 100);
    RegionInfo parent = BASALT.admin().getRegions(name).get(0);
    try (Connection stale = Clients.connect(BASALT.process()); Table cached = stale.getTable(name)) {
      assertEquals("v7", value(cached, 7), "the stale client has the parent's location cached");

      BASALT.admin().split(name, toBytes(row(50)));
      List<RegionInfo> regions = BASALT.admin().getRegions(name);
      assertEquals(2, regions.size());
      assertArrayEquals(toBytes(row(50)), regions.get(0).getEndKey());
      assertArrayEquals(toBytes(row(50)), regions.get(1).getStartKey());
      assertTrue(regions.get(0).getRegionId() > parent.getRegionId(), "daughters are newer than their parent");

      // The stale client's next calls go to the parent, are refused, and are retried against the daughters.
      assertEquals("v7", value(cached, 7));
      assertEquals("v77", value(cached, 77));
      cached.put(new Put(toBytes(row(60))).addColumn(F, Q, toBytes("changed")));
      assertEquals("changed", value(BASALT.connection().getTable(name), 60));
      assertEquals(100, count(cached));
    }
  }

  @Test
  void splitWithoutAPointCutsAtTheMiddleRowAndMergeJoinsAdjacentRegions() throws Exception {
    TableName name = create("split_middle", 10);
    byte[] parentName = BASALT.admin().getRegions(name).get(0).getRegionName();
    BASALT.admin().splitRegionAsync(parentName).get(30, TimeUnit.SECONDS);
    List<RegionInfo> halves = BASALT.admin().getRegions(name);
    assertEquals(2, halves.size());
    assertArrayEquals(toBytes(row(5)), halves.get(1).getStartKey(), "the middle of ten rows");

    BASALT.admin().split(name);
    List<RegionInfo> quarters = BASALT.admin().getRegions(name);
    assertEquals(4, quarters.size(), "split(table) splits every region");

    MergeRegionException notAdjacent = assertThrows(MergeRegionException.class, () -> get(
        BASALT.admin().mergeRegionsAsync(new byte[][] {quarters.get(0).getRegionName(),
            quarters.get(2).getRegionName()}, false)));
    assertTrue(notAdjacent.getMessage().contains("non-adjacent"), notAdjacent.getMessage());

    BASALT.admin().mergeRegionsAsync(new byte[][] {quarters.get(1).getEncodedNameAsBytes(),
        quarters.get(2).getEncodedNameAsBytes(), quarters.get(3).getEncodedNameAsBytes()}, false)
        .get(30, TimeUnit.SECONDS);
    List<RegionInfo> merged = BASALT.admin().getRegions(name);
    assertEquals(2, merged.size());
    assertArrayEquals(quarters.get(1).getStartKey(), merged.get(1).getStartKey());
    assertEquals(0, merged.get(1).getEndKey().length);
    assertTrue(merged.get(1).getRegionId() > quarters.get(3).getRegionId());
    try (Table table = BASALT.connection().getTable(name)) {
      assertEquals(10, count(table));
    }
  }

  @Test
  void refusedSplitsSayWhy() throws Exception {
    TableName name = create("split_refused", 1);
    RegionInfo region = BASALT.admin().getRegions(name).get(0);
    assertThrows(DoNotRetryIOException.class, () -> get(BASALT.admin().splitRegionAsync(region.getRegionName())),
        "one row has no middle to split at");
    assertTrue(BASALT.admin().splitSwitch(false, true));
    try {
      assertThrows(DoNotRetryIOException.class,
          () -> get(BASALT.admin().splitRegionAsync(region.getRegionName(), toBytes("row-5"))));
    } finally {
      BASALT.admin().splitSwitch(true, true);
    }
    assertEquals(1, BASALT.admin().getRegions(name).size());
  }

  @Test
  void writersAndScannersSeeNoErrorAndNoLossWhileRegionsSplitAndMerge() throws Exception {
    TableName name = create("split_busy", 0);
    AtomicBoolean done = new AtomicBoolean();
    AtomicInteger written = new AtomicInteger();
    AtomicInteger counted = new AtomicInteger();
    List<Throwable> errors = new ArrayList<>();
    List<Thread> threads = new ArrayList<>();
    for (int w = 0; w < 3; w++) {
      int writer = w;
      threads.add(new Thread(() -> {
        try (Table table = BASALT.connection().getTable(name)) {
          for (int i = 0; !done.get(); i++) {
            table.put(new Put(toBytes(String.format("w%d-%06d", writer, i))).addColumn(F, Q, toBytes(i)));
            written.incrementAndGet();
          }
        } catch (Throwable e) {
          synchronized (errors) {
            errors.add(e);
          }
        }
      }));
    }
    threads.add(new Thread(() -> {
      try (Table table = BASALT.connection().getTable(name)) {
        while (!done.get()) {
          count(table);
          counted.incrementAndGet();
        }
      } catch (Throwable e) {
        synchronized (errors) {
          errors.add(e);
        }
      }
    }));
    threads.forEach(Thread::start);
    try {
      for (int round = 0; round < 6; round++) {
        awaitProgress(written, counted, errors);
        BASALT.admin().split(name, toBytes("w" + (round % 3) + "-0000" + round));
        awaitProgress(written, counted, errors);
        List<RegionInfo> regions = BASALT.admin().getRegions(name);
        if (regions.size() > 2) {
          BASALT.admin().mergeRegionsAsync(new byte[][] {regions.get(0).getRegionName(),
              regions.get(1).getRegionName()}, false).get(30, TimeUnit.SECONDS);
        }
      }
    } finally {
      done.set(true);
      for (Thread thread : threads) {
        thread.join();
      }
    }
    assertTrue(errors.isEmpty(), "client calls failed: " + errors);
    try (Table table = BASALT.connection().getTable(name)) {
      assertEquals(written.get(), count(table), "every acknowledged write is there, once");
    }
  }

  /**
   * Returns once the clients have made progress since the last split or merge: 30 more writes acknowledged and one
   * more whole count of the table, so each change meets writers and a scanner in the middle of their work.
   */
  private static void awaitProgress(AtomicInteger written, AtomicInteger counted, List<Throwable> errors)
      throws InterruptedException {
    int writtenBefore = written.get();
    int countedBefore = counted.get();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (written.get() < writtenBefore + 30 || counted.get() < countedBefore + 1) {
      synchronized (errors) {
        assertTrue(errors.isEmpty(), "client calls failed: " + errors);
      }
      assertTrue(System.nanoTime() < deadline, "the clients made no progress in 60 s");
      Thread.sleep(10); // the poll's interval
    }
  }

  private static TableName create(String table, int rows) throws IOException {
    TableName name = TableName.valueOf(table);
    BASALT.admin().createTable(TableDescriptorBuilder.newBuilder(name)
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of(F)).build());
    try (Table t = BASALT.connection().getTable(name)) {
      List<Put> puts = new ArrayList<>();
      for (int i = 0; i < rows; i++) {
        puts.add(new Put(toBytes(row(i))).addColumn(F, Q, toBytes("v" + i)));
      }
      t.put(puts);
    }
    return name;
  }

  private static String row(int i) {
    return String.format("row-%03d", i);
  }

  private static String value(Table table, int i) throws IOException {
    Result result = table.get(new Get(toBytes(row(i))));
    return Bytes.toString(result.getValue(F, Q));
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

  /** Waits for an admin future and rethrows what failed it, as the synchronous Admin methods do. */
  private static <T> T get(java.util.concurrent.Future<T> future) throws Exception {
    try {
      return future.get(30, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      throw e.getCause() instanceof Exception cause ? cause : e;
    }
  }
}
