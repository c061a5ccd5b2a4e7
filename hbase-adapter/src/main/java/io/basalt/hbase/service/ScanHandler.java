package io.basalt.hbase.service;

import io.basalt.hbase.read.RegionScanner;
import io.basalt.hbase.region.Region;
import io.basalt.hbase.rpc.CallContext;
import io.basalt.hbase.scanner.OpenScanner;
import io.basalt.hbase.scanner.ScannerRegistry;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.NotServingRegionException;
import org.apache.hadoop.hbase.UnknownScannerException;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.exceptions.ScannerResetException;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.ScanRequest;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.ScanResponse;

/**
 * The scanner protocol of ClientService.Scan: open (with a first batch), next (checked against the call
 * sequence), lease renewal, and close. A region scanner stays registered only while its region may have more rows;
 * every response states {@code more_results_in_region} explicitly.
 */
final class ScanHandler {
  private final RegionResolver regions;
  private final ScannerRegistry scanners;
  private final long maxResultBytesCap;

  ScanHandler(RegionResolver regions, ScannerRegistry scanners, long maxResultBytesCap) {
    this.regions = regions;
    this.scanners = scanners;
    this.maxResultBytesCap = maxResultBytesCap;
  }

  ScanResponse scan(CallContext call, ScanRequest request) throws IOException {
    return request.hasScannerId() ? continueScan(call, request) : openScan(call, request);
  }

  private ScanResponse openScan(CallContext call, ScanRequest request) throws IOException {
    Region region = regions.resolve(request.getRegion());
    Scan scan = ProtobufUtil.toScan(request.getScan());
    long maxBytes = scan.getMaxResultSize() > 0 ? Math.min(scan.getMaxResultSize(), maxResultBytesCap)
        : maxResultBytesCap;
    RegionScanner scanner = region.openScanner(scan);
    long id = scanners.newId();
    OpenScanner entry = scanners.register(id, scanner, maxBytes);
    ScanResponse.Builder response = ScanResponse.newBuilder()
        .setScannerId(id)
        .setTtl((int) Math.min(scanners.leaseMillis(), Integer.MAX_VALUE))
        .setMvccReadPoint(0);
    synchronized (entry) {
      return fetch(call, request, entry, response);
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
      if (request.getCloseScanner() && request.getNumberOfRows() == 0) {
        scanners.close(entry);
        return response.setMoreResults(false).setMoreResultsInRegion(false).build();
      }
      if (request.hasNextCallSeq()) {
        entry.checkAndAdvanceCallSeq(request.getNextCallSeq());
      }
      if (request.getRenew()) {
        return response.setMoreResults(true).setMoreResultsInRegion(true).build();
      }
      return fetch(call, request, entry, response);
    }
  }

  /** Reads the next batch, closing the scanner when its region, the row limit, or the client says it is done. */
  private ScanResponse fetch(CallContext call, ScanRequest request, OpenScanner entry,
      ScanResponse.Builder response) throws IOException {
    int rows = request.getNumberOfRows();
    boolean limited = request.getLimitOfRows() > 0;
    if (limited) {
      rows = Math.min(rows, request.getLimitOfRows());
    }
    RegionScanner.Batch batch;
    try {
      batch = rows > 0 ? entry.scanner().next(rows, entry.maxResultBytes())
          : new RegionScanner.Batch(List.of(), true);
    } catch (NotServingRegionException | DoNotRetryIOException e) {
      scanners.discard(entry);
      throw e;
    } catch (IOException | RuntimeException e) {
      // The scanner is gone; the client reopens from the last row it received.
      scanners.discard(entry);
      throw new ScannerResetException("scanner " + entry.id() + " failed and was closed: " + e);
    }
    boolean limitReached = limited && batch.results().size() >= request.getLimitOfRows();
    boolean moreInRegion = batch.moreInRegion() && !limitReached;
    addResults(call, response, batch);
    response.setMoreResultsInRegion(moreInRegion).setMoreResults(!limitReached);
    if (!moreInRegion || request.getCloseScanner()) {
      scanners.close(entry);
    }
    return response.build();
  }

  private static void addResults(CallContext call, ScanResponse.Builder response, RegionScanner.Batch batch) {
    for (Result result : batch.results()) {
      if (call.cellBlocksSupported()) {
        response.addCellsPerResult(result.size());
        response.addPartialFlagPerResult(false);
        call.addResponseCells(result.listCells());
      } else {
        response.addResults(ProtobufUtil.toResult(result));
      }
    }
  }
}
