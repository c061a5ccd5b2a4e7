package io.basalt.storage;

import io.basalt.storage.keys.CellKeys;
import java.util.Arrays;
import java.util.List;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.CompactRangeOptions;
import org.rocksdb.FlushOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.WriteBatch;

/**
 * What is done to the files of a table's column families as a whole: flushing their memtables, compacting them, and
 * building the range deletions that erase a span of rows. {@link Table} runs these under its lifecycle lock, so the
 * handles stay open meanwhile; nothing here locks rows or tells a dropped table apart.
 */
final class TableFiles {
  private TableFiles() {}

  /** Writes the memtables to SST files and waits for it. */
  static void flush(RocksDB db, List<ColumnFamilyHandle> handles) throws RocksDBException {
    try (FlushOptions options = new FlushOptions().setWaitForFlush(true)) {
      db.flush(options, handles);
    }
  }

  /** Compacts every file into one sorted run per family, and waits for it. */
  static void compact(RocksDB db, List<ColumnFamilyHandle> handles) throws RocksDBException {
    for (ColumnFamilyHandle handle : handles) {
      db.compactRange(handle);
    }
  }

  /**
   * Compacts the files holding rows {@code [lowRow, highRow)} (empty bounds are open) in every family, and waits for
   * it: erased cells and their tombstones leave the files.
   */
  static void compactRows(RocksDB db, List<ColumnFamilyHandle> handles, byte[] lowRow, byte[] highRow)
      throws RocksDBException {
    byte[] low = lowRow.length == 0 ? null : CellKeys.rowStart(lowRow);
    byte[] high = highRow.length == 0 ? null : CellKeys.rowStart(highRow);
    try (CompactRangeOptions options = new CompactRangeOptions()
        // Without this RocksDB leaves the last level's files alone when no compaction filter is set.
        .setBottommostLevelCompaction(CompactRangeOptions.BottommostLevelCompaction.kForceOptimized)
        // RocksDB's own compactions go on meanwhile, so writes arriving during a long rewrite do not stall.
        .setExclusiveManualCompaction(false)) {
      for (ColumnFamilyHandle handle : handles) {
        db.compactRange(handle, low, high, options);
      }
    }
  }

  /**
   * Adds to {@code batch} the range deletions that erase every cell of rows {@code [lowRow, highRow)} (empty bounds
   * are open) in every family. Row keys have no largest value, so an open end is each family's last key: the caller
   * holds every row lock, so no writer can move it before the batch is written.
   */
  static void deleteRows(RocksDB db, List<ColumnFamilyHandle> handles, byte[] lowRow, byte[] highRow,
      WriteBatch batch) throws RocksDBException {
    byte[] low = lowRow.length == 0 ? new byte[0] : CellKeys.rowStart(lowRow);
    byte[] high = highRow.length == 0 ? null : CellKeys.rowStart(highRow);
    for (ColumnFamilyHandle handle : handles) {
      byte[] last = high == null ? lastKey(db, handle) : null;
      byte[] end = high != null ? high : last;
      if (end != null && Arrays.compareUnsigned(low, end) < 0) {
        batch.deleteRange(handle, low, end);
      }
      if (last != null && Arrays.compareUnsigned(low, last) <= 0) {
        batch.delete(handle, last);
      }
    }
  }

  private static byte[] lastKey(RocksDB db, ColumnFamilyHandle handle) throws RocksDBException {
    try (RocksIterator iterator = db.newIterator(handle)) {
      iterator.seekToLast();
      if (!iterator.isValid()) {
        iterator.status();
        return null;
      }
      return iterator.key();
    }
  }
}
