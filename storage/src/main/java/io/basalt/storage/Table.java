package io.basalt.storage;

import io.basalt.storage.catalog.TableDefinition;
import io.basalt.storage.catalog.TabletDefinition;
import io.basalt.storage.data.Durability;
import io.basalt.storage.data.IteratorOpener;
import io.basalt.storage.data.IteratorPool;
import io.basalt.storage.data.RowLocks;
import io.basalt.storage.data.RowMutation;
import io.basalt.storage.data.RowRange;
import io.basalt.storage.data.TableCursor;
import io.basalt.storage.data.Waiting;
import io.basalt.storage.errors.StorageException;
import io.basalt.storage.errors.UnknownTableException;
import io.basalt.storage.errors.WouldBlockException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.TableProperties;
import org.rocksdb.WriteBatch;

/**
 * A live table: its current definition, its RocksDB column families, and the row-atomic write and consistent read
 * operations on them. Obtained from {@link TabletStore}; stays valid until the table is dropped, after which every
 * operation fails with {@link UnknownTableException}.
 */
public final class Table {
  private static final byte[] NO_NOTE = new byte[0];
  private final RocksDB db;
  private final RowLocks rowLocks;
  private final WriteOptionsByDurability writeOptions;
  private final ReentrantReadWriteLock lifecycle = new ReentrantReadWriteLock();
  private final Set<TableCursor> openCursors = ConcurrentHashMap.newKeySet();
  private final IteratorPool iteratorPool;
  private volatile TableLayout layout;
  /** Held while a replicated entry is applied: a change of the table's families waits for it (see whileChanging). */
  private final ReentrantReadWriteLock applying = new ReentrantReadWriteLock();
  /** In cluster mode, the tablets' Raft groups every write and read goes through; null on a single node. */
  private volatile TabletGroups groups;
  private boolean dropped;

  Table(RocksDB db, RowLocks rowLocks, WriteOptionsByDurability writeOptions, TableDefinition definition,
      List<ColumnFamilyHandle> handles) {
    this.db = db;
    this.rowLocks = rowLocks;
    this.writeOptions = writeOptions;
    this.layout = new TableLayout(definition, handles);
    this.iteratorPool = new IteratorPool(db, layout.handles());
  }

  public TableDefinition definition() {
    return layout.definition();
  }

  /**
   * Returns once this node has applied every write to {@code row}'s tablet committed before the call, as a read
   * would: in cluster mode a read barrier in the tablet's group (only its leader passes it); nothing on one node.
   * For a writer that, holding the row's lock, reads it and the nonces earlier writes left before it writes
   * ({@link #openCursorCaughtUp}). With {@link Waiting#REFUSED}, throws {@link WouldBlockException} in cluster mode.
   */
  public void catchUp(byte[] row, Waiting waiting) throws StorageException {
    TabletGroups replicated = groups;
    if (replicated != null) {
      waiting.refuse("a read barrier in the tablet's Raft group");
      // [row, row 00): the row alone, so only its own tablet's group is asked.
      replicated.readBarrier(definition(), RowRange.forward(row, Arrays.copyOf(row, row.length + 1)));
    }
  }

  /**
   * Returns once this node holds every write to rows {@code [lowRow, highRow)} (empty bounds are open) committed
   * before the call: in cluster mode each tablet the range overlaps is caught up on this node, whether it leads it or
   * not; nothing on one node. For work judged from this node's own replica, such as a flush.
   */
  public void catchUp(byte[] lowRow, byte[] highRow) throws StorageException {
    TabletGroups replicated = groups;
    if (replicated != null) {
      replicated.catchUp(definition(), RowRange.forward(lowRow, highRow));
    }
  }

  /**
   * The lowest timestamp a writer may stamp a new cell of {@code row} with: in cluster mode the highest cell
   * timestamp this node applied to the row's tablet (within the tolerated clock skew), so that a leader whose clock
   * is behind the previous one's, or jumped back, stamps no put below the cell it replaces; {@link Long#MIN_VALUE}
   * on one node.
   */
  public long timestampFloor(byte[] row) throws StorageException {
    TabletGroups replicated = groups;
    return replicated == null ? Long.MIN_VALUE : replicated.timestampFloor(definition(), row);
  }

  /** From now on this table's writes and reads go through its tablets' Raft groups. */
  void replicateThrough(TabletGroups tabletGroups) {
    this.groups = tabletGroups;
  }

  /** Whether this table's writes and reads go through its tablets' Raft groups (cluster mode). */
  public boolean isReplicated() {
    return groups != null;
  }

  public String name() {
    return layout.definition().name();
  }

  /** Locks {@code row} against other writers of this table; close the handle to release it. Reentrant. */
  public RowLocks.RowLock lockRow(byte[] row) throws StorageException {
    return lockRow(row, Waiting.ALLOWED);
  }

  /**
   * Locks {@code row}; with {@link Waiting#REFUSED}, a lock held by another writer throws {@link
   * WouldBlockException} instead of being waited for.
   */
  public RowLocks.RowLock lockRow(byte[] row, Waiting waiting) throws StorageException {
    return rowLocks.lock(definition().id(), row, waiting);
  }

  /**
   * Locks several rows at once, in the order every caller shares; close the handle to release them. A caller that
   * needs several rows must take them in one call, never one after another.
   */
  public RowLocks.RowLock lockAll(List<byte[]> rows) throws StorageException {
    return lockAll(rows, Waiting.ALLOWED);
  }

  /** {@link #lockAll(List)}, refusing to wait for a lock held elsewhere with {@link Waiting#REFUSED}. */
  public RowLocks.RowLock lockAll(List<byte[]> rows, Waiting waiting) throws StorageException {
    return rowLocks.lockAll(definition().id(), rows, waiting);
  }

  /** Applies one row mutation atomically across all its families, under the row's lock. */
  public void write(RowMutation mutation, Durability durability) throws StorageException {
    writeAll(List.of(mutation), durability, Waiting.ALLOWED);
  }

  /** {@link #write(RowMutation, Durability)}, refusing every wait with {@link Waiting#REFUSED}. */
  public void write(RowMutation mutation, Durability durability, Waiting waiting) throws StorageException {
    writeAll(List.of(mutation), durability, waiting);
  }

  /**
   * Applies several row mutations as one RocksDB write batch, under all their rows' locks: all of them become
   * visible together or not at all.
   */
  public void writeAll(List<RowMutation> mutations, Durability durability) throws StorageException {
    writeAll(mutations, durability, Waiting.ALLOWED);
  }

  /**
   * {@link #writeAll(List, Durability)}. With {@link Waiting#REFUSED} nothing is written and {@link
   * WouldBlockException} thrown where the write would wait: for an fsync, a row lock, a schema change or a write
   * stall (RocksDB's {@code no_slowdown}).
   */
  public void writeAll(List<RowMutation> mutations, Durability durability, Waiting waiting)
      throws StorageException {
    writeAll(mutations, durability, waiting, NO_NOTE);
  }

  /**
   * {@link #writeAll(List, Durability, Waiting)} with a note for every replica: in cluster mode each node's store
   * hands {@code note} to its note listeners ({@link TabletStore#onWriteNote}) as it applies the write, so what the
   * layer above remembers of a write (the nonces of its increments) survives a change of leader. Ignored on a single
   * node, whose writer remembers it itself.
   */
  public void writeAll(List<RowMutation> mutations, Durability durability, Waiting waiting, byte[] note)
      throws StorageException {
    if (mutations.isEmpty()) {
      return;
    }
    if (durability == Durability.LOG_FSYNC) {
      waiting.refuse("an fsync of the log");
    }
    TabletGroups replicated = groups;
    if (replicated != null) {
      waiting.refuse("replication to a majority of the tablet's replicas");
      writeReplicated(replicated, mutations, note);
      return;
    }
    lockLifecycle(waiting);
    try {
      checkNotDropped();
      TableLayout current = layout;
      try (WriteBatch batch = new WriteBatch()) {
        current.addTo(batch, mutations);
        try (RowLocks.RowLock ignored = lockRows(current.definition().id(), mutations, waiting)) {
          db.write(writeOptions.get(durability, waiting), batch);
        }
      } catch (RocksDBException e) {
        if (RocksErrors.isIncomplete(e)) {
          waiting.refuse("RocksDB is stalling writes");
        }
        throw RocksErrors.of("write to table " + current.definition().name(), e);
      }
    } finally {
      lifecycle.readLock().unlock();
    }
  }

  /** The locks of the mutations' rows, one lock for a single row. */
  private RowLocks.RowLock lockRows(long tableId, List<RowMutation> mutations, Waiting waiting)
      throws StorageException {
    if (mutations.size() == 1) {
      return rowLocks.lock(tableId, mutations.get(0).row(), waiting);
    }
    List<byte[]> rows = new ArrayList<>(mutations.size());
    for (RowMutation mutation : mutations) {
      rows.add(mutation.row());
    }
    return rowLocks.lockAll(tableId, rows, waiting);
  }

  /**
   * {@link #writeAll(List, Durability)} for a write this node decided from its own replica that stays right whatever
   * a tablet's leader holds beyond it, such as a flush's erasures of exact cells: in cluster mode each row's part
   * goes to its tablet's log through the tablet's leader, wherever it is (see {@link TabletRequests}); a tablet
   * being split or merged gets none. On a single node, {@link #writeAll(List, Durability)}.
   */
  public void writeThroughLeaders(List<RowMutation> mutations, Durability durability) throws StorageException {
    TabletGroups replicated = groups;
    if (replicated == null) {
      writeAll(mutations, durability);
    } else if (!mutations.isEmpty()) {
      replicated.writeThroughLeaders(definition(), mutations, NO_NOTE);
    }
  }

  /**
   * Writes mutations decided elsewhere, every cell with its own timestamp, as an HBase cluster's replicated edits
   * come: in cluster mode each row's part goes to its tablet's log through the tablet's leader, wherever it is,
   * without this node's row locks (writing such cells again changes nothing, so a retry is harmless); a tablet being
   * split or merged refuses its part ({@link io.basalt.storage.errors.NotLeaderException}) for the writer to find
   * the tablets replacing it. On a single node, {@link #writeAll(List, Durability)} to the log.
   */
  public void writeAtLeaders(List<RowMutation> mutations) throws StorageException {
    TabletGroups replicated = groups;
    if (replicated == null) {
      writeAll(mutations, Durability.LOG);
    } else if (!mutations.isEmpty()) {
      replicated.writeAtLeaders(definition(), mutations);
    }
  }

  /**
   * The cluster-mode write: the mutations go to the log of the tablet holding their rows, under the rows' locks (so
   * a read-modify-write decided under them is appended once), and are applied here and on every replica.
   */
  private void writeReplicated(TabletGroups replicated, List<RowMutation> mutations, byte[] note)
      throws StorageException {
    lifecycle.readLock().lock();
    try {
      checkNotDropped();
      TableLayout current = layout;
      current.checkFamilies(mutations);
      try (RowLocks.RowLock ignored = lockRows(current.definition().id(), mutations, Waiting.ALLOWED)) {
        replicated.write(current.definition(), mutations, note);
      }
    } finally {
      lifecycle.readLock().unlock();
    }
  }

  /**
   * Applies a committed entry of one of this table's tablets: its mutations, and {@code extra} (the group's applied
   * index) in the same batch, written without RocksDB's log, since the Raft log is this write's log. Takes no row
   * lock: on the leader the writer holds them, and no other node writes here. Cells of a family the table no longer
   * has, or has anew (created after {@code catalogIndex}, the catalog entry the write was decided against), are left
   * out: the family they were written to was dropped or truncated since, and took them with it on every replica
   * that applied them before.
   */
  void applyReplicated(List<RowMutation> mutations, long catalogIndex, WriteBatch extra,
      org.rocksdb.WriteOptions withoutLog) throws StorageException {
    applying.readLock().lock();
    try {
      if (dropped) {
        db.write(withoutLog, extra);
        return;
      }
      layout.addAppliedTo(extra, mutations, catalogIndex);
      db.write(withoutLog, extra);
    } catch (RocksDBException e) {
      throw RocksErrors.of("applying a replicated write to table " + name(), e);
    } finally {
      applying.readLock().unlock();
    }
  }

  /**
   * Opens a cursor over rows {@code [startRow, stopRow)} of the given families (all families when empty). The
   * cursor reads one consistent state of the table; close it when done.
   */
  public TableCursor openCursor(List<byte[]> families, byte[] startRow, byte[] stopRow) throws StorageException {
    return openCursor(families, RowRange.forward(startRow, stopRow));
  }

  /** Opens a cursor over a row range, forwards or backwards; see {@link #openCursor(List, byte[], byte[])}. */
  public TableCursor openCursor(List<byte[]> families, RowRange range) throws StorageException {
    return openCursor(families, range, Waiting.ALLOWED, false);
  }

  /**
   * Opens a cursor over a row range. With {@link Waiting#REFUSED} the cursor reads only the memtables and the block
   * cache, and throws {@link WouldBlockException} where it would have to read a file (as does the opening itself
   * while the table's schema is being changed). With {@code resumable} such a cursor can go on where it may wait
   * ({@link TableCursor#resumeBlocking}); it holds a snapshot of its own for that, which costs a little, so cursors
   * that are simply closed then are better opened without.
   */
  public TableCursor openCursor(List<byte[]> families, RowRange range, Waiting waiting, boolean resumable)
      throws StorageException {
    return openCursor(families, range, waiting, resumable, true, false, true);
  }

  /**
   * Opens a cursor as {@link #openCursor(List, RowRange, Waiting, boolean)} does but without a read barrier, for a
   * writer that holds the lock of the row it reads and has passed {@link #catchUp(byte[], Waiting)} for it under that
   * lock: every write to the row committed before is applied here, and none commits since but under that lock.
   */
  public TableCursor openCursorCaughtUp(List<byte[]> families, RowRange range, Waiting waiting)
      throws StorageException {
    return openCursor(families, range, waiting, false, true, false, false);
  }

  /**
   * Opens a cursor for a sweep over much of the table, as a compaction makes: the blocks it reads do not enter the
   * block cache, so it neither evicts what requests read nor grows the cache with data nobody asked for.
   */
  public TableCursor openSweepCursor(List<byte[]> families, RowRange range) throws StorageException {
    return openCursor(families, range, Waiting.ALLOWED, false, false, false, false);
  }

  /**
   * Opens a sweep cursor over what the memtables hold: the cells written since the families' last flush, none of
   * those flushed to files (a flush of a whole table, or one RocksDB makes on its own when memtables fill).
   */
  public TableCursor openMemtableCursor(List<byte[]> families, RowRange range) throws StorageException {
    return openCursor(families, range, Waiting.ALLOWED, false, false, true, false);
  }

  private TableCursor openCursor(List<byte[]> families, RowRange range, Waiting waiting, boolean resumable,
      boolean fillCache, boolean memtablesOnly, boolean barrier) throws StorageException {
    TabletGroups replicated = groups;
    if (replicated != null && barrier) {
      // A request's read (sweeps for compactions and sizing read this replica as it is): linearizable, so only the
      // leader of the tablet answers, once it has applied what was committed before the read.
      waiting.refuse("a read barrier in the tablet's Raft group");
      replicated.readBarrier(definition(), range);
    }
    lockLifecycle(waiting);
    try {
      checkNotDropped();
      TableLayout current = layout;
      TableLayout.Selection selection = current.select(families);
      List<ColumnFamilyHandle> selected = selection.handles();
      // Only a cursor that may have to go on waiting needs to open its iterators again.
      IteratorOpener reopener = resumable && waiting == Waiting.REFUSED
          ? options -> reopenIterators(selected, options) : null;
      TableCursor cursor = new TableCursor(db, current.definition().name(), selection.names(), selected, range,
          waiting, reopener, fillCache, iteratorPool, openCursors::remove, memtablesOnly);
      openCursors.add(cursor);
      return cursor;
    } finally {
      lifecycle.readLock().unlock();
    }
  }

  /**
   * A resuming cursor's iterators, over the handles it was opened with. Under the lifecycle lock those handles
   * cannot be dropped while this opens; if the table's families changed since the cursor was opened, they may be
   * gone already, and the cursor cannot go on.
   */
  private List<RocksIterator> reopenIterators(List<ColumnFamilyHandle> cursorHandles, ReadOptions options)
      throws StorageException {
    lifecycle.readLock().lock();
    try {
      checkNotDropped();
      for (ColumnFamilyHandle handle : cursorHandles) {
        if (!layout.holds(handle)) {
          throw new StorageException("the families of table " + name() + " changed while a scan of it was open");
        }
      }
      return db.newIterators(cursorHandles, options);
    } catch (RocksDBException e) {
      throw new StorageException("cannot open iterators on " + name() + ": " + e.getMessage(), e);
    } finally {
      lifecycle.readLock().unlock();
    }
  }

  /**
   * Writes this table's memtables to SST files and waits for it. In cluster mode every replica does, at an entry in
   * each tablet's log after what was appended before the call (this node's replica may reach it a moment after the
   * return; {@link #catchUp(byte[], byte[])} waits for it).
   */
  public void flush() throws StorageException {
    TabletGroups replicated = groups;
    if (replicated == null) {
      flushHere();
    } else {
      replicated.flush(definition());
    }
  }

  /** Writes this replica's memtables of the table to SST files and waits for it. */
  void flushHere() throws StorageException {
    onFiles("flush", (db, current) -> TableFiles.flush(db, current.handles()));
  }

  /** Compacts every file of this table's column families into one sorted run per family, and waits for it. */
  public void compact() throws StorageException {
    onFiles("compaction", (db, current) -> TableFiles.compact(db, current.handles()));
  }

  /**
   * Compacts the files holding rows {@code [lowRow, highRow)} (empty bounds are open) in every family, and waits for
   * it: erased cells and their tombstones leave the files.
   */
  public void compactRows(byte[] lowRow, byte[] highRow) throws StorageException {
    onFiles("compaction", (db, current) -> TableFiles.compactRows(db, current.handles(), lowRow, highRow));
  }

  /**
   * Erases every cell of rows {@code [lowRow, highRow)} (empty bounds are open) in every family, in one write batch
   * of RocksDB range deletions, logged and fsynced before it returns. It is applied while every row lock is held,
   * so a read-modify-write of a row in the range (an increment, a check-and-mutate) lands wholly before it or wholly
   * after it, and readers see each row with all its cells or with none. The space goes when compactions reach the
   * range; cursors already open keep reading what they started with. In cluster mode this changes this node's
   * replica alone (an install replacing a tablet's rows): {@link #eraseRows} erases them on every replica.
   */
  public void deleteRows(byte[] lowRow, byte[] highRow) throws StorageException {
    onFiles("deleting rows", (db, current) -> {
      try (WriteBatch batch = new WriteBatch(); RowLocks.RowLock ignored = rowLocks.lockEveryRow()) {
        TableFiles.deleteRows(db, current.handles(), lowRow, highRow, batch);
        db.write(writeOptions.get(Durability.LOG_FSYNC, Waiting.ALLOWED), batch);
      }
    });
  }

  /**
   * Erases every cell of rows {@code [lowRow, highRow)} as {@link #deleteRows} does, on every replica: in cluster mode
   * an entry in the log of each tablet the range overlaps, appended through the tablet's leader wherever it is (a
   * region's truncation is a master's call); on a single node, {@link #deleteRows}.
   */
  public void eraseRows(byte[] lowRow, byte[] highRow) throws StorageException {
    TabletGroups replicated = groups;
    if (replicated == null) {
      deleteRows(lowRow, highRow);
    } else {
      replicated.eraseRows(definition(), lowRow, highRow);
    }
  }

  /**
   * Applies a committed erasure of rows {@code [lowRow, highRow)} of one of this table's tablets, with {@code extra}
   * (the group's applied index) in the same batch, written without RocksDB's log.
   */
  void eraseRowsReplicated(byte[] lowRow, byte[] highRow, WriteBatch extra, org.rocksdb.WriteOptions withoutLog)
      throws StorageException {
    applying.readLock().lock();
    try {
      if (!dropped) {
        TableFiles.deleteRows(db, layout.handles(), lowRow, highRow, extra);
      }
      db.write(withoutLog, extra);
    } catch (RocksDBException e) {
      throw RocksErrors.of("applying an erasure of rows of table " + name(), e);
    } finally {
      applying.readLock().unlock();
    }
  }

  /**
   * How much space each of the given tablets of this table takes across its families, in the tablets' order. The
   * sizes are RocksDB's estimates (see {@link TabletSize}), not exact counts.
   */
  public List<TabletSize> approximateSizes(List<TabletDefinition> tablets) throws StorageException {
    List<List<TabletSize>> sizes = new ArrayList<>(1);
    onFiles("sizing", (db, current) -> sizes.add(TabletSizer.approximate(db, current.handles(), tablets)));
    return sizes.get(0);
  }

  /**
   * Up to {@code parts - 1} rows cutting the table's stored rows into parts of roughly equal bytes, in ascending
   * order (see {@link KeyQuantiles}); none for an empty table.
   */
  public List<byte[]> keyQuantiles(int parts) throws StorageException {
    List<List<byte[]>> cuts = new ArrayList<>(1);
    onFiles("key quantiles", (db, current) -> cuts.add(KeyQuantiles.of(db, current.handles(), parts)));
    return cuts.get(0);
  }

  /** Work on the table's database and its column families (in the definition's family order) as a whole. */
  @FunctionalInterface
  public interface ColumnFamilyWork<T> {
    T run(RocksDB db, TableDefinition definition, List<ColumnFamilyHandle> handles)
        throws RocksDBException, StorageException;
  }

  /**
   * Runs {@code work} on the current definition and column families, which no schema change or drop replaces or
   * closes meanwhile; for storage code outside this package that works on the families' files (tablet transfer).
   */
  public <T> T withColumnFamilies(String what, ColumnFamilyWork<T> work) throws StorageException {
    List<T> result = new ArrayList<>(1);
    onFiles(what, (db, current) -> result.add(work.run(db, current.definition(), current.handles())));
    return result.get(0);
  }

  /**
   * Runs {@code work} as {@link #withColumnFamilies} does, while no write to the table and no cursor opening on it
   * can start: for a change to several families that readers must see whole (an ingestion of files into each).
   */
  public <T> T withColumnFamiliesQuiet(String what, ColumnFamilyWork<T> work) throws StorageException {
    List<T> result = new ArrayList<>(1);
    whileQuiet(() -> {
      TableLayout current = layout;
      try {
        result.add(work.run(db, current.definition(), current.handles()));
      } catch (RocksDBException e) {
        throw RocksErrors.of(what + " of table " + name(), e);
      }
    });
    return result.get(0);
  }

  /** Work on the table's column families as a whole, as the layout pairs them with its definition. */
  @FunctionalInterface
  private interface FilesWork {
    void run(RocksDB db, TableLayout layout) throws RocksDBException, StorageException;
  }

  /** Runs {@code work} on the current column families, which no schema change or drop replaces meanwhile. */
  private void onFiles(String what, FilesWork work) throws StorageException {
    lifecycle.readLock().lock();
    try {
      checkNotDropped();
      work.run(db, layout);
    } catch (RocksDBException e) {
      throw RocksErrors.of(what + " of table " + name(), e);
    } finally {
      lifecycle.readLock().unlock();
    }
  }

  /**
   * Swaps in a new set of families (and their column family handles, in the definition's family order). Writes
   * and cursors opened from now on use them; cursors already open keep reading what they started with.
   */
  void replaceLayout(TableDefinition next, List<ColumnFamilyHandle> nextHandles) {
    whileChanging(() -> {
      layout = new TableLayout(next, nextHandles);
      iteratorPool.relayout(layout.handles());
    });
  }

  /** Work on the table's column families that nothing may write to or start reading meanwhile. */
  @FunctionalInterface
  interface QuietChange {
    void run() throws StorageException;
  }

  /**
   * Runs {@code change} while no write to the table and no cursor opening on it can start, after those in progress
   * have finished: the cells of its column families stay what the change sees until it swaps them. Cursors already
   * open read on; writes and cursors wait for the change, or would-wait without blocking.
   */
  void whileQuiet(QuietChange change) throws StorageException {
    lifecycle.writeLock().lock();
    applying.writeLock().lock();
    try {
      checkNotDropped();
      change.run();
    } finally {
      applying.writeLock().unlock();
      lifecycle.writeLock().unlock();
    }
  }

  /** Swaps in a new definition of the same table (same families), e.g. changed properties or tablets. */
  void replaceDefinition(TableDefinition next) {
    whileChanging(() -> layout = layout.withDefinition(next));
  }

  /**
   * Runs a change of the table's definition or families once writes and cursor openings in progress have finished,
   * holding off new ones until it is done (those that must not wait are refused meanwhile).
   */
  void whileChanging(Runnable change) {
    lifecycle.writeLock().lock();
    applying.writeLock().lock();
    try {
      change.run();
    } finally {
      applying.writeLock().unlock();
      lifecycle.writeLock().unlock();
    }
  }

  /**
   * Marks the table dropped and closes every open cursor, waiting for in-flight writes to finish. After this the
   * column family handles are no longer used and may be dropped.
   */
  List<ColumnFamilyHandle> markDropped() {
    lifecycle.writeLock().lock();
    applying.writeLock().lock();
    try {
      dropped = true;
      iteratorPool.close();
      for (TableCursor cursor : List.copyOf(openCursors)) {
        cursor.close("table " + name() + " was dropped");
      }
      return layout.handles();
    } finally {
      applying.writeLock().unlock();
      lifecycle.writeLock().unlock();
    }
  }

  /** Closes open cursors at store shutdown. */
  void closeCursors(String reason) {
    lifecycle.writeLock().lock();
    try {
      dropped = true;
      iteratorPool.close();
      for (TableCursor cursor : List.copyOf(openCursors)) {
        cursor.close(reason);
      }
    } finally {
      lifecycle.writeLock().unlock();
    }
  }

  List<ColumnFamilyHandle> handles() {
    return layout.handles();
  }

  /**
   * The properties of the files a family's column family holds now, by file: what each was written with
   * (compression, filter policy, data blocks). Shows whether changed options reached the files written since.
   */
  Map<String, TableProperties> fileProperties(byte[] family) throws StorageException {
    List<Map<String, TableProperties>> properties = new ArrayList<>(1);
    onFiles("reading the file properties", (db, current) -> properties.add(
        db.getPropertiesOfAllTables(current.handleFor(family))));
    return properties.get(0);
  }

  /**
   * Closes the iterators kept for reuse that have been idle for at least {@code idleNanos}, so that they stop
   * pinning memtables and files replaced since.
   */
  void closeIdleIterators(long idleNanos) {
    iteratorPool.closeIdle(idleNanos);
  }

  /** The iterators kept for reuse by this table's cursors. */
  IteratorPool iteratorPool() {
    return iteratorPool;
  }

  /** Holds off schema changes and drops for a write or a cursor's opening; not waited for if waiting is refused. */
  private void lockLifecycle(Waiting waiting) {
    if (waiting == Waiting.ALLOWED) {
      lifecycle.readLock().lock();
    } else if (!lifecycle.readLock().tryLock()) {
      waiting.refuse("the table is being changed");
    }
  }

  private void checkNotDropped() throws UnknownTableException {
    if (dropped) {
      throw new UnknownTableException(name());
    }
  }
}
