package io.basalt.hbase.scan;

import io.basalt.hbase.metrics.RequestMetrics;
import io.basalt.hbase.rpc.CallContext;
import io.basalt.hbase.rpc.ScannerQuota;
import io.basalt.hbase.rpc.ServiceBinding;
import io.basalt.hbase.security.RequestUser;
import io.basalt.hbase.testing.ServedTables;
import io.basalt.storage.data.Durability;
import io.basalt.storage.data.RowMutation;
import io.basalt.storage.data.Waiting;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.exceptions.OutOfOrderScannerNextException;
import org.apache.hadoop.hbase.shaded.protobuf.RequestConverter;
import org.apache.hadoop.hbase.shaded.protobuf.ResponseConverter;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.ScanRequest;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.ScanResponse;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A short scan call tried without waiting (on the thread that read it) over rows that are only on disk gives up
 * having changed nothing: an open discards its scanner, registers nothing and frees its quota place; a continuation
 * puts its scanner back where the batch began and leaves the call's sequence number unconsumed. Run again allowed to
 * wait, the call answers what it would have.
 */
class ScanHandlerWithoutWaitingTest {
  private static final TableName TABLE = TableName.valueOf("t");
  private static final byte[] F = toBytes("f");
  private static final int ROWS = 200;

  @TempDir
  Path directory;

  private ServedTables tables;
  private ScannerRegistry registry;
  private ServiceBinding.Method<?> scan;
  private byte[] region;
  private final ScannerQuota quota = new ScannerQuota(10, "test.scanners");

  @BeforeEach
  void setUp() throws IOException {
    tables = ServedTables.open(directory);
    // Blocks of 4 KiB hold four 1,000-byte rows: a scan soon steps from a cached block into one only on disk.
    tables.create(TableDescriptorBuilder.newBuilder(TABLE)
        .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(F).setBlocksize(4096).build()).build(), List.of());
    List<RowMutation> rows = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      rows.add(RowMutation.forRow(toBytes(row(i))).add(F, F, 1, KeyValue.Type.Put.getCode(), new byte[1000]).build());
    }
    tables.ddl().tables().require(TABLE).storage().writeAll(rows, Durability.LOG);
    tables.reopen();
    // Reading the first rows where it may wait caches their block, and only theirs.
    for (int i = 0; i < 3; i++) {
      assertFalse(tables.region(TABLE, 0).get(new Get(toBytes(row(i))), Waiting.ALLOWED).isEmpty());
    }
    registry = new ScannerRegistry(tables.clock(), 60_000);
    ScanHandler handler = new ScanHandler(tables.resolver(), registry, 100L << 20, new RequestMetrics(10_000));
    scan = ServiceBinding.of(ClientProtos.ClientService.getDescriptor())
        .onShortWhen("Scan", ScanRequest.getDefaultInstance(), handler::isShort, handler::scan).build()
        .method("Scan");
    region = tables.regionName(TABLE, 0);
  }

  @AfterEach
  void tearDown() {
    registry.close();
    tables.close();
  }

  @Test
  void anOpenThatWouldWaitIsDiscardedHavingRegisteredNothing() throws IOException {
    ScanRequest open = RequestConverter.buildScanRequest(region, new Scan(), 100, false);
    assertTrue(scan.isShort(open));
    CallContext call = context();
    assertEquals(Optional.empty(), scan.tryWithoutWaiting(call, open));
    assertTrue(call.responseCells().isEmpty());
    assertEquals(0, registry.openCount());
    assertEquals(0, quota.open());

    ScanResponse answer = (ScanResponse) scan.invoke(call, open);
    assertEquals(rows(0, 100), rows(answer, call));
    assertEquals(1, registry.openCount());
    assertEquals(1, quota.open());
  }

  @Test
  void aContinuationThatWouldWaitIsUndoneAndItsSequenceNumberKept() throws IOException {
    CallContext opening = context();
    ScanResponse opened = (ScanResponse) scan.tryWithoutWaiting(opening,
        RequestConverter.buildScanRequest(region, new Scan(), 2, false)).orElseThrow();
    assertEquals(rows(0, 2), rows(opened, opening));
    long id = opened.getScannerId();

    ScanRequest next = RequestConverter.buildScanRequest(id, 100, false, 0, false, false, -1);
    assertTrue(scan.isShort(next), "a forward scan without a filter can undo a batch");
    CallContext call = context();
    assertEquals(Optional.empty(), scan.tryWithoutWaiting(call, next));
    assertTrue(call.responseCells().isEmpty());
    assertEquals(1, registry.openCount());

    ScanResponse answer = (ScanResponse) scan.invoke(call, next);
    assertEquals(rows(2, 102), rows(answer, call), "from where the undone batch began");
    assertFalse(scan.isShort(RequestConverter.buildScanRequest(id, 100, false, 1, false, false, -1)),
        "from now on its batches run where they may wait");
    assertThrows(OutOfOrderScannerNextException.class, () -> scan.invoke(context(), next),
        "the sequence number was taken once, by the call that answered");
    CallContext last = context();
    ScanResponse rest = (ScanResponse) scan.invoke(last, RequestConverter.buildScanRequest(id, 1000, false, 1,
        false, false, -1));
    assertEquals(rows(102, ROWS), rows(rest, last));
    assertFalse(rest.getMoreResultsInRegion());
  }

  private CallContext context() {
    return new CallContext(null, true, RequestUser.simple("test"), 0, quota);
  }

  private static List<String> rows(ScanResponse response, CallContext call) throws IOException {
    List<String> rows = new ArrayList<>();
    for (Result result : ResponseConverter.getResults(CellUtil.createCellScanner(call.responseCells()), response)) {
      rows.add(Bytes.toString(result.getRow()));
    }
    return rows;
  }

  private static List<String> rows(int from, int to) {
    List<String> rows = new ArrayList<>();
    for (int i = from; i < to; i++) {
      rows.add(row(i));
    }
    return rows;
  }

  private static String row(int i) {
    return String.format("r%03d", i);
  }
}
