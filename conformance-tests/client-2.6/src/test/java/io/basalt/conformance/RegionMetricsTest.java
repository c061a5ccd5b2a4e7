package io.basalt.conformance;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.hadoop.hbase.ClusterMetrics;
import org.apache.hadoop.hbase.CompareOperator;
import org.apache.hadoop.hbase.RegionMetrics;
import org.apache.hadoop.hbase.ServerMetrics;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.Size;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.filter.BinaryComparator;
import org.apache.hadoop.hbase.filter.RowFilter;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Per-region statistics as HBase reports them: request counts attributed to the region that served them (a read
 * per row returned or get made, a filtered read per row a filter dropped, a write per mutation), store sizes that
 * move from the memstore to store files on flush, the server's request totals, and nothing left of a dropped table.
 */
class RegionMetricsTest {
  @RegisterExtension
  static final ConnectedBasalt BASALT = new ConnectedBasalt();

  private static final byte[] F = toBytes("f");
  private static final byte[] Q = toBytes("q");
  /** Random values, so compression leaves the sizes as written: each region spans several 64 KB blocks. */
  private static final int VALUE_BYTES = 4096;
  private static final int LOW_ROWS = 60;
  private static final int HIGH_ROWS = 25;

  @Test
  void requestsAreCountedPerRegionAndSizesFollowTheData() throws Exception {
    TableName name = TableName.valueOf("region_metrics");
    TestTables.create(BASALT.connection(), name, 1, new String[] {"f"}, "m");
    ServerName server = server();
    long requestsBefore = serverMetrics().getRequestCount();

    try (Table table = BASALT.connection().getTable(name)) {
      table.put(puts("a", LOW_ROWS));
      table.put(puts("x", HIGH_ROWS));
      List<RegionMetrics> written = regions(server, name);
      assertEquals(LOW_ROWS, written.get(0).getWriteRequestCount());
      assertEquals(HIGH_ROWS, written.get(1).getWriteRequestCount());
      for (RegionMetrics region : written) {
        assertEquals(0, region.getReadRequestCount());
        assertTrue(region.getMemStoreSize().get(Size.Unit.MEGABYTE) > 0, "unflushed writes: " + region);
        assertEquals(0, region.getStoreFileCount(), region.toString());
        assertEquals(0, region.getStoreFileSize().get(), region.toString());
      }

      for (int i = 0; i < 7; i++) {
        assertTrue(table.exists(new Get(row("a", i))));
      }
      for (int i = 0; i < 3; i++) {
        assertTrue(table.get(new Get(toBytes("y-missing" + i))).isEmpty());
      }
      assertEquals(HIGH_ROWS, TestTables.rows(table, new Scan().withStartRow(toBytes("m"))).size());
      // One row of the low region passes; the filter drops every other one without returning it.
      RowFilter onlyOne = new RowFilter(CompareOperator.EQUAL, new BinaryComparator(row("a", 10)));
      assertEquals(1, TestTables.rows(table, new Scan().withStopRow(toBytes("m")).setFilter(onlyOne)).size());
    }

    List<RegionMetrics> read = regions(server, name);
    RegionMetrics low = read.get(0);
    RegionMetrics high = read.get(1);
    // Seven gets, then the filtered scan: its one row, and the search that dropped the rows after it.
    assertEquals(7 + 2, low.getReadRequestCount());
    assertEquals(LOW_ROWS - 1, low.getFilteredReadRequestCount());
    assertEquals(3 + HIGH_ROWS, high.getReadRequestCount(), "a get of a missing row is a read too");
    assertEquals(0, high.getFilteredReadRequestCount());
    assertEquals(LOW_ROWS, low.getWriteRequestCount(), "reads leave the write count alone");

    BASALT.admin().flush(name);
    for (RegionMetrics region : regions(server, name)) {
      assertEquals(0, region.getMemStoreSize().get(), "flushed: " + region);
      assertTrue(region.getStoreFileCount() >= 1, region.toString());
      assertTrue(region.getStoreFileSize().get(Size.Unit.MEGABYTE) > 0, region.toString());
      assertTrue(region.getUncompressedStoreFileSize().get(Size.Unit.MEGABYTE) > 0, region.toString());
      assertTrue(region.getStoreFileIndexSize().get(Size.Unit.KILOBYTE) > 0, region.toString());
    }

    // The cluster status carries the same regions, and the server's totals.
    ClusterMetrics cluster = BASALT.admin().getClusterMetrics();
    ServerMetrics serverMetrics = cluster.getLiveServerMetrics().get(server);
    for (RegionMetrics region : regions(server, name)) {
      RegionMetrics reported = serverMetrics.getRegionMetrics().get(region.getRegionName());
      assertEquals(region.getWriteRequestCount(), reported.getWriteRequestCount());
      assertEquals(region.getReadRequestCount(), reported.getReadRequestCount());
      assertEquals(region.getStoreFileSize(), reported.getStoreFileSize());
    }
    // Two batches of puts, ten gets and at least two scan calls.
    assertTrue(serverMetrics.getRequestCount() >= requestsBefore + 14,
        requestsBefore + " -> " + serverMetrics.getRequestCount());
    assertTrue(recentRequestRate(name) > 0, "requests per second over the last seconds");
  }

  @Test
  void aDroppedTableLeavesNoMetricsBehind() throws Exception {
    TableName name = TableName.valueOf("region_metrics_dropped");
    TestTables.create(BASALT.connection(), name, 1, new String[] {"f"}, "m");
    ServerName server = server();
    try (Table table = BASALT.connection().getTable(name)) {
      table.put(puts("a", 5));
    }
    assertEquals(5, regions(server, name).get(0).getWriteRequestCount());

    BASALT.admin().disableTable(name);
    BASALT.admin().deleteTable(name);
    assertEquals(List.of(), BASALT.admin().getRegionMetrics(server, name));
    for (RegionMetrics region : BASALT.admin().getRegionMetrics(server)) {
      assertFalse(region.getNameAsString().startsWith(name.getNameAsString() + ","), region.getNameAsString());
    }

    // A table of the same name has new regions, which start from nothing.
    TestTables.create(BASALT.connection(), name, 1, new String[] {"f"}, "m");
    for (RegionMetrics region : regions(server, name)) {
      assertEquals(0, region.getWriteRequestCount());
      assertEquals(0, region.getMemStoreSize().get());
    }
  }

  @Test
  void writesThatReadCountTheirReadsToo() throws Exception {
    TableName name = TableName.valueOf("region_metrics_counters");
    TestTables.create(BASALT.connection(), name, 1, new String[] {"f"}, "m");
    ServerName server = server();
    try (Table table = BASALT.connection().getTable(name)) {
      table.increment(new Increment(toBytes("c")).addColumn(F, Q, 1));
      CheckAndMutate passes = CheckAndMutate.newBuilder(toBytes("c")).ifEquals(F, Q, Bytes.toBytes(1L))
          .build(new Put(toBytes("c")).addColumn(F, toBytes("checked"), toBytes("yes")));
      assertTrue(table.checkAndMutate(passes).isSuccess());
      CheckAndMutate fails = CheckAndMutate.newBuilder(toBytes("c")).ifEquals(F, Q, Bytes.toBytes(5L))
          .build(new Put(toBytes("c")).addColumn(F, toBytes("checked"), toBytes("no")));
      assertFalse(table.checkAndMutate(fails).isSuccess());
    }
    RegionMetrics low = regions(server, name).get(0);
    // The increment reads its current value; each condition is a read; only the passing action is written.
    assertEquals(3, low.getReadRequestCount());
    assertEquals(2, low.getWriteRequestCount());
  }

  private static ServerName server() throws IOException {
    return BASALT.admin().getRegionServers().iterator().next();
  }

  private static ServerMetrics serverMetrics() throws IOException {
    Map<ServerName, ServerMetrics> live = BASALT.admin().getClusterMetrics().getLiveServerMetrics();
    return live.values().iterator().next();
  }

  /**
   * The server samples its rate once a second over a five-second window. The requests above may already have left
   * that window on a slow machine, so each attempt makes one more get and waits for a sample to count it.
   */
  private static long recentRequestRate(TableName name) throws Exception {
    long rate = 0;
    try (Table table = BASALT.connection().getTable(name)) {
      for (int attempt = 0; attempt < 40 && rate == 0; attempt++) {
        table.get(new Get(row("a", 0)));
        Thread.sleep(250);
        rate = serverMetrics().getRequestCountPerSecond();
      }
    }
    return rate;
  }

  /** The table's regions' metrics, in region order. */
  private static List<RegionMetrics> regions(ServerName server, TableName name) throws IOException {
    List<RegionMetrics> ordered = new ArrayList<>();
    List<RegionMetrics> metrics = BASALT.admin().getRegionMetrics(server, name);
    for (RegionInfo region : BASALT.admin().getRegions(name)) {
      for (RegionMetrics candidate : metrics) {
        if (Arrays.equals(candidate.getRegionName(), region.getRegionName())) {
          ordered.add(candidate);
        }
      }
    }
    assertEquals(2, ordered.size(), "both regions reported: " + metrics);
    return ordered;
  }

  private static List<Put> puts(String prefix, int rows) {
    Random random = new Random(rows);
    List<Put> puts = new ArrayList<>();
    for (int i = 0; i < rows; i++) {
      byte[] value = new byte[VALUE_BYTES];
      random.nextBytes(value);
      puts.add(new Put(row(prefix, i)).addColumn(F, Q, value));
    }
    return puts;
  }

  private static byte[] row(String prefix, int i) {
    return toBytes(String.format("%s%03d", prefix, i));
  }
}
