package io.basalt.hbase.scanner;

import io.basalt.hbase.read.RegionScanner;
import org.apache.hadoop.hbase.exceptions.OutOfOrderScannerNextException;

/**
 * A scanner between RPCs: the region scanner, the call sequence the client must follow, the bytes it may receive
 * per call and the lease that expires it when the client goes quiet. Callers synchronize on it while using it.
 */
public final class OpenScanner {
  private final long id;
  private final RegionScanner scanner;
  private final long maxResultBytes;
  private final boolean needsCursor;
  private long nextCallSeq;
  private volatile long lastTouchedMillis;
  private boolean closed;

  OpenScanner(long id, RegionScanner scanner, long maxResultBytes, boolean needsCursor, long nowMillis) {
    this.id = id;
    this.scanner = scanner;
    this.maxResultBytes = maxResultBytes;
    this.needsCursor = needsCursor;
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

  public boolean isClosed() {
    return closed;
  }

  /** Checks the client's sequence number for this call and advances it, as HBase does for every next or renew. */
  public void checkAndAdvanceCallSeq(long clientSeq) throws OutOfOrderScannerNextException {
    if (clientSeq != nextCallSeq) {
      throw new OutOfOrderScannerNextException("Expected nextCallSeq: " + nextCallSeq
          + " But the nextCallSeq got from client: " + clientSeq + "; scanner id " + id);
    }
    nextCallSeq++;
  }

  void touch(long nowMillis) {
    lastTouchedMillis = nowMillis;
  }

  long lastTouchedMillis() {
    return lastTouchedMillis;
  }

  /** Closes the region scanner; must be called while holding this object's monitor. */
  void closeScanner() {
    if (!closed) {
      closed = true;
      scanner.close();
    }
  }
}
