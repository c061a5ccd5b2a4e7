package io.basalt.conformance;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.rawrpc.RawRpcConnection;
import io.basalt.conformance.rawrpc.RequestFrames;
import io.basalt.conformance.rawrpc.RpcResponse;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.UnknownScannerException;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.exceptions.OutOfOrderScannerNextException;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.shaded.protobuf.RequestConverter;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.ScanRequest;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.ScanResponse;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The scanner calls of ClientService.Scan sent one by one over raw RPC (requests built by hbase-client's own
 * RequestConverter), for the sequences a stock client only makes by accident: a lease left to expire, a call out
 * of sequence, renewals instead of reads, and calls after a close. The answers are HBase 2.6's.
 */
class ScannerCallsTest {
  private static final int LEASE_MILLIS = 1_000;

  @RegisterExtension
  static final ConnectedBasalt BASALT = new ConnectedBasalt(Map.of("hbase.client.scanner.timeout.period",
      Integer.toString(LEASE_MILLIS)));

  private static final TableName TABLE = TableName.valueOf("scanner_calls");
  private static final byte[] F = toBytes("f");
  private static byte[] region;

  private RawRpcConnection connection;
  private int callId;

  @BeforeAll
  static void fill() throws IOException {
    TestTables.create(BASALT.connection(), TABLE, 1, new String[] {"f"});
    try (Table table = BASALT.connection().getTable(TABLE)) {
      List<Put> puts = new ArrayList<>();
      for (int i = 0; i < 10; i++) {
        puts.add(new Put(toBytes(String.format("row-%02d", i))).addColumn(F, F, toBytes(i)));
      }
      table.put(puts);
    }
    region = BASALT.admin().getRegions(TABLE).get(0).getRegionName();
  }

  @BeforeEach
  void connect() throws IOException {
    String[] rpc = BASALT.process().rpcAddress().split(":");
    // No codec: results come back inside the protobuf response, where this test reads them.
    connection = RawRpcConnection.handshake(rpc[0], Integer.parseInt(rpc[1]), 30_000, "ClientService", null);
  }

  @AfterEach
  void disconnect() throws IOException {
    connection.close();
  }

  @Test
  void aCallOutOfSequenceIsRefusedAndTheScannerCarriesOn() throws IOException {
    ScanResponse opened = open();
    assertEquals(List.of("row-00", "row-01"), rows(opened));
    long id = opened.getScannerId();

    RpcResponse skipped = call(next(id, 1, 2));
    assertEquals(OutOfOrderScannerNextException.class.getName(), skipped.exceptionClass(), skipped.toString());
    assertEquals(List.of("row-02", "row-03"), rows(ok(call(next(id, 0, 2)))), "the refusal consumed nothing");
    RpcResponse repeated = call(next(id, 0, 2));
    assertEquals(OutOfOrderScannerNextException.class.getName(), repeated.exceptionClass(),
        "a call repeated with the sequence number already used: " + repeated);
    assertEquals(List.of("row-04", "row-05"), rows(ok(call(next(id, 1, 2)))));
    ok(call(close(id, 2)));
  }

  @Test
  void aScannerLeftAloneBeyondItsLeaseIsUnknown() throws Exception {
    long id = open().getScannerId();
    // Not synchronization: the client's silence is what is tested (any call would renew the lease), and nothing
    // outside the server shows the lease running out. Three leases cover one and the reaper's 100 ms rounds.
    Thread.sleep(3L * LEASE_MILLIS);
    RpcResponse expired = call(next(id, 0, 2));
    assertEquals(UnknownScannerException.class.getName(), expired.exceptionClass(), expired.toString());

    RpcResponse neverIssued = call(next(id + 1_000_000, 0, 2));
    assertEquals(UnknownScannerException.class.getName(), neverIssued.exceptionClass(), neverIssued.toString());
  }

  @Test
  void renewalsKeepAScannerAliveWithoutReadingRows() throws Exception {
    long id = open().getScannerId();
    long seq = 0;
    long until = System.currentTimeMillis() + 3L * LEASE_MILLIS;
    while (System.currentTimeMillis() < until) {
      Thread.sleep(LEASE_MILLIS / 4); // the pace of the renewals under test
      ScanResponse renewed = ok(call(RequestConverter.buildScanRequest(id, 0, false, seq++, false, true, 0)));
      assertEquals(0, renewed.getResultsCount(), "a renewal reads nothing");
    }
    // A renewal takes its place in the call sequence, as in HBase.
    assertEquals(List.of("row-02", "row-03"), rows(ok(call(next(id, seq, 2)))));
    ok(call(close(id, seq + 1)));
  }

  @Test
  void aClosedScannerAnswersEmptyUntilTheServerForgetsIt() throws Exception {
    long id = open().getScannerId();
    ScanResponse closed = ok(call(close(id, 0)));
    assertEquals(0, closed.getResultsCount());
    assertFalse(closed.getMoreResults());

    // HBase remembers a closed scanner for one lease, answering a late call for it with nothing...
    ScanResponse late = ok(call(ScanRequest.newBuilder().setScannerId(id).setNumberOfRows(2).build()));
    assertEquals(0, late.getResultsCount());
    assertFalse(late.getMoreResults());
    // ... and a lease after the last such call, the id is unknown. The silence is what is tested, as above.
    Thread.sleep(3L * LEASE_MILLIS);
    RpcResponse forgotten = call(ScanRequest.newBuilder().setScannerId(id).setNumberOfRows(2).build());
    assertEquals(UnknownScannerException.class.getName(), forgotten.exceptionClass(), forgotten.toString());
  }

  @Test
  void aScannerThatReachedTheEndOfItsRegionIsClosedByTheServer() throws IOException {
    ScanResponse all = ok(call(RequestConverter.buildScanRequest(region, new Scan(), 100, false)));
    assertEquals(10, all.getResultsCount());
    assertFalse(all.getMoreResultsInRegion());
    ScanResponse after = ok(call(ScanRequest.newBuilder().setScannerId(all.getScannerId()).setNumberOfRows(2)
        .build()));
    assertEquals(List.of(), rows(after), "a late call for it is answered with nothing");
  }

  /** Opens a scanner of the whole table that has read its first two rows. */
  private ScanResponse open() throws IOException {
    ScanResponse opened = ok(call(RequestConverter.buildScanRequest(region, new Scan(), 2, false)));
    assertTrue(opened.getMoreResultsInRegion(), "the scanner stays open");
    return opened;
  }

  private static ScanRequest next(long id, long seq, int rows) {
    return RequestConverter.buildScanRequest(id, rows, false, seq, false, false, 0);
  }

  private static ScanRequest close(long id, long seq) {
    return RequestConverter.buildScanRequest(id, 0, true, seq, false, false, 0);
  }

  private RpcResponse call(ScanRequest request) throws IOException {
    int id = ++callId;
    connection.send(RequestFrames.request(RequestFrames.header(id, "Scan", -1), request.toByteArray(), null));
    RpcResponse response = connection.read();
    assertEquals(id, response.callId());
    return response;
  }

  private static ScanResponse ok(RpcResponse response) throws IOException {
    assertNull(response.exceptionClass(), response.toString());
    return response.result(ScanResponse.parser());
  }

  private static List<String> rows(ScanResponse response) throws IOException {
    List<String> rows = new ArrayList<>();
    for (ClientProtos.Result result : response.getResultsList()) {
      rows.add(Bytes.toString(ProtobufUtil.toResult(result).getRow()));
    }
    return rows;
  }
}
