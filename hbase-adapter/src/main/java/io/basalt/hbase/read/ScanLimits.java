package io.basalt.hbase.read;

/**
 * How much one scan response may carry.
 *
 * @param maxResults most Results (pieces of rows count one each)
 * @param maxCompleteRows most complete rows, for the scan's row limit
 * @param maxBytes cell bytes after which the response is sent
 * @param partialRowsAllowed whether a row may be cut between cells when {@code maxBytes} is reached (the client
 *     reassembles it); otherwise only whole rows are returned
 * @param deadlineNanos {@link System#nanoTime()} after which the scanner returns what it has, possibly nothing, as
 *     a heartbeat; 0 for no deadline (clients that do not understand heartbeats)
 */
public record ScanLimits(int maxResults, int maxCompleteRows, long maxBytes, boolean partialRowsAllowed,
    long deadlineNanos) {

  /** One whole row, no deadline: what a Get needs. */
  public static ScanLimits oneRow() {
    return new ScanLimits(1, 1, Long.MAX_VALUE, false, 0);
  }

  /** @param nowNanos {@link System#nanoTime()} read by the caller */
  boolean pastDeadline(long nowNanos) {
    return deadlineNanos != 0 && nowNanos - deadlineNanos > 0;
  }
}
