package io.basalt.storage.data;

import io.basalt.storage.errors.StorageException;
import java.util.List;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ReadOptions;
import org.rocksdb.ReadTier;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Slice;
import org.rocksdb.Snapshot;

/**
 * A {@link TableCursor}'s RocksDB iterators, one per family, all over one state of the database, with what they
 * read through: the range's bounds, the read tier, and for a resumable set opened without waiting, a snapshot of its
 * own, over which {@link #reopenBlocking()} opens iterators that may wait. Also the check of their status, which
 * is where RocksDB reports both a failed read and a block it did not read because it must not wait.
 *
 * <p>A cursor over one family between two bounds borrows its iterator from the table's {@link IteratorPool} and
 * gives it back on closing; the others open and close their own.
 */
final class CursorIterators {
  private final RocksDB db;
  private final String tableName;
  private final IteratorOpener reopener;
  private final IteratorPool pool;
  private final PooledIterator pooled;
  private final Snapshot snapshot;
  private final Slice upperBound;
  private final Slice lowerBound;
  private final boolean fillCache;
  private final boolean memtablesOnly;
  private FamilyIterator[] iterators;
  private ReadOptions readOptions;
  private volatile boolean nonBlocking;

  /**
   * Opens the iterators.
   *
   * @param waiting whether reads may wait for blocks not in the block cache
   * @param lowKey first key in range, or empty for none
   * @param highKey first key past the range, or null for none
   * @param reopener how to open the iterators again, for a set that can go on blocking; null if it never needs to
   * @param fillCache whether blocks read from disk enter the block cache
   * @param pool where a cursor over one family between two bounds borrows its iterator; null for none
   * @param memtablesOnly whether only what the memtables hold is read, none of what was flushed to files
   */
  CursorIterators(RocksDB db, String tableName, List<ColumnFamilyHandle> handles, byte[] lowKey, byte[] highKey,
      Waiting waiting, IteratorOpener reopener, boolean fillCache, IteratorPool pool, boolean memtablesOnly) {
    this.db = db;
    this.tableName = tableName;
    this.fillCache = fillCache;
    this.memtablesOnly = memtablesOnly;
    this.nonBlocking = waiting == Waiting.REFUSED;
    // Only iterators that may have to go on blocking need a snapshot of their own; the others pin their own state.
    this.reopener = nonBlocking ? reopener : null;
    this.pool = pool;
    this.pooled = borrows(pool, handles, lowKey, highKey)
        ? pool.acquire(handles.get(0), nonBlocking, lowKey, highKey) : null;
    if (pooled != null) {
      this.snapshot = null;
      this.upperBound = null;
      this.lowerBound = null;
      this.iterators = new FamilyIterator[] {new FamilyIterator(pooled.iterator(), tableName, nonBlocking)};
      return;
    }
    this.snapshot = this.reopener == null ? null : db.getSnapshot();
    this.upperBound = highKey == null ? null : new Slice(highKey);
    this.lowerBound = lowKey.length == 0 ? null : new Slice(lowKey);
    this.readOptions = readOptions(nonBlocking);
    try {
      // newIterators takes one consistent view across all the families.
      this.iterators = wrap(db.newIterators(handles, readOptions), nonBlocking);
    } catch (RocksDBException e) {
      closeNative();
      throw new IllegalStateException("cannot open iterators on " + tableName + ": " + e.getMessage(), e);
    }
  }

  /**
   * Whether this set borrows its iterator: only one family's (several are created together, to read one state),
   * with both bounds (a kept iterator always has two, rewritten in place), with no snapshot of its own (which only a
   * resumable set needs) and filling the cache (a sweep must not).
   */
  private boolean borrows(IteratorPool pool, List<ColumnFamilyHandle> handles, byte[] lowKey, byte[] highKey) {
    return pool != null && handles.size() == 1 && lowKey.length > 0 && highKey != null && reopener == null
        && fillCache && !memtablesOnly;
  }

  /** The iterators in family order; the array changes when they are reopened. */
  FamilyIterator[] all() {
    return iterators;
  }

  boolean readsWithoutWaiting() {
    return nonBlocking;
  }

  boolean isResumable() {
    return reopener != null;
  }

  /**
   * Replaces iterators that read without waiting by ones that may wait, over the same snapshot; they are not
   * positioned. Nothing changes if this fails.
   */
  void reopenBlocking() throws StorageException {
    if (reopener == null) {
      throw new IllegalStateException("the cursor on " + tableName + " was not opened resumable without waiting");
    }
    if (!nonBlocking) {
      return;
    }
    ReadOptions blocking = readOptions(false);
    FamilyIterator[] reopened;
    try {
      reopened = wrap(reopener.open(blocking), false);
    } catch (StorageException | RuntimeException e) {
      blocking.close();
      throw e;
    }
    closeIterators();
    readOptions.close();
    iterators = reopened;
    readOptions = blocking;
    nonBlocking = false;
  }

  /**
   * Fails if any iterator failed to read, with {@link io.basalt.storage.errors.WouldBlockException} if it only must not
   * wait.
   */
  void checkStatus() throws StorageException {
    for (FamilyIterator iterator : iterators) {
      try {
        iterator.status();
      } catch (RocksDBException e) {
        if (nonBlocking) {
          FamilyIterator.throwIfIncomplete(e, tableName);
        }
        throw new StorageException("read of table " + tableName + " failed: " + e.getMessage(), e);
      }
    }
  }

  void close() {
    if (pooled != null) {
      iterators[0].detach();
      pool.release(pooled);
      return;
    }
    closeIterators();
    closeNative();
  }

  private void closeIterators() {
    for (FamilyIterator iterator : iterators) {
      iterator.close();
    }
  }

  private FamilyIterator[] wrap(List<RocksIterator> opened, boolean withoutWaiting) {
    FamilyIterator[] wrapped = new FamilyIterator[opened.size()];
    for (int i = 0; i < wrapped.length; i++) {
      wrapped[i] = new FamilyIterator(opened.get(i), tableName, withoutWaiting);
    }
    return wrapped;
  }

  private ReadOptions readOptions(boolean withoutWaiting) {
    ReadOptions options = new ReadOptions().setFillCache(fillCache);
    if (memtablesOnly) {
      // Memtables only: reading them never waits, and a file's cells are not there to be read at all.
      options.setReadTier(ReadTier.MEMTABLE_TIER);
    } else if (withoutWaiting) {
      options.setReadTier(ReadTier.BLOCK_CACHE_TIER);
    }
    if (upperBound != null) {
      options.setIterateUpperBound(upperBound);
    }
    if (lowerBound != null) {
      options.setIterateLowerBound(lowerBound);
    }
    if (snapshot != null) {
      options.setSnapshot(snapshot);
    }
    return options;
  }

  private void closeNative() {
    if (snapshot != null) {
      db.releaseSnapshot(snapshot);
    }
    readOptions.close();
    if (upperBound != null) {
      upperBound.close();
    }
    if (lowerBound != null) {
      lowerBound.close();
    }
  }
}
