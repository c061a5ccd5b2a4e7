package io.basalt.hbase.scan;

import io.basalt.hbase.metrics.RequestMetrics;
import io.basalt.hbase.rpc.ScannerQuota;
import io.basalt.hbase.testing.ServedTables;
import io.basalt.storage.data.Waiting;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.UnknownScannerException;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.exceptions.OutOfOrderScannerNextException;
import org.apache.hadoop.hbase.shaded.protobuf.RequestConverter;
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
 * The scanner protocol of ClientService.Scan, call by call as HBase's RSRpcServices.scan answers it: an open with a
 * first batch, continuations checked against the call sequence, close, lease renewal; a scanner kept only while its
 * region may have more rows, and {@code more_results_in_region} telling a region's end from the scan's.
 */
class ScanHandlerTest {
  private static final TableName TABLE = TableName.valueOf("t");
  private static final byte[] F = toBytes("f");
  private static final long LEASE_MILLIS = 60_000;

  @TempDir
  Path directory;

  private ServedTables tables;
  private ScannerRegistry registry;
  private ScanCalls client;
  private byte[] low;
  private byte[] high;

  @BeforeEach
  void setUp() throws IOException {
    tables = ServedTables.open(directory);
    // Rows r0 .. r9, split at r5.
    tables.create(TABLE, List.of(toBytes("r5")), F);
    for (int i = 0; i < 10; i++) {
      tables.region(TABLE, i < 5 ? 0 : 1).mutate(new Put(toBytes("r" + i)).addColumn(F, F, toBytes("v" + i)), 0, 0,
          Waiting.ALLOWED);
    }
    registry = new ScannerRegistry(tables.clock(), LEASE_MILLIS);
    client = new ScanCalls(new ScanHandler(tables.resolver(), registry, 100L << 20, new RequestMetrics(10_000)),
        new ScannerQuota(10, "test.scanners"));
    low = tables.regionName(TABLE, 0);
    high = tables.regionName(TABLE, 1);
  }

  @AfterEach
  void tearDown() {
    registry.close();
    tables.close();
  }

  @Test
  void aScanOpensWithItsFirstBatchAndGoesOnCallByCallToTheRegionsEnd() throws IOException {
    ScanCalls.Answer first = client.open(low, new Scan(), 2);
    assertEquals(List.of("r0", "r1"), first.rows());
    assertTrue(first.moreInRegion());
    assertTrue(first.moreResults());
    assertEquals(LEASE_MILLIS, first.response().getTtl());
    assertEquals(1, registry.openCount());
    assertEquals(1, client.quota().open());
    long id = first.scannerId();

    ScanCalls.Answer second = client.next(id, 2, 0);
    assertEquals(id, second.scannerId());
    assertEquals(List.of("r2", "r3"), second.rows());
    assertTrue(second.moreInRegion());

    ScanCalls.Answer last = client.next(id, 2, 1);
    assertEquals(List.of("r4"), last.rows());
    assertFalse(last.moreInRegion(), "the region is done");
    assertTrue(last.moreResults(), "the scan is not: it goes on in the next region");
    assertEquals(0, registry.openCount(), "a scanner is kept only while its region may have more");
    assertEquals(0, client.quota().open());

    ScanCalls.Answer late = client.next(id, 2, 2);
    assertTrue(late.results().isEmpty());
    assertFalse(late.moreResults(), "a call for a scanner just closed is answered quietly");
  }

  @Test
  void aScanThatReadsItsWholeRangeInTheFirstBatchKeepsNoScanner() throws IOException {
    ScanCalls.Answer whole = client.open(high, new Scan(), 100);
    assertEquals(List.of("r5", "r6", "r7", "r8", "r9"), whole.rows());
    assertFalse(whole.moreInRegion());
    assertTrue(whole.moreResults());
    ScanCalls.Answer stopped = client.open(low, new Scan().withStopRow(toBytes("r2")), 100);
    assertEquals(List.of("r0", "r1"), stopped.rows());
    assertFalse(stopped.moreInRegion(), "the scan's range ends inside the region");
    assertEquals(0, registry.openCount());
    assertEquals(0, client.quota().open());
    assertTrue(client.next(whole.scannerId(), 10, 0).results().isEmpty());
  }

  @Test
  void anOpenForNoRowsKeepsTheScannerForTheNextCall() throws IOException {
    ScanCalls.Answer opened = client.open(low, new Scan(), 0);
    assertTrue(opened.results().isEmpty());
    assertTrue(opened.moreInRegion());
    assertEquals(1, registry.openCount());
    assertEquals(List.of("r0", "r1", "r2"), client.next(opened.scannerId(), 3, 0).rows());
  }

  @Test
  void aCallOutOfSequenceIsRefusedAndTheScannerGoesOnFromTheRightOne() throws IOException {
    long id = client.open(low, new Scan(), 1).scannerId();
    assertThrows(OutOfOrderScannerNextException.class, () -> client.next(id, 1, 1));
    assertEquals(List.of("r1"), client.next(id, 1, 0).rows());
    // A retry of a call already answered: the client must not get the next rows as if they were those it missed.
    assertThrows(OutOfOrderScannerNextException.class, () -> client.next(id, 1, 0));
    assertEquals(List.of("r2"), client.next(id, 1, 1).rows());
  }

  @Test
  void aClosedScannerIsReleasedAndCallsForItAreAnsweredQuietlyForALease() throws IOException {
    long id = client.open(low, new Scan(), 1).scannerId();
    ScanCalls.Answer closed = client.close(id);
    assertFalse(closed.moreResults());
    assertFalse(closed.moreInRegion());
    assertEquals(0, registry.openCount());
    assertEquals(0, client.quota().open());
    assertTrue(client.next(id, 1, 0).results().isEmpty());
    assertFalse(client.close(id).moreResults(), "a second close is answered too");
    tables.clock().advance(LEASE_MILLIS + 1);
    assertThrows(UnknownScannerException.class, () -> client.next(id, 1, 0));
  }

  @Test
  void closingWithRowsToReadReturnsThemAndCloses() throws IOException {
    long id = client.open(low, new Scan(), 1).scannerId();
    ScanCalls.Answer answer = client.call(RequestConverter.buildScanRequest(id, 2, true, 0, false, false, -1), 0);
    assertEquals(List.of("r1", "r2"), answer.rows());
    assertEquals(0, registry.openCount());
  }

  @Test
  void anOpenThatAsksToCloseReadsAndClosesInOneCall() throws IOException {
    // What clients before 2.0 sent for a small scan.
    ScanCalls.Answer answer = client.call(RequestConverter.buildScanRequest(low, new Scan(), 2, true), 0);
    assertEquals(List.of("r0", "r1"), answer.rows());
    assertEquals(0, registry.openCount());
    assertEquals(0, client.quota().open());
    assertTrue(client.next(answer.scannerId(), 2, 0).results().isEmpty(), "remembered as closed");
  }

  @Test
  void aRenewalKeepsTheScannerWhereItWasAndTakesASequenceNumber() throws IOException {
    long id = client.open(low, new Scan(), 1).scannerId();
    ScanCalls.Answer renewed = client.renew(id, 0);
    assertTrue(renewed.results().isEmpty());
    assertEquals(1, registry.openCount());
    assertThrows(OutOfOrderScannerNextException.class, () -> client.next(id, 1, 0));
    assertEquals(List.of("r1"), client.next(id, 1, 1).rows());
    assertThrows(OutOfOrderScannerNextException.class, () -> client.renew(id, 1));
  }

  @Test
  void anUnknownScannerIdIsAnUnknownScannerException() {
    assertThrows(UnknownScannerException.class, () -> client.next(12345, 1, 0));
  }

  @Test
  void aReversedScanCrossesItsRegionBackwards() throws IOException {
    List<String> rows = new ArrayList<>();
    ScanCalls.Answer answer = client.open(high, new Scan().setReversed(true).withStartRow(toBytes("r7")), 2);
    rows.addAll(answer.rows());
    int seq = 0;
    while (answer.moreInRegion()) {
      answer = client.next(answer.scannerId(), 2, seq++);
      rows.addAll(answer.rows());
    }
    assertEquals(List.of("r7", "r6", "r5"), rows);
    assertTrue(answer.moreResults(), "the scan goes on in the region before");
  }
}
