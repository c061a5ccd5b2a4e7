package io.basalt.storage.transfer;

import io.basalt.storage.Table;
import io.basalt.storage.catalog.FamilyDefinition;
import io.basalt.storage.errors.StorageException;
import io.basalt.storage.keys.ByteArrays;
import io.basalt.storage.keys.CellKeys;
import java.util.ArrayList;
import java.util.List;
import org.rocksdb.AbstractNativeReference;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Slice;

/**
 * Reads the stored keys of a row range in every family of a table, all at one read point, through raw iterators in
 * the table's family order (by name, as unsigned bytes).
 *
 * <p>The whole read runs under the table's lifecycle lock ({@link Table#withColumnFamilies}), so neither a schema
 * change nor the store closing can close the column families, or the database, under the open iterators: RocksJava
 * frees the database when it closes, whatever is still open on it (releasing a snapshot after that crashed the JVM
 * when tried). A table's own cursors are closed for it instead; these are not the table's to close. The cost: a
 * schema change of the table waits for a read in progress, and so do the table's writes and cursor openings that
 * arrive while the change waits (the lock lets a waiting change go first; those that must not wait barge ahead), and
 * a closing store.
 *
 * <p>The reads bypass the block cache: a transfer sweeps a whole tablet once, and would otherwise evict what requests
 * read and grow the cache with blocks nobody asked for (as {@link Table#openSweepCursor} does).
 */
final class RangeReader {
  /** One family's iterator, positioned nowhere until sought. */
  record FamilyCells(FamilyDefinition family, RocksIterator cells) {}

  /** What is done with the iterators while they are open. */
  @FunctionalInterface
  interface Work<T> {
    T read(List<FamilyCells> families) throws RocksDBException, StorageException;
  }

  private RangeReader() {}

  /**
   * Runs {@code work} on iterators over rows {@code [startRow, endRow)} (empty bounds are open) of every family, at
   * {@code at}, and closes them when it returns.
   *
   * @param what what the read is for, for the error if it fails
   */
  static <T> T read(Table table, byte[] startRow, byte[] endRow, ReadPoint at, String what, Work<T> work)
      throws StorageException {
    checkRange(startRow, endRow);
    return table.withColumnFamilies(what, (db, definition, handles) -> {
      List<AbstractNativeReference> opened = new ArrayList<>();
      try {
        ReadOptions options = new ReadOptions().setFillCache(false).setSnapshot(at.snapshotFor(table, handles));
        opened.add(options);
        if (startRow.length > 0) {
          Slice lower = new Slice(CellKeys.rowStart(startRow));
          opened.add(lower);
          options.setIterateLowerBound(lower);
        }
        if (endRow.length > 0) {
          Slice upper = new Slice(CellKeys.rowStart(endRow));
          opened.add(upper);
          options.setIterateUpperBound(upper);
        }
        List<FamilyCells> families = new ArrayList<>();
        List<RocksIterator> iterators = db.newIterators(handles, options);
        // Iterators close before the options and bounds they read through.
        opened.addAll(0, iterators);
        for (int i = 0; i < iterators.size(); i++) {
          families.add(new FamilyCells(definition.families().get(i), iterators.get(i)));
        }
        return work.read(families);
      } finally {
        opened.forEach(AbstractNativeReference::close);
      }
    });
  }

  /**
   * Checks that {@code [startRow, endRow)} is a range: an empty bound is open, and a start equal to the end holds no
   * row.
   *
   * @throws IllegalArgumentException if the start comes after the end
   */
  static void checkRange(byte[] startRow, byte[] endRow) {
    if (endRow.length > 0 && ByteArrays.compare(startRow, endRow) > 0) {
      throw new IllegalArgumentException("row range starts at " + ByteArrays.toPrintable(startRow)
          + ", after its end " + ByteArrays.toPrintable(endRow));
    }
  }
}
