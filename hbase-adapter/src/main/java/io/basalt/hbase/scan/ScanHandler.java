package io.basalt.hbase.scan;

import io.basalt.hbase.metrics.RequestMetrics;
import io.basalt.hbase.read.RegionScanner;
import io.basalt.hbase.read.ScanLimits;
import io.basalt.hbase.region.Region;
import io.basalt.hbase.region.RegionResolver;
import io.basalt.hbase.rpc.CallContext;
import io.basalt.hbase.security.DataPermissions;
import io.basalt.storage.errors.WouldBlockException;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.NotServingRegionException;
import org.apache.hadoop.hbase.PrivateCellUtil;
import org.apache.hadoop.hbase.UnknownScannerException;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.exceptions.ScannerResetException;
import org.apache.hadoop.hbase.filter.IncompatibleFilterException;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.ScanRequest;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.ScanResponse;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hbase.thirdparty.com.google.protobuf.ByteString;

/**
 * The scanner protocol of ClientService.Scan: open (with a first batch), next (checked against the call
 * sequence), lease renewal, and close. A region scanner stays registered only while its region may have more rows;
 * every response states {@code more_results_in_region} explicitly. Long scans that find little (heavy filters)
 * return early with a heartbeat when the client understands heartbeats, so it never times out waiting.
 *
 * <p>A call for a few rows of a forward scan without a filter is short (see {@link #isShort}): it may run on the
 * thread that read it, refusing to wait, and where it would wait it gives up having changed nothing (a scanner it
 * opened is discarded, one it continued is back where it was), to run again on a handler.
 */
public final class ScanHandler {
  /**
   * Most rows a short call may ask for. PE and YCSB ask for 30 and up to 100 per call; clients that leave the
   * caching at HBase's default ask for as many as fit in the size limit, and those calls are long.
   */
  public static final int SHORT_CALL_MAX_ROWS = 100;

  private final RegionResolver regions;
  private final ScannerRegistry scanners;
  private final long maxResultBytesCap;
  private final RequestMetrics metrics;

  public ScanHandler(RegionResolver regions, ScannerRegistry scanners, long maxResultBytesCap,
      RequestMetrics metrics) {
    this.regions = regions;
    this.scanners = scanners;
    this.maxResultBytesCap = maxResultBytesCap;
    this.metrics = metrics;
  }

  /**
   * Whether a call may be tried on the thread that read it: it opens a forward scan without a filter (whose code
   * may take any time) or continues a scanner that can undo a batch, for at most {@link #SHORT_CALL_MAX_ROWS}
   * rows; or it only closes or renews a scanner, or names one that is gone.
   */
  public boolean isShort(ScanRequest request) {
    if (request.getNumberOfRows() > SHORT_CALL_MAX_ROWS) {
      return false;
    }
    if (!request.hasScannerId()) {
      return !request.getScan().hasFilter() && !request.getScan().getReversed();
    }
    if (request.getRenew() || (request.getCloseScanner() && request.getNumberOfRows() == 0)) {
      return true;
    }
    OpenScanner entry = scanners.peek(request.getScannerId());
    return entry == null || entry.scanner().readsWithoutWaiting();
  }

  public ScanResponse scan(CallContext call, ScanRequest request) throws IOException {
    return request.hasScannerId() ? continueScan(call, request) : openScan(call, request);
  }

  private ScanResponse openScan(CallContext call, ScanRequest request) throws IOException {
    Region region = regions.resolve(request.getRegion());
    Scan scan = toScan(request.getScan());
    DataPermissions.checkScan(call.permissions(), region.info().getTable(), region.families(), scan);
    long maxBytes = scan.getMaxResultSize() > 0 ? Math.min(scan.getMaxResultSize(), maxResultBytesCap)
        : maxResultBytesCap;
    call.scannerQuota().acquire();
    RegionScanner scanner;
    try {
      scanner = region.openScanner(scan, call.waiting());
    } catch (IOException | RuntimeException e) {
      call.scannerQuota().release();
      throw e;
    }
    long id = scanners.newId();
    OpenScanner entry = scanners.register(id, scanner, maxBytes, scan.isNeedCursorResult(), call.scannerQuota(),
        call.user().shortName(), coversRegion(scan, region.info()));
    ScanResponse.Builder response = ScanResponse.newBuilder()
        .setScannerId(id)
        .setTtl((int) Math.min(scanners.leaseMillis(), Integer.MAX_VALUE))
        .setMvccReadPoint(0);
    synchronized (entry) {
      ScanResponse answer;
      try {
        answer = fetch(call, request, entry, response);
      } catch (WouldBlockException e) {
        // Nothing was answered: the scan is opened again, from scratch, where it may wait.
        scanners.discard(entry);
        throw e;
      }
      countFullRegion(entry);
      return answer;
    }
  }

  /**
   * Whether a scan's range covers its whole region: what HBase counts as a full region scan (starting at or before
   * the region's start, and ending at or after its end).
   */
  private static boolean coversRegion(Scan scan, RegionInfo region) {
    byte[] end = region.getEndKey();
    byte[] stop = scan.getStopRow();
    return Bytes.compareTo(scan.getStartRow(), region.getStartKey()) <= 0
        && (stop.length == 0 || (end.length > 0 && Bytes.compareTo(stop, end) >= 0));
  }

  private void countFullRegion(OpenScanner entry) {
    if (entry.wholeRegion()) {
      metrics.fullRegionScanCall();
    }
  }

  private ScanResponse continueScan(CallContext call, ScanRequest request) throws IOException {
    long id = request.getScannerId();
    OpenScanner entry = scanners.lookup(id);
    ScanResponse.Builder response = ScanResponse.newBuilder().setScannerId(id);
    if (entry == null) {
      // Closed a moment ago (region exhausted or closed by the client): nothing more to say.
      return response.setMoreResults(false).setMoreResultsInRegion(false).build();
    }
    synchronized (entry) {
      if (entry.isClosed()) {
        throw new UnknownScannerException("Scanner " + id + " was closed because its lease expired");
      }
      call.permissions().requireScannerOwner(entry.owner());
      countFullRegion(entry);
      if (request.getCloseScanner() && request.getNumberOfRows() == 0) {
        scanners.close(entry);
        return response.setMoreResults(false).setMoreResultsInRegion(false).build();
      }
      if (request.hasNextCallSeq()) {
        entry.checkCallSeq(request.getNextCallSeq());
      }
      if (request.getRenew()) {
        advanceCallSeq(request, entry);
        return response.setMoreResults(true).setMoreResultsInRegion(true).build();
      }
      // A WouldBlockException leaves the scanner as it was, this call's sequence number still expected.
      ScanResponse answer = fetch(call, request, entry, response);
      advanceCallSeq(request, entry);
      return answer;
    }
  }

  private static void advanceCallSeq(ScanRequest request, OpenScanner entry) {
    if (request.hasNextCallSeq()) {
      entry.advanceCallSeq();
    }
  }

  /**
   * The client's Scan. A batch size with a filter that must see whole rows is refused here, for good: HBase fails
   * it with a plain IOException that clients retry until they give up.
   */
  private static Scan toScan(ClientProtos.Scan proto) throws IOException {
    try {
      return ProtobufUtil.toScan(proto);
    } catch (IncompatibleFilterException e) {
      throw new DoNotRetryIOException(e.getMessage(), e);
    }
  }

  /** Reads the next batch, closing the scanner when its region, the row limit, or the client says it is done. */
  private ScanResponse fetch(CallContext call, ScanRequest request, OpenScanner entry,
      ScanResponse.Builder response) throws IOException {
    int rows = request.hasNumberOfRows() ? request.getNumberOfRows() : (request.getCloseScanner() ? 0 : 1);
    if (rows <= 0) {
      response.setMoreResultsInRegion(true).setMoreResults(true);
      if (request.getCloseScanner()) {
        scanners.close(entry);
      }
      return response.build();
    }
    int rowLimit = request.getLimitOfRows() > 0 ? request.getLimitOfRows() : Integer.MAX_VALUE;
    long start = System.nanoTime();
    RegionScanner.Batch batch;
    try {
      batch = entry.scanner().next(limits(call, request, entry, rows, rowLimit), call.waiting());
    } catch (WouldBlockException e) {
      throw e; // not a failure: the caller runs the call again where it may wait
    } catch (NotServingRegionException | DoNotRetryIOException e) {
      scanners.discard(entry);
      throw e;
    } catch (IOException | RuntimeException e) {
      // The scanner is gone; the client reopens from the last row it received.
      scanners.discard(entry);
      throw new ScannerResetException("scanner " + entry.id() + " failed and was closed: " + e);
    }
    long cellBytes = addResults(call, response, batch.results());
    RegionInfo region = entry.scanner().region();
    metrics.scan(region, start, batch.results(), cellBytes);
    metrics.rowsRead(region, batch.readRequests());
    boolean limitReached = completeRows(batch.results()) >= rowLimit;
    // A filter that wants no more rows ends the whole scan only if this region gave nothing, as in HBase.
    boolean moreResults = !limitReached && !(batch.filterDone() && batch.results().isEmpty());
    boolean moreInRegion = batch.moreInRegion() && moreResults;
    response.setMoreResultsInRegion(moreInRegion).setMoreResults(moreResults);
    if (batch.heartbeat() && moreInRegion) {
      response.setHeartbeatMessage(true);
      if (entry.needsCursor() && batch.lastRow() != null) {
        response.setCursor(ClientProtos.Cursor.newBuilder().setRow(ByteString.copyFrom(batch.lastRow())));
      }
    }
    if (!moreInRegion || request.getCloseScanner()) {
      scanners.close(entry);
    }
    return response.build();
  }

  /**
   * Limits of one response: the rows asked for, the byte cap, rows cut between cells only for clients that put
   * them back together, and a deadline (half the lease or of the client's timeout) only for clients that
   * understand heartbeats.
   */
  private ScanLimits limits(CallContext call, ScanRequest request, OpenScanner entry, int rows, int rowLimit) {
    boolean partials = request.getClientHandlesPartials();
    long deadline = 0;
    if (partials && request.getClientHandlesHeartbeats()) {
      long budgetMillis = scanners.leaseMillis() / 2;
      if (call.timeoutMillis() > 0) {
        budgetMillis = Math.min(budgetMillis, call.timeoutMillis() / 2);
      }
      deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(Math.max(budgetMillis, 10));
    }
    return new ScanLimits(rows, rowLimit, entry.maxResultBytes(), partials, deadline);
  }

  private static int completeRows(List<Result> results) {
    int complete = 0;
    for (Result result : results) {
      if (!result.mayHaveMoreCellsInRow()) {
        complete++;
      }
    }
    return complete;
  }

  /** Adds the results to the response; returns the bytes of their cells, as HBase sizes a scan's response. */
  private static long addResults(CallContext call, ScanResponse.Builder response, List<Result> results) {
    response.setStale(false); // as HBase marks every batch of results from a primary region
    long cellBytes = 0;
    for (Result result : results) {
      Cell[] cells = result.rawCells();
      for (int i = 0; cells != null && i < cells.length; i++) {
        cellBytes += PrivateCellUtil.estimatedSerializedSizeOf(cells[i]);
      }
      if (call.cellBlocksSupported()) {
        response.addCellsPerResult(result.size());
        response.addPartialFlagPerResult(result.mayHaveMoreCellsInRow());
        call.addResponseCells(result.listCells());
      } else {
        response.addResults(ProtobufUtil.toResult(result));
      }
    }
    return cellBytes;
  }
}
