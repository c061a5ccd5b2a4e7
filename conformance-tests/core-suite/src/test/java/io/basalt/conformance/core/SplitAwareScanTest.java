package io.basalt.conformance.core;

import static io.basalt.conformance.core.Tables.b;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.ClientFeature;
import io.basalt.conformance.harness.Feature;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Scans that cross region boundaries, and clients that follow a region split while they read and write. */
@Feature({ClientFeature.SPLIT_AWARE_SCAN, ClientFeature.TABLE_API})
class SplitAwareScanTest {
  @RegisterExtension
  static final CoreCluster CLUSTER = new CoreCluster();

  private static final byte[] F = b("f");
  private static final int ROWS = 200;

  private static String row(int i) {
    return String.format("row-%03d", i);
  }

  private static List<String> expectedRows(int from, int to) {
    List<String> rows = new ArrayList<>();
    for (int i = from; i < to; i++) {
      rows.add(row(i));
    }
    return rows;
  }

  private static Table filledTable(TableName name, String... splits) throws IOException {
    Table table = Tables.create(CLUSTER.connection(), name, new String[] {"f"}, splits);
    List<Put> puts = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      puts.add(new Put(b(row(i))).addColumn(F, b("q"), Bytes.toBytes(i)));
    }
    table.put(puts);
    return table;
  }

  @Test
  void scansEveryRegionInOrderForwardAndReversed() throws IOException {
    try (Table table = filledTable(TableName.valueOf("split_scan"), "row-050", "row-100", "row-150")) {
      try (RegionLocator locator = CLUSTER.connection().getRegionLocator(table.getName())) {
        assertEquals(4, locator.getAllRegionLocations().size());
      }
      assertEquals(expectedRows(0, ROWS), Tables.rows(table, new Scan().setCaching(7)));
      List<String> reversed = expectedRows(0, ROWS);
      Collections.reverse(reversed);
      assertEquals(reversed, Tables.rows(table, new Scan().setReversed(true).setCaching(7)));
      assertEquals(expectedRows(40, 160), Tables.rows(table,
          new Scan().withStartRow(b(row(40))).withStopRow(b(row(160))).setCaching(3)));
      // Results of at most one row each, so every region boundary is crossed between two calls.
      assertEquals(expectedRows(0, ROWS), Tables.rows(table, new Scan().setMaxResultSize(1)));
      assertEquals(expectedRows(95, 105), Tables.rows(table, new Scan().withStartRow(b(row(95))).setLimit(10)));
    }
  }

  @Test
  void followsASplitWithAScannerOpenAndLocationsCached() throws Exception {
    TableName name = TableName.valueOf("split_live");
    try (Table table = filledTable(name, "row-100"); Admin admin = CLUSTER.admin();
        RegionLocator locator = CLUSTER.connection().getRegionLocator(name)) {
      assertEquals(2, locator.getAllRegionLocations().size());
      List<String> seen = new ArrayList<>();
      try (ResultScanner scanner = table.getScanner(new Scan().setCaching(5))) {
        for (int i = 0; i < 20; i++) {
          seen.add(Bytes.toString(scanner.next().getRow()));
        }
        RegionInfo first = admin.getRegions(name).get(0);
        admin.splitRegionAsync(first.getRegionName(), b(row(50))).get(60, TimeUnit.SECONDS);
        awaitRegions(admin, name, 3);
        for (Result result : scanner) {
          seen.add(Bytes.toString(result.getRow()));
        }
      }
      assertEquals(expectedRows(0, ROWS), seen);
      assertEquals(expectedRows(0, ROWS), Tables.rows(table, new Scan().setCaching(4)));
      // The cached location of the old region is stale: the client has to find the daughters.
      table.put(new Put(b(row(10))).addColumn(F, b("q"), b("after")));
      table.put(new Put(b(row(60))).addColumn(F, b("q"), b("after")));
      assertArrayEquals(b("after"), table.get(new Get(b(row(10)))).getValue(F, b("q")));
      assertArrayEquals(b("after"), table.get(new Get(b(row(60)))).getValue(F, b("q")));
      assertEquals(3, locator.getAllRegionLocations().size());
    }
  }

  private static void awaitRegions(Admin admin, TableName name, int count) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (admin.getRegions(name).size() != count) {
      assertTrue(System.nanoTime() < deadline, "the table did not reach " + count + " regions");
      Thread.sleep(50);
    }
  }
}
