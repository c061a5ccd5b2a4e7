package io.basalt.storage.transfer;

import io.basalt.storage.Table;
import io.basalt.storage.catalog.FamilyDefinition;
import io.basalt.storage.errors.StorageException;
import io.basalt.storage.keys.ByteArrays;
import io.basalt.storage.keys.CellKeys;
import java.util.ArrayList;
import java.util.List;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Slice;

/**
 * Raw iterators over the stored keys of a row range in every family of a table, all at one read point, in the
 * table's family order (by name, as unsigned bytes). They are opened under the table's lifecycle lock, so no schema
 * change closes the column families while they open; once open they read on whatever changes, as a cursor does.
 * Their reads bypass the block cache: a transfer sweeps a whole tablet once, and would otherwise evict what requests
 * read and grow the cache with blocks nobody asked for (as {@link Table#openSweepCursor} does).
 */
final class RangeReader implements AutoCloseable {
  /** One family's iterator, positioned nowhere until sought. */
  record FamilyCells(FamilyDefinition family, RocksIterator cells) {}

  private final List<FamilyCells> families;
  private final ReadOptions options;
  private final Slice lowerBound;
  private final Slice upperBound;

  private RangeReader(List<FamilyCells> families, ReadOptions options, Slice lowerBound, Slice upperBound) {
    this.families = families;
    this.options = options;
    this.lowerBound = lowerBound;
    this.upperBound = upperBound;
  }

  /** Opens iterators over rows {@code [startRow, endRow)} (empty bounds are open) of every family, at {@code at}. */
  static RangeReader open(Table table, byte[] startRow, byte[] endRow, ReadPoint at) throws StorageException {
    checkRange(startRow, endRow);
    return table.withColumnFamilies("reading rows of table " + table.name(), (db, definition, handles) -> {
      ReadOptions options = new ReadOptions().setFillCache(false).setSnapshot(at.snapshotFor(table, handles));
      Slice lower = startRow.length == 0 ? null : new Slice(CellKeys.rowStart(startRow));
      Slice upper = endRow.length == 0 ? null : new Slice(CellKeys.rowStart(endRow));
      if (lower != null) {
        options.setIterateLowerBound(lower);
      }
      if (upper != null) {
        options.setIterateUpperBound(upper);
      }
      List<FamilyCells> families = new ArrayList<>();
      try {
        List<RocksIterator> iterators = db.newIterators(handles, options);
        for (int i = 0; i < iterators.size(); i++) {
          families.add(new FamilyCells(definition.families().get(i), iterators.get(i)));
        }
      } catch (RuntimeException | RocksDBException e) {
        new RangeReader(families, options, lower, upper).close();
        throw e;
      }
      return new RangeReader(families, options, lower, upper);
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

  /** The families' iterators, in the table's family order. */
  List<FamilyCells> families() {
    return families;
  }

  @Override
  public void close() {
    families.forEach(family -> family.cells().close());
    options.close();
    if (lowerBound != null) {
      lowerBound.close();
    }
    if (upperBound != null) {
      upperBound.close();
    }
  }
}
