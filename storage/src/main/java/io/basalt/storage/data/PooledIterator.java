package io.basalt.storage.data;

import java.nio.ByteBuffer;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.DirectSlice;
import org.rocksdb.ReadOptions;
import org.rocksdb.ReadTier;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;

/**
 * A RocksDB iterator over one family that outlives the cursor it served, with the read options and the two bounds
 * it reads through. The iterator keeps a pointer to the bounds, not a copy, so rewriting them in place moves the
 * range of its next seek; RocksDB re-reads both bounds at every seek and every step.
 */
final class PooledIterator {
  /** Longest bound kept in place; a cursor over longer rows opens iterators of its own. */
  static final int BOUND_CAPACITY = 1024;

  private final ColumnFamilyHandle handle;
  private final boolean nonBlocking;
  private final long generation;
  private final ByteBuffer lowBuffer = ByteBuffer.allocateDirect(BOUND_CAPACITY);
  private final ByteBuffer highBuffer = ByteBuffer.allocateDirect(BOUND_CAPACITY);
  private final DirectSlice lowBound = new DirectSlice(lowBuffer, 0);
  private final DirectSlice highBound = new DirectSlice(highBuffer, 0);
  private final ReadOptions options;
  private final RocksIterator iterator;
  private long idleSinceNanos;

  /** Opens an iterator over {@code handle}, reading only the memtables and block cache when {@code nonBlocking}. */
  PooledIterator(RocksDB db, ColumnFamilyHandle handle, boolean nonBlocking, long generation) {
    this.handle = handle;
    this.nonBlocking = nonBlocking;
    this.generation = generation;
    this.options = new ReadOptions().setIterateLowerBound(lowBound).setIterateUpperBound(highBound);
    if (nonBlocking) {
      options.setReadTier(ReadTier.BLOCK_CACHE_TIER);
    }
    this.iterator = db.newIterator(handle, options);
  }

  static boolean fits(byte[] lowKey, byte[] highKey) {
    return lowKey.length <= BOUND_CAPACITY && highKey.length <= BOUND_CAPACITY;
  }

  /** Sets the range of the next seeks; both keys must {@link #fits fit}. */
  void bind(byte[] lowKey, byte[] highKey) {
    lowBuffer.clear();
    lowBuffer.put(lowKey);
    lowBound.setLength(lowKey.length);
    highBuffer.clear();
    highBuffer.put(highKey);
    highBound.setLength(highKey.length);
  }

  /**
   * Moves the iterator onto the database's latest state, as a new one would read: cheap when no flush or compaction
   * changed the family's files since, a rebuild of its sources when one did. The iterator is left unpositioned.
   */
  void refresh() throws RocksDBException {
    iterator.refresh();
  }

  RocksIterator iterator() {
    return iterator;
  }

  ColumnFamilyHandle handle() {
    return handle;
  }

  boolean nonBlocking() {
    return nonBlocking;
  }

  long generation() {
    return generation;
  }

  /** Whether the iterator's last reads all succeeded; one that failed or stopped short is not reused. */
  boolean healthy() {
    try {
      iterator.status();
      return true;
    } catch (RocksDBException e) {
      return false;
    }
  }

  void idleSince(long nanos) {
    idleSinceNanos = nanos;
  }

  long idleSinceNanos() {
    return idleSinceNanos;
  }

  /** Closes the iterator, which releases the files and memtables it pins, then what it read through. */
  void close() {
    iterator.close();
    options.close();
    lowBound.close();
    highBound.close();
  }
}
