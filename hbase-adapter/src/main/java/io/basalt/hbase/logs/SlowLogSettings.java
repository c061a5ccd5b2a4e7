package io.basalt.hbase.logs;

/**
 * When a call is recorded in the slow and large log, with HBase 2.6's settings: the buffer
 * ({@code hbase.regionserver.slowlog.buffer.enabled}, off by default) of {@code capacity} calls
 * ({@code hbase.regionserver.slowlog.ringbuffer.size}), a call slower than {@code warnMillis}
 * ({@code hbase.ipc.warn.response.time}) or answering more than {@code warnBytes}
 * ({@code hbase.ipc.warn.response.size}); scans with thresholds of their own ({@code .scan}). A threshold of -1 turns
 * its check off.
 */
public record SlowLogSettings(boolean enabled, int capacity, long warnMillis, long warnBytes, long warnScanMillis,
    long warnScanBytes) {
  /** HBase's defaults: the buffer off, 256 calls, 10 s, 100 MiB. */
  public static SlowLogSettings defaults() {
    return new SlowLogSettings(false, 256, 10_000, 100L << 20, 10_000, 100L << 20);
  }
}
