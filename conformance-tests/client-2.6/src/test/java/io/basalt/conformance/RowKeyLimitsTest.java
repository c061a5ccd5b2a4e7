package io.basalt.conformance;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.rawrpc.RawRpcConnection;
import io.basalt.conformance.rawrpc.RequestFrames;
import io.basalt.conformance.rawrpc.RpcResponse;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.hbase.CompareOperator;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Append;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.RowMutations;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.io.TimeRange;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.shaded.protobuf.RequestConverter;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.MultiResponse;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.MutationProto.MutationType;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.MutationProto;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos;
import org.apache.hadoop.hbase.shaded.protobuf.generated.HBaseProtos.RegionSpecifier.RegionSpecifierType;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hbase.thirdparty.com.google.protobuf.ByteString;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Row keys up to HBase's limit of 32,767 bytes ({@code HConstants.MAX_ROW_LENGTH}) are stored and served; a longer
 * one is refused by the stock client itself with IllegalArgumentException, as against HBase, and when a client
 * sends one anyway Basalt refuses it with DoNotRetryIOException and writes nothing.
 *
 * <p>The stock client locates a row's region by scanning hbase:meta from {@code table,row,99999999999999}, a key
 * that may not exceed the limit either, so through it the longest usable row is 32,767 bytes less the table name
 * and 16; against HBase just the same. Rows between that and 32,767 bytes are checked over raw RPC.
 */
class RowKeyLimitsTest {
  @RegisterExtension
  static final ConnectedBasalt BASALT = new ConnectedBasalt();

  private static final TableName TABLE = TableName.valueOf("row_limits");
  private static final byte[] F = toBytes("f");
  private static final byte[] Q = toBytes("q");
  private static final int LIMIT = HConstants.MAX_ROW_LENGTH;

  @BeforeAll
  static void createTable() throws IOException {
    TestTables.create(BASALT.connection(), TABLE, 3, new String[] {"f"});
  }

  @Test
  void theLongestRowsTheStockClientCanLocateWorkInEveryOperation() throws IOException {
    int longest = LIMIT - TABLE.getName().length - 16;
    byte[] row = row(longest, 1);
    try (Table table = BASALT.connection().getTable(TABLE)) {
      table.put(new Put(row).addColumn(F, Q, toBytes("v1")));
      assertArrayEquals(toBytes("v1"), table.get(new Get(row)).getValue(F, Q));
      assertTrue(table.exists(new Get(row)));
      assertEquals(5, table.incrementColumnValue(row, F, toBytes("n"), 5));
      table.append(new Append(row).addColumn(F, toBytes("a"), toBytes("x")));
      assertTrue(table.checkAndMutate(CheckAndMutate.newBuilder(row).ifEquals(F, Q, toBytes("v1"))
          .build(new Put(row).addColumn(F, Q, toBytes("v2")))).isSuccess());
      table.mutateRow(RowMutations.of(List.of(new Put(row).addColumn(F, toBytes("m"), toBytes("y")))));
      Result whole = table.get(new Get(row));
      assertArrayEquals(row, whole.getRow());
      assertArrayEquals(toBytes("v2"), whole.getValue(F, Q));
      assertArrayEquals(toBytes("x"), whole.getValue(F, toBytes("a")));
      assertArrayEquals(toBytes("y"), whole.getValue(F, toBytes("m")));

      byte[] next = row(longest, 2);
      table.put(List.of(new Put(next).addColumn(F, Q, toBytes("w"))));
      assertEquals(hex(row, next), scanRows(table, new Scan().withStartRow(row).withStopRow(next, true)));
      assertEquals(hex(next), scanRows(table, new Scan().withStartRow(row, false)));
      assertEquals(hex(row), scanRows(table, new Scan().withStopRow(next)));

      table.delete(new ArrayList<>(List.of(new Delete(row), new Delete(next))));
      assertTrue(table.get(new Get(row)).isEmpty());
      assertEquals(List.of(), scanRows(table, new Scan()));
    }
  }

  @Test
  void rowsOfExactlyTheLimitAreStoredAndServed() throws IOException {
    byte[] region = BASALT.admin().getRegions(TABLE).get(0).getRegionName();
    byte[] row = row(LIMIT, 5);
    try (RawRpcConnection connection = rawConnection()) {
      connection.send(RequestFrames.request(RequestFrames.header(1, "Mutate", -1),
          RequestConverter.buildMutateRequest(region, new Put(row).addColumn(F, Q, toBytes("edge"))).toByteArray(),
          null));
      assertFalse(connection.read().isError());
      connection.send(RequestFrames.request(RequestFrames.header(2, "Get", -1),
          RequestConverter.buildGetRequest(region, new Get(row)).toByteArray(), null));
      ClientProtos.Result got = connection.read().result(ClientProtos.GetResponse.parser()).getResult();
      assertEquals(1, got.getCellCount());
      assertArrayEquals(row, got.getCell(0).getRow().toByteArray());

      try (Table table = BASALT.connection().getTable(TABLE)) {
        List<Result> all = new ArrayList<>();
        try (ResultScanner scanner = table.getScanner(new Scan())) {
          scanner.forEach(all::add);
        }
        assertEquals(1, all.size());
        assertArrayEquals(row, all.get(0).getRow());
        assertArrayEquals(toBytes("edge"), all.get(0).getValue(F, Q));
      }

      connection.send(RequestFrames.request(RequestFrames.header(3, "Mutate", -1),
          RequestConverter.buildMutateRequest(region, new Delete(row)).toByteArray(), null));
      assertFalse(connection.read().isError());
    }
  }

  @Test
  void theStockClientRefusesLongerRowsItself() {
    byte[] row = row(LIMIT + 1, 3);
    for (Runnable operation : List.<Runnable>of(() -> new Put(row), () -> new Get(row), () -> new Delete(row),
        () -> new Increment(row), () -> new Append(row), () -> new RowMutations(row),
        () -> new Scan().withStartRow(row), () -> new Scan().withStopRow(row),
        () -> CheckAndMutate.newBuilder(row).ifNotExists(F, Q).build(new Put(row).addColumn(F, Q, Q)))) {
      assertThrows(IllegalArgumentException.class, operation::run);
    }
  }

  @Test
  void basaltRefusesLongerRowsSentAnyway() throws IOException {
    byte[] region = BASALT.admin().getRegions(TABLE).get(0).getRegionName();
    ByteString tooLong = ByteString.copyFrom(row(LIMIT + 1, 4));
    byte[] good = toBytes("good");
    MutationProto put = ProtobufUtil.toMutation(MutationType.PUT, new Put(good).addColumn(F, Q, Q));
    List<byte[]> params = new ArrayList<>();
    params.add(ClientProtos.GetRequest.newBuilder(RequestConverter.buildGetRequest(region, new Get(good)))
        .setGet(ProtobufUtil.toGet(new Get(good)).toBuilder().setRow(tooLong)).build().toByteArray());
    for (MutationProto mutation : List.of(put,
        ProtobufUtil.toMutation(MutationType.DELETE, new Delete(good)),
        ProtobufUtil.toMutation(MutationType.INCREMENT, new Increment(good).addColumn(F, Q, 1)),
        ProtobufUtil.toMutation(MutationType.APPEND, new Append(good).addColumn(F, Q, Q)))) {
      params.add(RequestConverter.buildMutateRequest(region, new Put(good).addColumn(F, Q, Q)).toBuilder()
          .setMutation(mutation.toBuilder().setRow(tooLong)).build().toByteArray());
    }
    ClientProtos.MutateRequest checkAndPut = RequestConverter.buildMutateRequest(region, good, F, Q,
        CompareOperator.EQUAL, Q, null, TimeRange.allTime(), new Put(good).addColumn(F, Q, Q), 0, 0, false);
    params.add(checkAndPut.toBuilder().setCondition(checkAndPut.getCondition().toBuilder().setRow(tooLong))
        .setMutation(checkAndPut.getMutation().toBuilder().setRow(tooLong)).build().toByteArray());
    ClientProtos.Scan scan = ProtobufUtil.toScan(new Scan());
    for (ClientProtos.Scan bad : List.of(scan.toBuilder().setStartRow(tooLong).build(),
        scan.toBuilder().setStopRow(tooLong).build())) {
      params.add(RequestConverter.buildScanRequest(region, new Scan(), 10, true).toBuilder().setScan(bad).build()
          .toByteArray());
    }
    String[] methods = {"Get", "Mutate", "Mutate", "Mutate", "Mutate", "Mutate", "Scan", "Scan"};

    try (RawRpcConnection connection = rawConnection()) {
      for (int i = 0; i < params.size(); i++) {
        connection.send(RequestFrames.request(RequestFrames.header(i, methods[i], -1), params.get(i), null));
        RpcResponse response = connection.read();
        assertEquals(i, response.callId());
        assertEquals("org.apache.hadoop.hbase.DoNotRetryIOException", response.exceptionClass(), methods[i]);
        assertTrue(response.exception().getDoNotRetry());
        assertTrue(response.exception().getStackTrace().contains("32767"), response.toString());
      }

      // In a batch the long row fails alone; the good put beside it is applied.
      connection.send(RequestFrames.request(RequestFrames.header(100, "Multi", -1),
          ClientProtos.MultiRequest.newBuilder().addRegionAction(ClientProtos.RegionAction.newBuilder()
              .setRegion(RequestConverter.buildRegionSpecifier(RegionSpecifierType.REGION_NAME, region))
              .addAction(ClientProtos.Action.newBuilder().setIndex(0).setMutation(put.toBuilder().setRow(tooLong)))
              .addAction(ClientProtos.Action.newBuilder().setIndex(1).setMutation(put)))
              .build().toByteArray(), null));
      RpcResponse multi = connection.read();
      assertFalse(multi.isError(), multi.toString());
      List<ClientProtos.ResultOrException> results = multi.result(MultiResponse.parser()).getRegionActionResult(0)
          .getResultOrExceptionList();
      assertEquals("org.apache.hadoop.hbase.DoNotRetryIOException", results.get(0).getException().getName());
      assertFalse(results.get(1).hasException());
    }
    try (Table table = BASALT.connection().getTable(TABLE)) {
      assertEquals(hex(good), scanRows(table, new Scan()));
      table.delete(new Delete(good));
    }
  }

  /** A raw ClientService connection without cell blocks, so results come back in the protobuf messages. */
  private static RawRpcConnection rawConnection() throws IOException {
    String[] rpc = BASALT.process().rpcAddress().split(":");
    return RawRpcConnection.handshake(rpc[0], Integer.parseInt(rpc[1]), 30_000, "ClientService", null);
  }

  private static byte[] row(int length, int seed) {
    byte[] row = new byte[length];
    new Random(seed).nextBytes(row);
    row[0] = (byte) seed; // rows of different seeds sort by seed
    return row;
  }

  private static List<String> scanRows(Table table, Scan scan) throws IOException {
    List<String> rows = new ArrayList<>();
    try (ResultScanner scanner = table.getScanner(scan)) {
      for (Result result : scanner) {
        rows.add(Bytes.toHex(result.getRow()));
      }
    }
    return rows;
  }

  private static List<String> hex(byte[]... rows) {
    return Arrays.stream(rows).map(Bytes::toHex).toList();
  }
}
