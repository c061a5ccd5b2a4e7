package io.basalt.conformance;

import static io.basalt.conformance.Futures.await;
import static io.basalt.conformance.TestTables.cells;
import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Append;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.CheckAndMutateResult;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.RowMutations;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.ipc.RpcClient;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Clients configured with no RPC codec ({@code hbase.client.default.rpc.codec} empty) send and receive no cell
 * blocks: every cell travels inside the protobuf messages, Mutations' column values and Results' cells alike.
 * Every data operation, blocking and async, gives the same cells it gives with cell blocks.
 */
class InlineCellsTest {
  @RegisterExtension
  static final ConnectedBasalt BASALT = new ConnectedBasalt();

  private static final byte[] F = toBytes("f");
  private static final byte[] G = toBytes("g");
  private static final byte[] Q = toBytes("q");
  private static Connection connection;
  private static AsyncConnection async;
  private static Table table;
  private static AsyncTable<?> asyncTable;

  @BeforeAll
  static void connectWithoutCodec() throws Exception {
    TableName name = TableName.valueOf("inline_cells");
    TestTables.create(BASALT.connection(), name, 3, new String[] {"f", "g"}, "m");
    Configuration conf = Clients.zookeeperConfiguration(BASALT.process());
    conf.set("hbase.client.default.rpc.codec", "");
    connection = ConnectionFactory.createConnection(conf);
    async = ConnectionFactory.createAsyncConnection(conf).get();
    // Make sure the setting took: otherwise this class would test cell blocks once more.
    assertFalse(rpcClient(connection, "getRpcClient").hasCellBlockSupport());
    assertFalse(rpcClient(async, "rpcClient").hasCellBlockSupport());
    table = connection.getTable(name);
    asyncTable = async.getTable(name);
  }

  @AfterAll
  static void close() throws Exception {
    table.close();
    connection.close();
    async.close();
  }

  @Test
  void putsGetsAndScansOfTheBlockingClient() throws Exception {
    table.put(new Put(toBytes("a-single")).addColumn(F, Q, toBytes("one")).addColumn(G, Q, 5, toBytes("five")));
    List<Put> puts = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      puts.add(new Put(toBytes((i % 2 == 0 ? "e-" : "r-") + String.format("%02d", i))).addColumn(F, Q, toBytes(i)));
    }
    table.put(puts);

    assertEquals(List.of("a-single/f:q=one", "a-single/g:q=five"), cells(table.get(new Get(toBytes("a-single")))));
    assertEquals(5, table.get(new Get(toBytes("a-single")).addFamily(G)).rawCells()[0].getTimestamp());
    Result[] many = table.get(List.of(new Get(toBytes("r-19")), new Get(toBytes("e-00")), new Get(toBytes("none"))));
    assertEquals(19, Bytes.toInt(many[0].getValue(F, Q)));
    assertEquals(0, Bytes.toInt(many[1].getValue(F, Q)));
    assertTrue(many[2].isEmpty());

    // Small caching: many Scan calls, each with its rows inline, across both tablets.
    List<String> scanned = TestTables.cells(table, new Scan().withStartRow(toBytes("e-"))
        .withStopRow(toBytes("r-99")).setCaching(3));
    assertEquals(20, scanned.size());
    assertEquals("e-00/f:q=\\x00\\x00\\x00\\x00", scanned.get(0));
    assertEquals("r-19/f:q=\\x00\\x00\\x00\\x13", scanned.get(19));
    assertEquals(List.of("r-19", "r-17"), TestTables.rows(table, new Scan().setReversed(true)
        .withStartRow(toBytes("r-99")).setLimit(2)));

    table.delete(new Delete(toBytes("e-00")));
    assertTrue(table.get(new Get(toBytes("e-00"))).isEmpty());
  }

  @Test
  void countersAndConditionalWritesOfTheBlockingClient() throws Exception {
    byte[] row = toBytes("counters");
    assertEquals(3, Bytes.toLong(table.increment(new Increment(row).addColumn(F, toBytes("n"), 3))
        .getValue(F, toBytes("n"))));
    assertEquals(10, table.incrementColumnValue(row, F, toBytes("n"), 7));
    assertArrayEquals(toBytes("ab"), table.append(new Append(row).addColumn(G, Q, toBytes("ab"))).getValue(G, Q));
    assertArrayEquals(toBytes("abcd"), table.append(new Append(row).addColumn(G, Q, toBytes("cd"))).getValue(G, Q));

    assertTrue(table.checkAndMutate(CheckAndMutate.newBuilder(row).ifEquals(G, Q, toBytes("abcd"))
        .build(new Put(row).addColumn(F, toBytes("checked"), toBytes("yes")))).isSuccess());
    assertFalse(table.checkAndMutate(CheckAndMutate.newBuilder(row).ifEquals(G, Q, toBytes("ab"))
        .build(new Put(row).addColumn(F, toBytes("checked"), toBytes("no")))).isSuccess());
    assertArrayEquals(toBytes("yes"), table.get(new Get(row)).getValue(F, toBytes("checked")));
    assertEquals(42, Bytes.toLong(table.checkAndMutate(CheckAndMutate.newBuilder(row)
        .ifEquals(F, toBytes("checked"), toBytes("yes")).build(new Increment(row).addColumn(F, toBytes("n"), 32)))
        .getResult().getValue(F, toBytes("n"))));
    Result mutated = table.mutateRow(new RowMutations(row).add(List.of(
        new Put(row).addColumn(G, toBytes("p"), toBytes("put")), new Delete(row).addColumns(F, toBytes("checked")))));
    assertTrue(mutated.isEmpty());
    assertEquals(List.of("counters/f:n=\\x00\\x00\\x00\\x00\\x00\\x00\\x00*", "counters/g:p=put",
        "counters/g:q=abcd"), cells(table.get(new Get(row))));
  }

  /**
   * The async client's single operations. Its batches (putAll, getAll, batch) always carry a cell block, so
   * without a codec it fails them itself (CellScannerButNoCodecException) before anything is sent, against HBase too.
   */
  @Test
  void singleOperationsOfTheAsyncClient() throws Exception {
    for (int i = 0; i < 10; i++) {
      await(asyncTable.put(new Put(toBytes((i % 2 == 0 ? "d-" : "x-") + i)).addColumn(G, Q, toBytes("v" + i))));
    }
    await(asyncTable.put(new Put(toBytes("d-single")).addColumn(F, Q, toBytes("s"))));
    assertEquals(List.of("d-single/f:q=s"), cells(await(asyncTable.get(new Get(toBytes("d-single"))))));
    assertEquals(List.of("x-9/g:q=v9"), cells(await(asyncTable.get(new Get(toBytes("x-9"))))));
    assertTrue(await(asyncTable.exists(new Get(toBytes("d-0")))));

    List<String> scanned = new ArrayList<>();
    for (Result result : await(asyncTable.scanAll(new Scan().addFamily(G).withStartRow(toBytes("d-"))
        .withStopRow(toBytes("x-9"), true).setCaching(2)))) {
      scanned.addAll(cells(result));
    }
    assertEquals(List.of("d-0/g:q=v0", "d-2/g:q=v2", "d-4/g:q=v4", "d-6/g:q=v6", "d-8/g:q=v8", "x-1/g:q=v1",
        "x-3/g:q=v3", "x-5/g:q=v5", "x-7/g:q=v7", "x-9/g:q=v9"), scanned);

    byte[] row = toBytes("y-counter");
    assertEquals(4, await(asyncTable.incrementColumnValue(row, F, toBytes("n"), 4)));
    assertArrayEquals(toBytes("xy"), await(asyncTable.append(new Append(row).addColumn(F, Q, toBytes("xy"))))
        .getValue(F, Q));
    CheckAndMutateResult appended = await(asyncTable.checkAndMutate(CheckAndMutate.newBuilder(row)
        .ifEquals(F, Q, toBytes("xy")).build(new Append(row).addColumn(F, Q, toBytes("z")))));
    assertTrue(appended.isSuccess());
    assertArrayEquals(toBytes("xyz"), appended.getResult().getValue(F, Q));
    assertEquals(5, Bytes.toLong(await(asyncTable.increment(new Increment(row).addColumn(F, toBytes("n"), 1)))
        .getValue(F, toBytes("n"))));
    Result mutated = await(asyncTable.mutateRow(new RowMutations(row).add(List.of(
        new Put(row).addColumn(G, Q, toBytes("g")), new Delete(row).addColumns(F, Q)))));
    assertTrue(mutated.isEmpty());
    await(asyncTable.delete(new Delete(toBytes("d-0"))));
    assertFalse(await(asyncTable.exists(new Get(toBytes("d-0")))));
    assertEquals(List.of("y-counter/f:n=\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x05", "y-counter/g:q=g"),
        cells(await(asyncTable.get(new Get(row)))));
  }

  /** The client's RPC client, read from a private member: no public API tells whether it has a codec. */
  private static RpcClient rpcClient(Object connection, String member) throws Exception {
    for (Class<?> type = connection.getClass(); type != null; type = type.getSuperclass()) {
      for (Method method : type.getDeclaredMethods()) {
        if (method.getName().equals(member) && method.getParameterCount() == 0) {
          method.setAccessible(true);
          return (RpcClient) method.invoke(connection);
        }
      }
      for (Field field : type.getDeclaredFields()) {
        if (field.getName().equals(member)) {
          field.setAccessible(true);
          return (RpcClient) field.get(connection);
        }
      }
    }
    throw new AssertionError(connection.getClass() + " has no " + member);
  }
}
