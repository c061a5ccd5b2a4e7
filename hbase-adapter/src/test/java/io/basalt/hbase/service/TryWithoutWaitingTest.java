package io.basalt.hbase.service;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.hbase.FrontendSettings;
import io.basalt.hbase.HBaseFrontend;
import io.basalt.hbase.cluster.ServerIdentity;
import io.basalt.hbase.rpc.CallContext;
import io.basalt.hbase.rpc.ScannerQuota;
import io.basalt.hbase.rpc.ServiceBinding;
import io.basalt.hbase.security.RequestUser;
import io.basalt.storage.StoreOptions;
import io.basalt.storage.TabletStore;
import io.basalt.storage.data.RowLocks;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.CompareOperator;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Durability;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.RowMutations;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.shaded.protobuf.RequestConverter;
import org.apache.hadoop.hbase.shaded.protobuf.generated.AdminProtos.GetRegionLoadRequest;
import org.apache.hadoop.hbase.shaded.protobuf.generated.AdminProtos.GetRegionLoadResponse;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.GetResponse;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.MultiRequest;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.MutateResponse;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.ScanRequest;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.ScanResponse;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClusterStatusProtos.RegionLoad;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hbase.thirdparty.com.google.protobuf.Message;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every short ClientService call, tried without waiting where it would have to wait, gives up having changed
 * nothing: no cell written, no request counted, no nonce recorded, no scanner registered, no response cell kept.
 * Run again allowed to wait, it does what it would have done, once.
 */
class TryWithoutWaitingTest {
  private static final TableName TABLE = TableName.valueOf("t");
  private static final byte[] F = toBytes("f");
  private static final byte[] Q = toBytes("q");
  private static final byte[] ROW = toBytes("r");

  @TempDir
  Path directory;

  private TabletStore store;
  private HBaseFrontend frontend;
  private ServiceBinding client;
  private ServiceBinding admin;
  private byte[] regionName;
  private final ScannerQuota scanners = new ScannerQuota(10, "test");

  @BeforeEach
  void start() throws IOException {
    open();
    frontend.master().ddl().create(TableDescriptorBuilder.newBuilder(TABLE)
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of(F)).build(), List.of());
    regionName = frontend.tables().require(TABLE).regions().get(0).getRegionName();
  }

  @AfterEach
  void stop() {
    frontend.close();
    store.close();
  }

  @Test
  void aPutBehindAHeldRowLockWritesAndCountsNothing() throws Exception {
    Message request = RequestConverter.buildMutateRequest(regionName, put("v"));
    whileRowIsLocked(() -> assertWouldWait("Mutate", request));
    assertEquals(0, regionLoad().getWriteRequestsCount());
    assertTrue(get().isEmpty());
    invoke("Mutate", request);
    assertEquals("v", value(get()));
    assertEquals(1, regionLoad().getWriteRequestsCount());
  }

  @Test
  void anIncrementBehindAHeldRowLockRecordsNoNonce() throws Exception {
    Increment increment = new Increment(ROW).addColumn(F, Q, 5);
    Message request = RequestConverter.buildMutateRequest(regionName, increment, 7L, 11L);
    whileRowIsLocked(() -> assertWouldWait("Mutate", request));
    // Had the attempt recorded the nonce, this would be taken for a retry and not applied.
    MutateResponse applied = (MutateResponse) invoke("Mutate", request);
    assertEquals(5L, longValue(ProtobufUtil.toResult(applied.getResult())));
    MutateResponse retried = (MutateResponse) invoke("Mutate", request);
    assertEquals(5L, longValue(ProtobufUtil.toResult(retried.getResult())), "a retry is applied once");
    assertEquals(5L, longValue(get()));
  }

  @Test
  void aCheckAndMutateBehindAHeldRowLockReadsAndWritesNothing() throws Exception {
    Message request = RequestConverter.buildMutateRequest(regionName, ROW, F, Q,
        CompareOperator.EQUAL, new byte[0], null, null, put("checked"), 0L, 0L, false);
    whileRowIsLocked(() -> assertWouldWait("Mutate", request));
    assertEquals(0, regionLoad().getReadRequestsCount());
    assertTrue(((MutateResponse) invoke("Mutate", request)).getProcessed());
    assertEquals("checked", value(get()));
  }

  @Test
  void aMultiOfOneRowBehindAHeldRowLockWritesNothing() throws Exception {
    RowMutations mutations = new RowMutations(ROW);
    mutations.add(put("atomic"));
    MultiRequest atomic = RequestConverter.buildMultiRequest(regionName, mutations, 0L, 0L);
    whileRowIsLocked(() -> assertWouldWait("Multi", atomic));
    assertTrue(get().isEmpty());
    assertEquals(0, regionLoad().getWriteRequestsCount());
    invoke("Multi", atomic);
    assertEquals("atomic", value(get()));
  }

  @Test
  void anFsyncedPutIsNotEvenTried() throws Exception {
    Message request = RequestConverter.buildMutateRequest(regionName, put("synced").setDurability(
        Durability.FSYNC_WAL));
    assertWouldWait("Mutate", request);
    assertTrue(get().isEmpty());
    invoke("Mutate", request);
    assertEquals("synced", value(get()));
  }

  @Test
  void aGetOfARowOnlyOnDiskCountsNoReadAndKeepsNoCells() throws Exception {
    invoke("Mutate", RequestConverter.buildMutateRequest(regionName, put("on disk")));
    reopenWithAnEmptyCache();
    Message request = RequestConverter.buildGetRequest(regionName, new Get(ROW));
    CallContext call = new CallContext(null, true, RequestUser.simple("test"), 0, scanners);
    assertEquals(Optional.empty(), client.method("Get").tryWithoutWaiting(call, request));
    assertTrue(call.responseCells().isEmpty());
    assertEquals(0, regionLoad().getReadRequestsCount());
    GetResponse answer = (GetResponse) client.method("Get").invoke(call, request);
    assertEquals("on disk", value(ProtobufUtil.toResult(answer.getResult(),
        CellUtil.createCellScanner(call.responseCells()))));
    assertEquals(1, regionLoad().getReadRequestsCount());
  }

  @Test
  void aScanOpenedOverRowsOnlyOnDiskRegistersNoScanner() throws Exception {
    invoke("Mutate", RequestConverter.buildMutateRequest(regionName, put("on disk")));
    reopenWithAnEmptyCache();
    ScanRequest request = RequestConverter.buildScanRequest(regionName, new Scan(), 10, false);
    assertWouldWait("Scan", request);
    assertEquals(0, scanners.open(), "the scanner opened for the attempt was discarded");
    ScanResponse answer = (ScanResponse) invoke("Scan", request);
    assertEquals(1, answer.getResultsCount());
    assertEquals(0, scanners.open(), "a scan that read its region to the end closed its scanner");
  }

  @Test
  void aCallThatIsNotShortIsNotTried() throws Exception {
    ServiceBinding.Method<?> scan = client.method("Scan");
    ScanRequest manyRows = RequestConverter.buildScanRequest(regionName, new Scan(), 10_000, false);
    assertFalse(scan.isShort(manyRows));
    assertThrows(IllegalArgumentException.class, () -> scan.tryWithoutWaiting(context(), manyRows));
    assertEquals(0, scanners.open());
  }

  private void assertWouldWait(String method, Message request) throws IOException {
    CallContext call = context();
    assertEquals(Optional.empty(), client.method(method).tryWithoutWaiting(call, request));
    assertTrue(call.responseCells().isEmpty());
  }

  private Message invoke(String method, Message request) throws IOException {
    return client.method(method).invoke(context(), request);
  }

  /** A call whose results travel in the response message; see the get test for one with a cell block. */
  private CallContext context() {
    return new CallContext(null, false, RequestUser.simple("test"), 0, scanners);
  }

  /** Runs {@code attempt} while another thread holds the lock of {@link #ROW}. */
  private void whileRowIsLocked(ThrowingRunnable attempt) throws Exception {
    CountDownLatch locked = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    CompletableFuture<Void> holder = CompletableFuture.runAsync(() -> {
      try (RowLocks.RowLock ignored = store.table("default:t").orElseThrow().lockRow(ROW)) {
        locked.countDown();
        release.await();
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    });
    locked.await();
    try {
      attempt.run();
    } finally {
      release.countDown();
      holder.join();
    }
  }

  @FunctionalInterface
  private interface ThrowingRunnable {
    void run() throws Exception;
  }

  private Result get() throws IOException {
    GetResponse answer = (GetResponse) client.method("Get").invoke(
        new CallContext(null, false, RequestUser.simple("test"), 0),
        RequestConverter.buildGetRequest(regionName, new Get(ROW)));
    return ProtobufUtil.toResult(answer.getResult());
  }

  private RegionLoad regionLoad() throws IOException {
    GetRegionLoadResponse loads = (GetRegionLoadResponse) admin.method("GetRegionLoad").invoke(context(),
        GetRegionLoadRequest.newBuilder().setTableName(ProtobufUtil.toProtoTableName(TABLE)).build());
    assertEquals(1, loads.getRegionLoadsCount());
    return loads.getRegionLoads(0);
  }

  private void open() throws IOException {
    store = TabletStore.open(directory, StoreOptions.defaults());
    ServerIdentity server = new ServerIdentity(ServerName.valueOf("localhost", 16020, 1), "cluster", 16010);
    frontend = new HBaseFrontend(store, server, FrontendSettings.defaults());
    client = frontend.dispatcher().service("ClientService").orElseThrow();
    admin = frontend.dispatcher().service("AdminService").orElseThrow();
  }

  /** Flushes, closes and reopens the store: the row is then only in a file, and the block cache empty. */
  private void reopenWithAnEmptyCache() throws IOException {
    store.table("default:t").orElseThrow().flush();
    frontend.close();
    store.close();
    open();
    regionName = frontend.tables().require(TABLE).regions().get(0).getRegionName();
  }

  private static Put put(String value) {
    return new Put(ROW).addColumn(F, Q, 1, toBytes(value));
  }

  private static String value(Result result) {
    return new String(result.getValue(F, Q));
  }

  private static long longValue(Result result) {
    return Bytes.toLong(result.getValue(F, Q));
  }
}
