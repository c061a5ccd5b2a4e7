package io.basalt.storage;

import java.util.List;
import java.util.Map;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;

/**
 * RocksDB's own account of the store, read from the properties it keeps anyway (the block cache's lookups, which
 * only its statistics count, are {@link BlockCacheFigures}): how long writes stalled and how often they were stopped or
 * slowed, the compaction backlog, memory held by memtables, the block cache and table readers, and bytes written by
 * clients, to the log, and to sorted files by flushes and compactions, whose ratio to the clients' bytes is the write
 * amplification.
 *
 * @param writeStallMicros time client writes spent stalled
 * @param writeStops times writes were stopped (a memtable, level-0 or pending-compaction limit)
 * @param writeDelays times writes were slowed down
 * @param writeStopped whether writes are stopped now
 * @param delayedWriteRate bytes per second writes are held to now, 0 when not slowed
 * @param pendingCompactionBytes bytes compactions estimate they must rewrite to bring levels under their targets
 * @param runningCompactions compactions running now
 * @param runningFlushes flushes running now
 * @param memtableBytes bytes held by all memtables, active and immutable
 * @param immutableMemtables memtables waiting to be flushed
 * @param blockCacheBytes bytes in the block cache (shared by every family)
 * @param blockCachePinnedBytes bytes of the block cache pinned by readers
 * @param tableReaderBytes memory of open sorted files' indexes and filters outside the block cache
 * @param liveFileBytes bytes of the sorted files the current version uses
 * @param userBytesWritten bytes clients wrote
 * @param logBytesWritten bytes written to the write-ahead log
 * @param fileBytesWritten bytes flushes and compactions wrote to sorted files
 */
public record EngineFigures(long writeStallMicros, long writeStops, long writeDelays, boolean writeStopped,
    long delayedWriteRate, long pendingCompactionBytes, long runningCompactions, long runningFlushes,
    long memtableBytes, long immutableMemtables, long blockCacheBytes, long blockCachePinnedBytes,
    long tableReaderBytes, long liveFileBytes, long userBytesWritten, long logBytesWritten, long fileBytesWritten) {

  private static final double GIGABYTE = 1L << 30;

  /** Sorted-file bytes written per byte clients wrote; 0 before anything was written. */
  public double writeAmplification() {
    return userBytesWritten == 0 ? 0 : (double) fileBytesWritten / userBytesWritten;
  }

  /** Reads the figures of {@code db} and its {@code families}, every one of which must stay open meanwhile. */
  static EngineFigures measure(RocksDB db, List<ColumnFamilyHandle> families) throws RocksDBException {
    long stops = 0;
    long delays = 0;
    double fileGigabytes = 0;
    long pending = 0;
    long memtables = 0;
    long immutable = 0;
    long readers = 0;
    long live = 0;
    for (ColumnFamilyHandle family : families) {
      Map<String, String> stats = db.getMapProperty(family, "rocksdb.cfstats");
      stops += (long) number(stats, "total-stops");
      delays += (long) number(stats, "total-delays");
      fileGigabytes += number(stats, "compaction.Sum.WriteGB");
      pending += db.getLongProperty(family, "rocksdb.estimate-pending-compaction-bytes");
      memtables += db.getLongProperty(family, "rocksdb.cur-size-all-mem-tables");
      immutable += db.getLongProperty(family, "rocksdb.num-immutable-mem-table");
      readers += db.getLongProperty(family, "rocksdb.estimate-table-readers-mem");
      live += db.getLongProperty(family, "rocksdb.live-sst-files-size");
    }
    long running = db.getLongProperty("rocksdb.num-running-compactions");
    long flushes = db.getLongProperty("rocksdb.num-running-flushes");
    Map<String, String> dbStats = db.getMapProperty("rocksdb.dbstats");
    return new EngineFigures((long) number(dbStats, "db.user_write_stall_micros"), stops, delays,
        db.getLongProperty("rocksdb.is-write-stopped") != 0, db.getLongProperty("rocksdb.actual-delayed-write-rate"),
        pending, running, flushes, memtables, immutable, db.getLongProperty("rocksdb.block-cache-usage"),
        db.getLongProperty("rocksdb.block-cache-pinned-usage"), readers, live,
        (long) number(dbStats, "db.user_bytes_written"), (long) number(dbStats, "db.wal_bytes_written"),
        Math.round(fileGigabytes * GIGABYTE));
  }

  /** A figure of a statistics map; absent (an older or newer RocksDB's map) reads as zero. */
  private static double number(Map<String, String> stats, String key) {
    String value = stats.get(key);
    return value == null ? 0 : Double.parseDouble(value);
  }
}
