package io.basalt.hbase.service;

import io.basalt.hbase.metrics.RequestMetrics;
import io.basalt.hbase.read.RegionScanner;
import io.basalt.hbase.read.ScanLimits;
import io.basalt.hbase.rpc.ScannerQuota;
import io.basalt.hbase.rpc.ServiceBinding;
import io.basalt.hbase.scan.ScanHandler;
import io.basalt.hbase.scan.ScannerRegistry;
import io.basalt.storage.data.Waiting;
import java.time.Clock;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.Action;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.Condition;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.Get;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.GetRequest;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.MultiRequest;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.MutateRequest;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.MutationProto;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.RegionAction;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.Scan;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.ScanRequest;
import org.apache.hadoop.hbase.shaded.protobuf.generated.FilterProtos.Filter;
import org.apache.hadoop.hbase.shaded.protobuf.generated.HBaseProtos.RegionSpecifier;
import org.apache.hbase.thirdparty.com.google.protobuf.ByteString;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Which ClientService calls may be tried on the thread that read them: one row, all or nothing, or a few rows of a
 * scan that can give up having changed nothing; no filter.
 */
class ShortCallRulesTest {
  private static final RegionSpecifier REGION = RegionSpecifier.newBuilder()
      .setType(RegionSpecifier.RegionSpecifierType.ENCODED_REGION_NAME).setValue(ByteString.copyFromUtf8("r"))
      .build();
  private static final Get GET = Get.newBuilder().setRow(ByteString.copyFromUtf8("row")).build();
  private static final Filter FILTER = Filter.newBuilder().setName("org.apache.hadoop.hbase.filter.KeyOnlyFilter")
      .build();
  private static final MutationProto PUT = MutationProto.newBuilder().setRow(ByteString.copyFromUtf8("row"))
      .setMutateType(MutationProto.MutationType.PUT).build();
  private static final Condition CONDITION = Condition.newBuilder().setRow(ByteString.copyFromUtf8("row")).build();

  // The rules look only at the request, and at the scanner a scan call names; nothing here is ever called.
  private final ScannerRegistry scanners = new ScannerRegistry(Clock.systemUTC(), 60_000);
  private final RequestMetrics metrics = new RequestMetrics(10_000);
  private final ServiceBinding client = new ClientServiceHandlers(null, new ScanHandler(null, scanners, 0, metrics),
      new MultiHandler(null, metrics), null, metrics, null, new BulkLoadHandlers(null, null)).binding();

  @AfterEach
  void closeScanners() {
    scanners.close();
  }

  @Test
  void getsAndMutationsAreShortUnlessTheyRunAFilter() throws Exception {
    assertTrue(isShort("Get", GetRequest.newBuilder().setRegion(REGION).setGet(GET).build()));
    assertFalse(isShort("Get", GetRequest.newBuilder().setRegion(REGION)
        .setGet(GET.toBuilder().setFilter(FILTER)).build()));
    assertTrue(isShort("Mutate", MutateRequest.newBuilder().setRegion(REGION).setMutation(PUT).build()));
    assertTrue(isShort("Mutate", MutateRequest.newBuilder().setRegion(REGION).setMutation(PUT)
        .setCondition(CONDITION).build()));
    assertFalse(isShort("Mutate", MutateRequest.newBuilder().setRegion(REGION).setMutation(PUT)
        .setCondition(CONDITION.toBuilder().setFilter(FILTER)).build()));
  }

  @Test
  void aBatchIsShortWhenItIsOneRowAllOrNothing() throws Exception {
    RegionAction single = RegionAction.newBuilder().setRegion(REGION).addAction(put(0)).build();
    RegionAction two = RegionAction.newBuilder().setRegion(REGION).addAction(put(0)).addAction(put(1)).build();
    assertTrue(isShort("Multi", MultiRequest.newBuilder().addRegionAction(single).build()));
    assertFalse(isShort("Multi", MultiRequest.newBuilder().addRegionAction(two).build()));
    assertFalse(isShort("Multi", MultiRequest.newBuilder().addRegionAction(single).addRegionAction(single).build()));
    assertTrue(isShort("Multi", MultiRequest.newBuilder().addRegionAction(two.toBuilder().setAtomic(true)).build()));
    assertTrue(isShort("Multi", MultiRequest.newBuilder()
        .addRegionAction(two.toBuilder().setCondition(CONDITION)).build()));
    assertFalse(isShort("Multi", MultiRequest.newBuilder()
        .addRegionAction(two.toBuilder().setCondition(CONDITION.toBuilder().setFilter(FILTER))).build()));
    RegionAction filteredGet = RegionAction.newBuilder().setRegion(REGION)
        .addAction(Action.newBuilder().setIndex(0).setGet(GET.toBuilder().setFilter(FILTER))).build();
    assertFalse(isShort("Multi", MultiRequest.newBuilder().addRegionAction(filteredGet).build()));
    assertFalse(isShort("Multi", MultiRequest.getDefaultInstance()));
  }

  @Test
  void openingAScanIsShortForAFewRowsForwardsWithoutAFilter() throws Exception {
    ScanRequest open = ScanRequest.newBuilder().setRegion(REGION).setScan(Scan.getDefaultInstance())
        .setNumberOfRows(ScanHandler.SHORT_CALL_MAX_ROWS).build();
    assertTrue(isShort("Scan", open));
    assertFalse(isShort("Scan", open.toBuilder().setNumberOfRows(ScanHandler.SHORT_CALL_MAX_ROWS + 1).build()));
    assertFalse(isShort("Scan", open.toBuilder().setNumberOfRows(Integer.MAX_VALUE).build()));
    assertFalse(isShort("Scan", open.toBuilder().setScan(Scan.newBuilder().setFilter(FILTER)).build()));
    assertFalse(isShort("Scan", open.toBuilder().setScan(Scan.newBuilder().setReversed(true)).build()));
  }

  @Test
  void goingOnWithAScanIsShortWhenItsScannerCanUndoABatch() throws Exception {
    long undoes = scanners.newId();
    scanners.register(undoes, new StubScanner(true), Long.MAX_VALUE, false, ScannerQuota.unlimited(), "test", false);
    long cannot = scanners.newId();
    scanners.register(cannot, new StubScanner(false), Long.MAX_VALUE, false, ScannerQuota.unlimited(), "test", false);
    assertTrue(isShort("Scan", next(undoes, 30)));
    assertFalse(isShort("Scan", next(undoes, ScanHandler.SHORT_CALL_MAX_ROWS + 1)));
    assertFalse(isShort("Scan", next(cannot, 30)));
    // Closing, renewing and naming a scanner that is gone never wait, whatever the scanner.
    assertTrue(isShort("Scan", next(cannot, 0).toBuilder().setCloseScanner(true).build()));
    assertTrue(isShort("Scan", next(cannot, 0).toBuilder().setRenew(true).build()));
    assertTrue(isShort("Scan", next(scanners.newId(), 30)));
  }

  private static ScanRequest next(long scannerId, int rows) {
    return ScanRequest.newBuilder().setScannerId(scannerId).setNumberOfRows(rows).build();
  }

  /** A scanner that only says whether it reads without waiting. */
  private record StubScanner(boolean readsWithoutWaiting) implements RegionScanner {
    @Override
    public RegionInfo region() {
      throw new UnsupportedOperationException();
    }

    @Override
    public Batch next(ScanLimits limits, Waiting waiting) {
      throw new UnsupportedOperationException();
    }

    @Override
    public void close() {}
  }

  private boolean isShort(String method, org.apache.hbase.thirdparty.com.google.protobuf.Message request)
      throws Exception {
    return client.method(method).isShort(request);
  }

  private static Action put(int index) {
    return Action.newBuilder().setIndex(index).setMutation(PUT).build();
  }
}
