package io.basalt.conformance;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.BasaltServerExtension;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Append;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.BufferedMutator;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.CheckAndMutateResult;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.RetriesExhaustedWithDetailsException;
import org.apache.hadoop.hbase.client.Row;
import org.apache.hadoop.hbase.client.RowMutations;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.regionserver.NoSuchColumnFamilyException;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Mixed batches across tablets with per-action results and errors; BufferedMutator; the async batch path. */
class BatchTest {
  @RegisterExtension
  static final BasaltServerExtension BASALT = new BasaltServerExtension();

  private static final byte[] F = toBytes("f");
  private static final byte[] Q = toBytes("q");
  private static final TableName NAME = TableName.valueOf("batches");
  private static Connection connection;
  private static Table table;

  @BeforeAll
  static void createTable() throws IOException {
    connection = Clients.connect(BASALT.process());
    TestTables.create(connection, NAME, 3, new String[] {"f"}, "m");
    table = connection.getTable(NAME);
  }

  @AfterAll
  static void close() throws IOException {
    table.close();
    connection.close();
  }

  @Test
  void everyKindOfActionInOneBatchWithItsOwnResult() throws Exception {
    table.put(List.of(new Put(toBytes("a-get")).addColumn(F, Q, toBytes("got")),
        new Put(toBytes("z-del")).addColumn(F, Q, toBytes("doomed")),
        new Put(toBytes("z-cas")).addColumn(F, Q, toBytes("before"))));
    List<Row> actions = new ArrayList<>();
    actions.add(new Get(toBytes("a-get")));
    actions.add(new Put(toBytes("a-put")).addColumn(F, Q, toBytes("put")));
    actions.add(new Delete(toBytes("z-del")));
    actions.add(new Increment(toBytes("z-inc")).addColumn(F, Q, 3));
    actions.add(new Append(toBytes("a-app")).addColumn(F, Q, toBytes("tail")));
    actions.add(new RowMutations(toBytes("z-rm")).add(List.of(new Put(toBytes("z-rm")).addColumn(F, Q,
        toBytes("rm")), new Increment(toBytes("z-rm")).addColumn(F, toBytes("n"), 1))));
    actions.add(CheckAndMutate.newBuilder(toBytes("z-cas")).ifEquals(F, Q, toBytes("before"))
        .build(new Put(toBytes("z-cas")).addColumn(F, Q, toBytes("after"))));
    actions.add(new Put(toBytes("a-bad")).addColumn(toBytes("nope"), Q, toBytes("x")));
    Object[] results = new Object[actions.size()];
    RetriesExhaustedWithDetailsException failure =
        assertThrows(RetriesExhaustedWithDetailsException.class, () -> table.batch(actions, results));
    assertEquals(1, failure.getNumExceptions());

    assertArrayEquals(toBytes("got"), ((Result) results[0]).getValue(F, Q));
    assertTrue(((Result) results[1]).isEmpty());
    assertTrue(((Result) results[2]).isEmpty());
    assertEquals(3, Bytes.toLong(((Result) results[3]).getValue(F, Q)));
    assertArrayEquals(toBytes("tail"), ((Result) results[4]).getValue(F, Q));
    assertEquals(1, Bytes.toLong(((Result) results[5]).getValue(F, toBytes("n"))));
    assertTrue(((CheckAndMutateResult) results[6]).isSuccess());
    assertInstanceOf(NoSuchColumnFamilyException.class, results[7]);

    assertArrayEquals(toBytes("put"), table.get(new Get(toBytes("a-put"))).getValue(F, Q));
    assertTrue(table.get(new Get(toBytes("z-del"))).isEmpty());
    assertArrayEquals(toBytes("rm"), table.get(new Get(toBytes("z-rm"))).getValue(F, Q));
    assertArrayEquals(toBytes("after"), table.get(new Get(toBytes("z-cas"))).getValue(F, Q));
    assertTrue(table.get(new Get(toBytes("a-bad"))).isEmpty());
  }

  @Test
  void getsInABatchDoNotSeeThePutsBeforeThemAsInHBase() throws Exception {
    // HBase runs a batch's Gets as they come and its Puts together at the end of the region's actions.
    Object[] results = new Object[2];
    table.batch(List.of(new Put(toBytes("order")).addColumn(F, Q, toBytes("v")), new Get(toBytes("order"))),
        results);
    assertTrue(((Result) results[1]).isEmpty());
    assertArrayEquals(toBytes("v"), table.get(new Get(toBytes("order"))).getValue(F, Q));
  }

  @Test
  void bufferedMutatorFlushesEverything() throws IOException {
    try (BufferedMutator mutator = connection.getBufferedMutator(NAME)) {
      for (int i = 0; i < 2000; i++) {
        mutator.mutate(new Put(toBytes(String.format("buffered-%05d", i))).addColumn(F, Q, toBytes(i)));
      }
      mutator.mutate(new Delete(toBytes("buffered-00007")));
    }
    List<String> rows = TestTables.rows(table, new Scan().setRowPrefixFilter(toBytes("buffered-")));
    assertEquals(1999, rows.size());
    assertFalse(rows.contains("buffered-00007"));
  }

  @Test
  void asyncBatchCarriesCellsInCellBlocks() throws Exception {
    try (AsyncConnection async = ConnectionFactory.createAsyncConnection(
        Clients.zookeeperConfiguration(BASALT.process())).get()) {
      AsyncTable<?> asyncTable = async.getTable(NAME);
      List<Put> puts = new ArrayList<>();
      for (int i = 0; i < 300; i++) {
        puts.add(new Put(toBytes((i % 2 == 0 ? "a" : "z") + "-async-" + i)).addColumn(F, Q, toBytes(i)));
      }
      CompletableFuture.allOf(asyncTable.put(puts).toArray(new CompletableFuture[0])).get();
      List<Get> gets = new ArrayList<>();
      for (int i = 0; i < 300; i++) {
        gets.add(new Get(toBytes((i % 2 == 0 ? "a" : "z") + "-async-" + i)));
      }
      List<Result> results = asyncTable.getAll(gets).get();
      for (int i = 0; i < 300; i++) {
        assertEquals(i, Bytes.toInt(results.get(i).getValue(F, Q)));
      }
      Result missing = asyncTable.get(new Get(toBytes("a-async-missing"))).get();
      assertNull(missing.getRow());
    }
  }
}
