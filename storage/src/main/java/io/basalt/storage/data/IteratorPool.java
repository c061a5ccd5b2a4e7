package io.basalt.storage.data;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;

/**
 * One table's idle RocksDB iterators, kept for the next cursor over the same family. Making and unmaking an iterator
 * (its read options, bounds, the merged view of memtables and files, each file's table iterator) is about a tenth
 * of what a get costs; a kept one is refreshed onto the latest state instead, which is cheap while no flush or
 * compaction has changed the family's files.
 *
 * <p>Only cursors over one family between two bounds use the pool, such as every get of one family. A cursor over
 * several families needs its iterators created together, so that they read one state and a row mutation is never
 * seen half applied.
 *
 * <p>An idle iterator pins the memtables and files it last read: a flushed memtable's memory and a compacted file's
 * disk space are not given back while it is kept. So the store closes iterators idle for longer than a moment
 * ({@link #closeIdle}); the ones in steady use move onto the latest state at every use, so what they pin is never
 * older than their last use. A new layout or a drop closes every idle iterator, and one in use when that happened is
 * closed when its cursor returns it.
 */
public final class IteratorPool {
  /** More idle iterators than this per family are closed, not kept: more threads than this rarely read at once. */
  private static final int MOST_IDLE_PER_FAMILY = 64;

  private final RocksDB db;
  private final AtomicLong opened = new AtomicLong();
  /** Idle iterators by family handle, most recently used last: reuse takes the warmest. */
  private final Map<ColumnFamilyHandle, ArrayDeque<PooledIterator>> idleByHandle = new IdentityHashMap<>();
  private final Map<ColumnFamilyHandle, ArrayDeque<PooledIterator>> idleNonBlockingByHandle = new IdentityHashMap<>();
  private List<ColumnFamilyHandle> handles;
  private long generation;
  private boolean closed;

  public IteratorPool(RocksDB db, List<ColumnFamilyHandle> handles) {
    this.db = db;
    this.handles = List.copyOf(handles);
  }

  /**
   * An iterator over {@code handle} bounded to {@code [lowKey, highKey)}, refreshed onto the latest state and not
   * positioned; null when the pool cannot serve this cursor (bounds too long, a family no longer in the table, a
   * closed pool), which then opens iterators of its own.
   */
  PooledIterator acquire(ColumnFamilyHandle handle, boolean nonBlocking, byte[] lowKey, byte[] highKey) {
    if (!PooledIterator.fits(lowKey, highKey)) {
      return null;
    }
    PooledIterator reused;
    long current;
    synchronized (this) {
      if (closed || !isCurrent(handle)) {
        return null;
      }
      reused = idle(handle, nonBlocking).pollLast();
      current = generation;
    }
    if (reused != null) {
      reused.bind(lowKey, highKey);
      try {
        reused.refresh();
        return reused;
      } catch (RocksDBException e) {
        reused.close(); // a fresh one below reads the same state a refreshed one would
      }
    }
    PooledIterator created = new PooledIterator(db, handle, nonBlocking, current);
    created.bind(lowKey, highKey);
    opened.incrementAndGet();
    return created;
  }

  /** Takes back an iterator a cursor is done with; it is closed instead when it cannot be reused. */
  void release(PooledIterator iterator) {
    if (iterator.healthy()) {
      synchronized (this) {
        ArrayDeque<PooledIterator> idle = closed || iterator.generation() != generation ? null
            : idle(iterator.handle(), iterator.nonBlocking());
        if (idle != null && idle.size() < MOST_IDLE_PER_FAMILY) {
          iterator.idleSince(System.nanoTime());
          idle.addLast(iterator);
          return;
        }
      }
    }
    iterator.close();
  }

  /**
   * Closes the iterators idle for at least {@code idleNanos}, so they no longer pin memtables and files that a
   * flush or compaction has replaced since.
   *
   * @return how many were closed
   */
  public int closeIdle(long idleNanos) {
    List<PooledIterator> stale = new ArrayList<>();
    long now = System.nanoTime();
    synchronized (this) {
      for (ArrayDeque<PooledIterator> idle : allIdle()) {
        // Oldest first: the deque is in order of return.
        for (Iterator<PooledIterator> it = idle.iterator(); it.hasNext(); ) {
          PooledIterator candidate = it.next();
          if (now - candidate.idleSinceNanos() < idleNanos) {
            break;
          }
          it.remove();
          stale.add(candidate);
        }
      }
    }
    stale.forEach(PooledIterator::close);
    return stale.size();
  }

  /**
   * Starts over with the table's new families: idle iterators are closed now, ones in use when they are returned,
   * so none keeps a dropped family alive.
   */
  public void relayout(List<ColumnFamilyHandle> nextHandles) {
    List<PooledIterator> idle;
    synchronized (this) {
      handles = List.copyOf(nextHandles);
      generation++;
      idle = takeAllIdle();
    }
    idle.forEach(PooledIterator::close);
  }

  /** Closes every idle iterator and every one returned from now on. */
  public void close() {
    List<PooledIterator> idle;
    synchronized (this) {
      closed = true;
      idle = takeAllIdle();
    }
    idle.forEach(PooledIterator::close);
  }

  /** How many iterators are kept idle now. */
  public synchronized int idleCount() {
    int count = 0;
    for (ArrayDeque<PooledIterator> idle : allIdle()) {
      count += idle.size();
    }
    return count;
  }

  /** How many iterators the pool has opened since it was made: the ones it could not reuse. */
  public long openedCount() {
    return opened.get();
  }

  private boolean isCurrent(ColumnFamilyHandle handle) {
    for (ColumnFamilyHandle current : handles) {
      if (current == handle) {
        return true;
      }
    }
    return false;
  }

  private ArrayDeque<PooledIterator> idle(ColumnFamilyHandle handle, boolean nonBlocking) {
    return (nonBlocking ? idleNonBlockingByHandle : idleByHandle).computeIfAbsent(handle, h -> new ArrayDeque<>());
  }

  private List<PooledIterator> takeAllIdle() {
    List<PooledIterator> all = new ArrayList<>();
    allIdle().forEach(all::addAll);
    idleByHandle.clear();
    idleNonBlockingByHandle.clear();
    return all;
  }

  /** Every family's idle iterators, blocking and not; called holding this pool's lock. */
  private List<ArrayDeque<PooledIterator>> allIdle() {
    List<ArrayDeque<PooledIterator>> all = new ArrayList<>(idleByHandle.values());
    all.addAll(idleNonBlockingByHandle.values());
    return all;
  }
}
