package io.basalt.hbase.scan;

import io.basalt.hbase.read.RegionScanner;
import io.basalt.hbase.rpc.ScannerQuota;
import org.apache.hadoop.hbase.exceptions.OutOfOrderScannerNextException;

/**
 * A scanner between RPCs: the region scanner, the call sequence the client must follow, the bytes it may receive
 * per call, the lease that expires it when the client goes quiet, the connection quota it counts against and the
 * user who opened it.
 * Callers synchronize on it while using it.
 */
public final class OpenScanner {
  private final long id;
  private final RegionScanner scanner;
  private final long maxResultBytes;
  private final boolean needsCursor;
  private final ScannerQuota quota;
  private final String owner;
  private final boolean wholeRegion;
  private long nextCallSeq;
  private volatile long lastTouchedMillis;
  private boolean closed;

  OpenScanner(long id, RegionScanner scanner, long maxResultBytes, boolean needsCursor, ScannerQuota quota,
      String owner, boolean wholeRegion, long nowMillis) {
    this.id = id;
    this.scanner = scanner;
    this.maxResultBytes = maxResultBytes;
    this.needsCursor = needsCursor;
    this.quota = quota;
    this.owner = owner;
    this.wholeRegion = wholeRegion;
    this.lastTouchedMillis = nowMillis;
  }

  public long id() {
    return id;
  }

  public RegionScanner scanner() {
    return scanner;
  }

  public long maxResultBytes() {
    return maxResultBytes;
  }

  /** Whether the client asked for the row a heartbeat stopped at (Scan.setNeedCursorResult). */
  public boolean needsCursor() {
    return needsCursor;
  }

  /** The short name of the user who opened it, the only one (besides superusers) who may go on with it. */
  public String owner() {
    return owner;
  }

  /** Whether the scan's range covers its whole region, which HBase's metrics count as a full region scan. */
  public boolean wholeRegion() {
    return wholeRegion;
  }

  public boolean isClosed() {
    return closed;
  }

  /** Checks the client's sequence number for this call, as HBase does for every next or renew. */
  public void checkCallSeq(long clientSeq) throws OutOfOrderScannerNextException {
    if (clientSeq != nextCallSeq) {
      throw new OutOfOrderScannerNextException("Expected nextCallSeq: " + nextCallSeq
          + " But the nextCallSeq got from client: " + clientSeq + "; scanner id " + id);
    }
  }

  /**
   * Expects the next sequence number: once the call has been answered, or has failed in a way that closes the
   * scanner. A call that gave up to run again where it may wait has not been answered.
   */
  public void advanceCallSeq() {
    nextCallSeq++;
  }

  void touch(long nowMillis) {
    lastTouchedMillis = nowMillis;
  }

  long lastTouchedMillis() {
    return lastTouchedMillis;
  }

  /** Closes the region scanner and gives its place back to the quota; call it holding this object's monitor. */
  void closeScanner() {
    if (!closed) {
      closed = true;
      quota.release();
      scanner.close();
    }
  }
}
