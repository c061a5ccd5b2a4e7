package io.basalt.hbase.rpc;

import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.hbase.DoNotRetryIOException;

/**
 * How many scanners one client connection may hold open at once. A client that opens scanners and never closes
 * them would otherwise pin storage snapshots until every lease runs out; past the limit, opening another fails at
 * once with a {@link DoNotRetryIOException} naming the setting, instead of the client retrying into the same wall.
 */
public final class ScannerQuota {
  private final int limit;
  private final String setting;
  private final AtomicInteger open = new AtomicInteger();

  /** @param setting the configuration property that sets {@code limit}, named in the error */
  public ScannerQuota(int limit, String setting) {
    if (limit <= 0) {
      throw new IllegalArgumentException("a scanner limit must be positive, not " + limit);
    }
    this.limit = limit;
    this.setting = setting;
  }

  /** A quota no connection reaches, for callers that have no connection (tests, internal calls). */
  public static ScannerQuota unlimited() {
    return new ScannerQuota(Integer.MAX_VALUE, "none");
  }

  /** Takes one scanner from the quota; the caller must {@link #release()} it when the scanner closes. */
  public void acquire() throws DoNotRetryIOException {
    int now = open.incrementAndGet();
    if (now > limit) {
      open.decrementAndGet();
      throw new DoNotRetryIOException("this connection already has " + limit + " open scanners, the most "
          + "allowed (" + setting + "); close scanners when done with them");
    }
  }

  public void release() {
    open.decrementAndGet();
  }

  public int open() {
    return open.get();
  }
}
