package io.basalt.conformance.core;

import static io.basalt.conformance.core.Tables.b;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.ClientFeature;
import io.basalt.conformance.harness.Feature;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hbase.CompareOperator;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.AdvancedScanResultConsumer;
import org.apache.hadoop.hbase.client.Append;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Row;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.ScanResultConsumer;
import org.apache.hadoop.hbase.filter.SingleColumnValueFilter;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The {@code AsyncTable} API: single operations, batches and scans, raw and with a callback pool. */
@Feature(ClientFeature.ASYNC_TABLE_API)
class AsyncTableTest {
  @RegisterExtension
  static final CoreCluster CLUSTER = new CoreCluster();

  private static final TableName NAME = TableName.valueOf("async_table");
  private static final byte[] F = b("f");
  private static final ExecutorService CALLBACKS = Executors.newFixedThreadPool(2);

  @BeforeAll
  static void createTable() throws IOException {
    try (Admin admin = CLUSTER.admin()) {
      admin.createTable(Tables.descriptor(NAME, 1, "f"), Tables.splitKeys("k", "t"));
    }
  }

  @AfterAll
  static void stopPool() {
    CALLBACKS.shutdownNow();
  }

  private static AsyncTable<AdvancedScanResultConsumer> raw() throws IOException {
    return CLUSTER.async().getTable(NAME);
  }

  private static AsyncTable<ScanResultConsumer> pooled() throws IOException {
    return CLUSTER.async().getTable(NAME, CALLBACKS);
  }

  @Test
  @Feature({ClientFeature.PUT, ClientFeature.GET, ClientFeature.DELETE})
  void putsGetsAndDeletes() throws Exception {
    AsyncTable<?> table = raw();
    table.put(new Put(b("a1")).addColumn(F, b("q"), b("v1"))).get();
    assertArrayEquals(b("v1"), table.get(new Get(b("a1"))).get().getValue(F, b("q")));
    assertTrue(table.exists(new Get(b("a1"))).get());
    table.delete(new Delete(b("a1"))).get();
    assertFalse(table.exists(new Get(b("a1"))).get());

    AsyncTable<?> pooled = pooled();
    pooled.putAll(List.of(new Put(b("b1")).addColumn(F, b("q"), b("x")), new Put(b("u1")).addColumn(F, b("q"), b("y"))))
        .get();
    List<Result> results = pooled.getAll(List.of(new Get(b("b1")), new Get(b("u1")), new Get(b("none")))).get();
    assertArrayEquals(b("x"), results.get(0).getValue(F, b("q")));
    assertArrayEquals(b("y"), results.get(1).getValue(F, b("q")));
    assertTrue(results.get(2).isEmpty());
  }

  @Test
  @Feature({ClientFeature.INCREMENT, ClientFeature.APPEND, ClientFeature.CHECK_AND_MUTATE})
  void incrementsAppendsAndChecksAndMutates() throws Exception {
    AsyncTable<?> table = raw();
    assertEquals(7L, table.incrementColumnValue(b("c1"), F, b("n"), 7L).get());
    Result incremented = table.increment(new Increment(b("c1")).addColumn(F, b("n"), 3L)).get();
    assertEquals(10L, Bytes.toLong(incremented.getValue(F, b("n"))));
    Result appended = table.append(new Append(b("c1")).addColumn(F, b("s"), b("ab"))).get();
    assertArrayEquals(b("ab"), appended.getValue(F, b("s")));
    assertTrue(table.checkAndMutate(CheckAndMutate.newBuilder(b("c1")).ifEquals(F, b("s"), b("ab"))
        .build(new Put(b("c1")).addColumn(F, b("s"), b("cd")))).get().isSuccess());
    assertFalse(table.checkAndMutate(CheckAndMutate.newBuilder(b("c1")).ifEquals(F, b("s"), b("ab"))
        .build(new Put(b("c1")).addColumn(F, b("s"), b("ef")))).get().isSuccess());
    assertArrayEquals(b("cd"), table.get(new Get(b("c1"))).get().getValue(F, b("s")));
  }

  @Test
  @Feature(ClientFeature.BATCH)
  void batchesMixedActionsAcrossRegions() throws Exception {
    AsyncTable<?> table = pooled();
    table.put(new Put(b("m-counter")).addColumn(F, b("n"), Bytes.toBytes(1L))).get();
    List<Row> actions = List.of(new Put(b("d-batch")).addColumn(F, b("q"), b("1")),
        new Increment(b("m-counter")).addColumn(F, b("n"), 1L), new Get(b("m-counter")),
        new Put(b("v-batch")).addColumn(F, b("q"), b("2")));
    List<Object> results = table.batchAll(actions).get();
    assertEquals(4, results.size());
    assertEquals(2L, Bytes.toLong(((Result) results.get(1)).getValue(F, b("n"))));
    assertTrue(table.exists(new Get(b("d-batch"))).get());
    assertTrue(table.exists(new Get(b("v-batch"))).get());
  }

  @Test
  @Feature({ClientFeature.SCAN, ClientFeature.FILTERS, ClientFeature.SPLIT_AWARE_SCAN})
  void scansAllWithAFilterAcrossRegions() throws Exception {
    AsyncTable<?> table = pooled();
    List<CompletableFuture<Void>> puts = new ArrayList<>();
    for (int i = 0; i < 26; i++) {
      String row = (char) ('a' + i) + "-scan";
      puts.add(table.put(new Put(b(row)).addColumn(F, b("vowel"), b("aeiou".indexOf('a' + i) >= 0 ? "y" : "n"))));
    }
    CompletableFuture.allOf(puts.toArray(new CompletableFuture<?>[0])).get();
    SingleColumnValueFilter vowels = new SingleColumnValueFilter(F, b("vowel"), CompareOperator.EQUAL, b("y"));
    vowels.setFilterIfMissing(true);
    // Rows of other tests lack the column, so the filter drops them.
    List<Result> results = table.scanAll(new Scan().setFilter(vowels)).get();
    assertEquals(List.of("a-scan", "e-scan", "i-scan", "o-scan", "u-scan"), Tables.rows(results));
  }
}
