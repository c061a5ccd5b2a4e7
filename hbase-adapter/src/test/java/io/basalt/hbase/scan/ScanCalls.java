package io.basalt.hbase.scan;

import static org.junit.jupiter.api.Assertions.assertFalse;

import io.basalt.hbase.rpc.CallContext;
import io.basalt.hbase.rpc.ScannerQuota;
import io.basalt.hbase.security.RequestUser;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.CellScanner;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.shaded.protobuf.RequestConverter;
import org.apache.hadoop.hbase.shaded.protobuf.ResponseConverter;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.ScanRequest;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.ScanResponse;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Scan calls of one client connection, made as the stock client makes them ({@link RequestConverter}, a cell block
 * for the results, partial rows and heartbeats understood), and their answers read back as the client reads them.
 */
final class ScanCalls {
  private final ScanHandler handler;
  private final ScannerQuota quota;

  ScanCalls(ScanHandler handler, ScannerQuota quota) {
    this.handler = handler;
    this.quota = quota;
  }

  ScannerQuota quota() {
    return quota;
  }

  Answer open(byte[] regionName, Scan scan, int rows) throws IOException {
    return call(RequestConverter.buildScanRequest(regionName, scan, rows, false), 0);
  }

  Answer next(long scannerId, int rows, long callSeq) throws IOException {
    return call(RequestConverter.buildScanRequest(scannerId, rows, false, callSeq, false, false, -1), 0);
  }

  Answer close(long scannerId) throws IOException {
    return call(RequestConverter.buildScanRequest(scannerId, 0, true, false), 0);
  }

  Answer renew(long scannerId, long callSeq) throws IOException {
    return call(RequestConverter.buildScanRequest(scannerId, 0, false, callSeq, false, true, -1), 0);
  }

  /** Makes a call that the client will wait {@code timeoutMillis} for (0: no limit). */
  Answer call(ScanRequest request, int timeoutMillis) throws IOException {
    CallContext call = new CallContext(null, true, RequestUser.simple("test"), timeoutMillis, quota);
    ScanResponse response = handler.scan(call, request);
    return new Answer(response, call.responseCells().isEmpty() && response.getCellsPerResultCount() == 0 ? null
        : CellUtil.createCellScanner(call.responseCells()));
  }

  /** A response and its Results, each with the client's flag for a row continued in the next Result. */
  record Answer(ScanResponse response, List<Result> results) {
    Answer(ScanResponse response, CellScanner cells) throws IOException {
      this(response, cells == null ? List.of() : List.of(ResponseConverter.getResults(cells, response)));
      if (cells != null) {
        assertFalse(cells.advance(), "a cell no Result took");
      }
    }

    long scannerId() {
      return response.getScannerId();
    }

    boolean moreInRegion() {
      return response.getMoreResultsInRegion();
    }

    boolean moreResults() {
      return response.getMoreResults();
    }

    /** The rows of the Results, one entry per Result. */
    List<String> rows() {
      List<String> rows = new ArrayList<>();
      for (Result result : results) {
        rows.add(Bytes.toString(result.getRow()));
      }
      return rows;
    }
  }
}
