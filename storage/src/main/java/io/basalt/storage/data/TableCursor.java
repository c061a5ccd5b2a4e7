package io.basalt.storage.data;

import io.basalt.storage.StorageException;
import io.basalt.storage.keys.ByteArrays;
import io.basalt.storage.keys.CellKeys;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Slice;

/**
 * Walks the cells of a row range across several families, row by row, in the order HBase returns them: within a
 * row, families by name, then qualifier ascending, timestamp descending, type descending.
 *
 * <p>One RocksDB iterator per family, all created together so they read one consistent state of the database:
 * a cursor never sees half of a row mutation. The iterators pin that state until the cursor is closed.
 *
 * <p>Not thread-safe for concurrent use, but every method is synchronized so the owning table can close the
 * cursor from another thread (when the table is dropped) without racing an operation in progress.
 */
public final class TableCursor implements AutoCloseable {
  private static final int SUFFIX_LENGTH = Long.BYTES + 1;

  private final String tableName;
  private final byte[][] familyNames;
  private final RocksIterator[] iterators;
  private final ReadOptions readOptions;
  private final Slice upperBound;
  private final byte[] lowerBoundKey;
  private final Consumer<TableCursor> onClose;
  private boolean closed;
  private String closedReason;

  private byte[] rowPrefix;
  private byte[] row;
  private int familyIndex;
  private byte[] cellKey;
  private byte[] cellValue;
  private byte[] qualifier;

  /**
   * @param families family names in the order cells must be returned, paired with {@code handles}
   * @param startRow inclusive first row; empty for the start of the table
   * @param stopRow exclusive last row; empty for the end of the table
   */
  public TableCursor(RocksDB db, String tableName, List<byte[]> families, List<ColumnFamilyHandle> handles,
      byte[] startRow, byte[] stopRow, Consumer<TableCursor> onClose) {
    this.tableName = tableName;
    this.familyNames = families.toArray(new byte[0][]);
    this.onClose = onClose;
    this.readOptions = new ReadOptions();
    if (stopRow.length > 0) {
      this.upperBound = new Slice(CellKeys.rowStart(stopRow));
      readOptions.setIterateUpperBound(upperBound);
    } else {
      this.upperBound = null;
    }
    this.lowerBoundKey = startRow.length > 0 ? CellKeys.rowStart(startRow) : ByteArrays.EMPTY;
    RocksIterator[] opened;
    try {
      // newIterators takes one consistent view across all the families.
      opened = db.newIterators(handles, readOptions).toArray(new RocksIterator[0]);
    } catch (RocksDBException e) {
      closeNative();
      throw new IllegalStateException("cannot open iterators on " + tableName + ": " + e.getMessage(), e);
    }
    this.iterators = opened;
    for (RocksIterator iterator : iterators) {
      seek(iterator, lowerBoundKey);
    }
  }

  /**
   * Moves to the next row that has at least one cell in the range, skipping what is left of the current row.
   *
   * @return false when the range is exhausted
   */
  public synchronized boolean nextRow() throws StorageException {
    checkOpen();
    if (rowPrefix != null) {
      byte[] rowEnd = null;
      for (RocksIterator iterator : iterators) {
        if (iterator.isValid() && CellKeys.hasRowPrefix(iterator.key(), rowPrefix)) {
          if (rowEnd == null) {
            rowEnd = CellKeys.rowEnd(row);
          }
          seek(iterator, rowEnd);
        }
      }
    }
    byte[] smallest = null;
    for (RocksIterator iterator : iterators) {
      if (!iterator.isValid()) {
        continue;
      }
      byte[] key = iterator.key();
      int prefixLength = CellKeys.rowPrefixLength(key);
      if (smallest == null || ByteArrays.compare(key, 0, prefixLength, smallest, 0, smallest.length) < 0) {
        smallest = Arrays.copyOf(key, prefixLength);
      }
    }
    clearCell();
    familyIndex = 0;
    rowPrefix = smallest;
    row = smallest == null ? null : CellKeys.decodeRow(smallest);
    checkStatus();
    return smallest != null;
  }

  /**
   * Moves to the next cell of the current row.
   *
   * @return false when the row has no more cells
   */
  public synchronized boolean nextCell() throws StorageException {
    checkOpen();
    if (rowPrefix == null) {
      return false;
    }
    while (familyIndex < iterators.length) {
      RocksIterator iterator = iterators[familyIndex];
      if (iterator.isValid()) {
        byte[] key = iterator.key();
        if (CellKeys.hasRowPrefix(key, rowPrefix)) {
          cellKey = key;
          cellValue = iterator.value();
          qualifier = null;
          iterator.next();
          return true;
        }
      }
      familyIndex++;
    }
    clearCell();
    checkStatus();
    return false;
  }

  /** Skips the remaining (older) versions of the current cell's column. */
  public synchronized void skipColumn() throws StorageException {
    checkOpen();
    requireCell();
    RocksIterator iterator = iterators[familyIndex];
    if (!iterator.isValid()) {
      return;
    }
    byte[] next = iterator.key();
    int columnPrefix = cellKey.length - SUFFIX_LENGTH;
    // Only seek when the iterator still sits inside the column; single-version columns need no seek.
    if (next.length - SUFFIX_LENGTH == columnPrefix
        && ByteArrays.compare(next, 0, columnPrefix, cellKey, 0, columnPrefix) == 0) {
      seek(iterator, CellKeys.columnEnd(row, qualifier()));
    }
  }

  /** Skips the rest of the current family in the current row. */
  public synchronized void skipFamily() throws StorageException {
    checkOpen();
    if (rowPrefix != null && familyIndex < iterators.length) {
      familyIndex++;
      clearCell();
    }
  }

  /** Positions the cursor so that the next {@link #nextRow()} returns the first row at or after {@code target}. */
  public synchronized void seekRow(byte[] target) throws StorageException {
    checkOpen();
    byte[] key = CellKeys.rowStart(target);
    if (ByteArrays.compare(key, lowerBoundKey) < 0) {
      key = lowerBoundKey;
    }
    for (RocksIterator iterator : iterators) {
      seek(iterator, key);
    }
    rowPrefix = null;
    row = null;
    clearCell();
  }

  /** The current row. The same array is returned for every cell of the row; callers must not modify it. */
  public synchronized byte[] row() {
    if (row == null) {
      throw new IllegalStateException("no current row");
    }
    return row;
  }

  public synchronized byte[] family() {
    requireCell();
    return familyNames[familyIndex];
  }

  public synchronized byte[] qualifier() {
    requireCell();
    if (qualifier == null) {
      qualifier = CellKeys.decodeQualifier(cellKey, rowPrefix.length);
    }
    return qualifier;
  }

  public synchronized long timestamp() {
    requireCell();
    return CellKeys.decodeTimestamp(cellKey);
  }

  public synchronized int type() {
    requireCell();
    return CellKeys.decodeType(cellKey);
  }

  public synchronized byte[] value() {
    requireCell();
    return cellValue;
  }

  /** Closes the cursor; later calls fail with a {@link StorageException} naming {@code reason}. */
  public synchronized void close(String reason) {
    if (closed) {
      return;
    }
    closed = true;
    closedReason = reason;
    for (RocksIterator iterator : iterators) {
      iterator.close();
    }
    closeNative();
    onClose.accept(this);
  }

  @Override
  public void close() {
    close("the cursor was closed");
  }

  private void closeNative() {
    readOptions.close();
    if (upperBound != null) {
      upperBound.close();
    }
  }

  private void seek(RocksIterator iterator, byte[] key) {
    if (key.length == 0) {
      iterator.seekToFirst();
    } else {
      iterator.seek(key);
    }
  }

  private void clearCell() {
    cellKey = null;
    cellValue = null;
    qualifier = null;
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

  private void checkStatus() throws StorageException {
    for (RocksIterator iterator : iterators) {
      try {
        iterator.status();
      } catch (RocksDBException e) {
        throw new StorageException("read of table " + tableName + " failed: " + e.getMessage(), e);
      }
    }
  }
}
