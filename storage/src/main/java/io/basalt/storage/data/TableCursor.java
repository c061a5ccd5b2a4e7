package io.basalt.storage.data;

import io.basalt.storage.errors.StorageException;
import io.basalt.storage.errors.WouldBlockException;
import io.basalt.storage.keys.ByteArrays;
import io.basalt.storage.keys.CellKeys;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.RocksDB;

/**
 * Walks the cells of a row range across several families, row by row, forwards or backwards, and within a row in
 * the order HBase returns cells: families by name, then qualifier ascending, timestamp descending, type descending.
 *
 * <p>One RocksDB iterator per family, all created together so they read one consistent state of the database:
 * a cursor never sees half of a row mutation. The iterators pin that state until the cursor is closed.
 *
 * <p>Backwards, each family iterator rests on the last key of its next candidate row; the chosen row is then read
 * forwards (the iterator is "entered" into it) and afterwards repositioned before the row.
 *
 * <p>A cursor opened with {@link Waiting#REFUSED} reads only the memtables and the block cache; where it would
 * have to read a file it throws {@link WouldBlockException}, and must then be closed, unless it was opened
 * resumable: such a cursor reads from an explicit RocksDB snapshot, so that {@link #resumeBlocking} can open
 * iterators that may wait over the very same state, and a scan begun on a network thread go on where it left off on
 * a thread that may wait, seeing nothing its first rows did not.
 *
 * <p>A cell's value can be read until the cursor next moves: it stays in RocksDB until asked for.
 *
 * <p>Not thread-safe for concurrent use, but every method that calls into RocksDB is synchronized so the owning
 * table can close the cursor from another thread (when the table is dropped) without racing an operation in
 * progress. The accessors of the current cell's coordinates read only what the reading thread itself set, and take
 * no lock: a lock per accessor was a sizeable share of the cost of reading a cell.
 */
public final class TableCursor implements AutoCloseable {
  private static final int SUFFIX_LENGTH = Long.BYTES + 1;
  /**
   * Cells stepped over one by one before a seek: a seek costs as much as several steps, and the rest of a column
   * or row (older versions not yet compacted away) is usually only a few cells long.
   */
  private static final int STEPS_BEFORE_SEEK = 4;

  private final String tableName;
  private final byte[][] familyNames;
  private final boolean[] entered;
  private final byte[] lowKey;
  private final byte[] highKey;
  private final boolean reversed;
  private final Consumer<TableCursor> onClose;
  private final CursorIterators iterators;
  private boolean closed;
  private String closedReason;

  private byte[] rowPrefix;
  private byte[] row;
  private int familyIndex;
  private byte[] cellKey;
  /** The current cell's value, once fetched; it is fetched only when asked for. */
  private byte[] cellValue;
  private byte[] qualifier;
  /**
   * The iterator still resting on the current cell, to be stepped past it before the cursor next moves. Stepping
   * lazily lets values be read only for the cells someone wants, not for older versions and delete markers passed
   * over, and lets the key of the position after the cell be read once for both the column and the row checks.
   */
  private FamilyIterator onCell;

  /**
   * Opens iterators over {@code range} of the given families, paired with their handles in return order.
   *
   * @param waiting whether the cursor's reads may wait for blocks not in the block cache
   * @param reopener opens the iterators again for {@link #resumeBlocking}; null for a cursor that is not resumable
   * @param fillCache whether blocks read from disk enter the block cache
   * @param pool the table's kept iterators, which a cursor over one family between two bounds borrows from
   * @param memtablesOnly read only what the memtables hold (the cells written since the families' last flush), none
   *     of what was flushed to files
   */
  public TableCursor(RocksDB db, String tableName, List<byte[]> families, List<ColumnFamilyHandle> handles,
      RowRange range, Waiting waiting, IteratorOpener reopener, boolean fillCache, IteratorPool pool,
      Consumer<TableCursor> onClose, boolean memtablesOnly) {
    this.tableName = tableName;
    this.familyNames = families.toArray(new byte[0][]);
    this.entered = new boolean[familyNames.length];
    this.reversed = range.reversed();
    this.onClose = onClose;
    this.lowKey = range.lowRow().length > 0 ? CellKeys.rowStart(range.lowRow()) : ByteArrays.EMPTY;
    this.highKey = range.highRow().length > 0 ? CellKeys.rowStart(range.highRow()) : null;
    this.iterators = new CursorIterators(db, tableName, handles, lowKey, highKey, waiting, reopener, fillCache,
        pool, memtablesOnly);
    positionAtStart();
  }

  public boolean isReversed() {
    return reversed;
  }

  /** Whether this cursor reads only what it can without waiting, throwing {@link WouldBlockException} otherwise. */
  public boolean readsWithoutWaiting() {
    return iterators.readsWithoutWaiting();
  }

  /** Whether {@link #resumeBlocking} can turn this cursor into one that waits. */
  public boolean isResumable() {
    return iterators.isResumable();
  }

  /**
   * Turns a resumable cursor that reads without waiting into one that may wait, over the same snapshot, positioned
   * so that the next {@link #nextRow()} returns the first row at or after {@code fromRow} (at or before it
   * backwards), or the range's first row when {@code fromRow} is null. Its position before this call, which a
   * {@link WouldBlockException} may have left anywhere, is forgotten. Call it only where waiting is allowed: the
   * positioning reads.
   */
  public synchronized void resumeBlocking(byte[] fromRow) throws StorageException {
    checkOpen();
    clearCell(); // the iterator under the current cell is about to be closed
    iterators.reopenBlocking();
    if (fromRow == null) {
      positionAtStart();
    } else {
      seekRow(fromRow);
    }
    iterators.checkStatus();
  }

  /**
   * Moves to the next row (in the cursor's direction) that has at least one cell in the range, abandoning what
   * is left of the current one.
   *
   * @return false when the range is exhausted
   */
  public synchronized boolean nextRow() throws StorageException {
    checkOpen();
    stepOffCell();
    if (rowPrefix != null) {
      leaveRow();
    }
    byte[] chosen = null;
    for (FamilyIterator iterator : iterators.all()) {
      if (!iterator.valid()) {
        continue;
      }
      byte[] key = iterator.key();
      int prefixLength = CellKeys.rowPrefixLength(key);
      int order = chosen == null ? 0 : ByteArrays.compare(key, 0, prefixLength, chosen, 0, chosen.length);
      if (chosen == null || (reversed ? order > 0 : order < 0)) {
        chosen = Arrays.copyOf(key, prefixLength);
      }
    }
    clearCell();
    familyIndex = 0;
    rowPrefix = chosen;
    row = chosen == null ? null : CellKeys.decodeRow(chosen);
    iterators.checkStatus();
    return chosen != null;
  }

  /**
   * Moves to the next cell of the current row.
   *
   * @return false when the row has no more cells
   */
  public synchronized boolean nextCell() throws StorageException {
    checkOpen();
    stepOffCell();
    if (rowPrefix == null) {
      return false;
    }
    while (familyIndex < iterators.all().length) {
      FamilyIterator iterator = iterators.all()[familyIndex];
      // Only a family with cells in this row is entered; one that a hint sent to an earlier row stays put.
      if (reversed && !entered[familyIndex] && iterator.valid()
          && CellKeys.hasRowPrefix(iterator.key(), rowPrefix)) {
        entered[familyIndex] = true;
        iterator.seek(rowPrefix); // from the row's last key back to its first
      }
      if (iterator.valid()) {
        byte[] key = iterator.key();
        if (CellKeys.hasRowPrefix(key, rowPrefix)) {
          cellKey = key;
          cellValue = null;
          qualifier = null;
          onCell = iterator;
          return true;
        }
      }
      familyIndex++;
    }
    clearCell();
    iterators.checkStatus();
    return false;
  }

  /** Skips the remaining (older) versions of the current cell's column. */
  public synchronized void skipColumn() throws StorageException {
    checkOpen();
    requireCell();
    stepOffCell();
    FamilyIterator iterator = iterators.all()[familyIndex];
    if (!iterator.valid()) {
      return;
    }
    int columnPrefix = cellKey.length - SUFFIX_LENGTH;
    // Only move when the iterator still sits inside the column; single-version columns need nothing.
    for (int step = 0; inColumn(iterator, columnPrefix); step++) {
      if (step == STEPS_BEFORE_SEEK) {
        iterator.seek(CellKeys.columnEnd(row, qualifier()));
        return;
      }
      iterator.next();
    }
  }

  private boolean inColumn(FamilyIterator iterator, int columnPrefix) {
    if (!iterator.valid()) {
      return false;
    }
    byte[] next = iterator.key();
    return next.length - SUFFIX_LENGTH == columnPrefix
        && ByteArrays.compare(next, 0, columnPrefix, cellKey, 0, columnPrefix) == 0;
  }

  /** Skips the rest of the current family in the current row. */
  public synchronized void skipFamily() throws StorageException {
    checkOpen();
    stepOffCell();
    if (rowPrefix != null && familyIndex < iterators.all().length) {
      familyIndex++;
      clearCell();
    }
  }

  /**
   * Goes back to the start of the current row in every family, so that the row can be read again (the reader
   * may pass over families it has already read). Forward cursors only: a reversed cursor positions a family on
   * entering it.
   */
  public synchronized void rewindFamilies() throws StorageException {
    checkOpen();
    if (reversed) {
      throw new IllegalStateException("families cannot be revisited in a reversed read");
    }
    if (rowPrefix != null) { // every iterator is repositioned: no step off the current cell is needed
      for (FamilyIterator iterator : iterators.all()) {
        iterator.seek(rowPrefix);
      }
      familyIndex = 0;
      clearCell();
      iterators.checkStatus();
    }
  }

  /**
   * Moves the current family to the first cell at or after the given coordinates in the cursor's direction: a
   * later column of the current row, or (for a hint that leaves the row) the given row, where the other families
   * may still have rows in between. The rest of the family in the current row is skipped.
   *
   * @return false (and nothing moves) when the target is not ahead of the current cell
   */
  public synchronized boolean seekFamily(byte[] targetRow, byte[] targetQualifier, long timestamp, int type)
      throws StorageException {
    checkOpen();
    requireCell();
    FamilyIterator iterator = iterators.all()[familyIndex];
    int rowOrder = ByteArrays.compare(targetRow, row);
    if (rowOrder == 0 || !reversed) {
      byte[] target = CellKeys.encode(targetRow, targetQualifier, timestamp, type);
      if (ByteArrays.compare(target, cellKey) <= 0) {
        stepOffCell();
        return false;
      }
      if (lowKey.length > 0 && ByteArrays.compare(target, lowKey) < 0) {
        target = lowKey;
      }
      onCell = null; // the seek below moves the iterator that rests on the cell: no step off it first
      iterator.seek(target);
      return true;
    }
    if (rowOrder > 0) {
      stepOffCell();
      return false;
    }
    // Backwards to an earlier row: rest on that row's last key, as the cursor's other families do.
    onCell = null;
    iterator.seekForPrev(CellKeys.rowEnd(targetRow));
    entered[familyIndex] = false;
    return true;
  }

  /**
   * Positions the cursor so that the next {@link #nextRow()} returns the first row at or after {@code target}
   * (at or before it, backwards), within the range.
   */
  public synchronized void seekRow(byte[] target) throws StorageException {
    checkOpen();
    for (FamilyIterator iterator : iterators.all()) {
      if (reversed) {
        byte[] key = CellKeys.rowEnd(target);
        if (highKey != null && ByteArrays.compare(key, highKey) >= 0) {
          iterator.seekToLast();
        } else {
          iterator.seekForPrev(key);
        }
      } else {
        byte[] key = CellKeys.rowStart(target);
        seekForward(iterator, ByteArrays.compare(key, lowKey) < 0 ? lowKey : key);
      }
    }
    Arrays.fill(entered, false);
    rowPrefix = null;
    row = null;
    clearCell();
  }

  /** The current row. The same array is returned for every cell of the row; callers must not modify it. */
  public byte[] row() {
    if (row == null) {
      throw new IllegalStateException("no current row");
    }
    return row;
  }

  public byte[] family() {
    requireCell();
    return familyNames[familyIndex];
  }

  public byte[] qualifier() {
    requireCell();
    if (qualifier == null) {
      qualifier = CellKeys.decodeQualifier(cellKey, rowPrefix.length);
    }
    return qualifier;
  }

  public long timestamp() {
    requireCell();
    return CellKeys.decodeTimestamp(cellKey);
  }

  public int type() {
    requireCell();
    return CellKeys.decodeType(cellKey);
  }

  /**
   * The current cell's value, in an array of its own.
   *
   * @throws IllegalStateException when there is no current cell or the cursor has moved since
   */
  public synchronized byte[] value() {
    requireCell();
    if (cellValue == null) {
      cellValue = valueIterator().value();
    }
    return cellValue;
  }

  private FamilyIterator valueIterator() {
    if (onCell == null) {
      throw new IllegalStateException("the cursor has moved past the current cell's value");
    }
    return onCell;
  }

  /** Closes the cursor; later calls fail with a {@link StorageException} naming {@code reason}. */
  public synchronized void close(String reason) {
    if (closed) {
      return;
    }
    if (onCell != null && cellValue == null) {
      // Closed from another thread between finding a cell and reading its value: keep the value readable.
      cellValue = onCell.value();
    }
    onCell = null;
    closed = true;
    closedReason = reason;
    iterators.close();
    onClose.accept(this);
  }

  @Override
  public void close() {
    close("the cursor was closed");
  }

  /** Puts every iterator at the range's first row in the cursor's direction, with no current row. */
  private void positionAtStart() {
    for (FamilyIterator iterator : iterators.all()) {
      if (reversed) {
        iterator.seekToLast();
      } else {
        seekForward(iterator, lowKey);
      }
    }
    Arrays.fill(entered, false);
    rowPrefix = null;
    row = null;
    clearCell();
  }

  /** Moves every iterator that may still be in the current row past it, in the cursor's direction. */
  private void leaveRow() {
    FamilyIterator[] all = iterators.all();
    for (int i = 0; i < all.length; i++) {
      FamilyIterator iterator = all[i];
      boolean inRow = iterator.valid() && CellKeys.hasRowPrefix(iterator.key(), rowPrefix);
      if (reversed) {
        // An entered iterator read forwards and may now sit anywhere past the row's start.
        if (entered[i] || inRow) {
          iterator.seekForPrev(rowPrefix);
        }
        entered[i] = false;
      } else if (inRow) {
        stepOutOfRow(iterator);
      }
    }
  }

  /** Moves a forward iterator that is inside the current row to the first key after it. */
  private void stepOutOfRow(FamilyIterator iterator) {
    for (int step = 0; step < STEPS_BEFORE_SEEK; step++) {
      iterator.next();
      if (!iterator.valid() || !CellKeys.hasRowPrefix(iterator.key(), rowPrefix)) {
        return;
      }
    }
    iterator.seek(CellKeys.rowEnd(row));
  }

  private static void seekForward(FamilyIterator iterator, byte[] key) {
    if (key.length == 0) {
      iterator.seekToFirst();
    } else {
      iterator.seek(key);
    }
  }

  /** Steps the iterator that still rests on the current cell past it; the cell's value is then out of reach. */
  private void stepOffCell() {
    if (onCell != null) {
      onCell.next();
      onCell = null;
    }
  }

  private void clearCell() {
    cellKey = null;
    cellValue = null;
    qualifier = null;
    onCell = null;
  }

  private void requireCell() {
    if (cellKey == null) {
      throw new IllegalStateException("no current cell");
    }
  }

  private void checkOpen() throws StorageException {
    if (closed) {
      throw new StorageException("cursor on table " + tableName + " is closed: " + closedReason);
    }
  }
}
