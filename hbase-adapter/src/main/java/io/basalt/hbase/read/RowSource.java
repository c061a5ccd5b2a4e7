package io.basalt.hbase.read;

import java.io.IOException;
import org.apache.hadoop.hbase.Cell;

/**
 * The raw cells of a region's rows, in scan order: every version and every delete marker, families by name, then
 * qualifier ascending, timestamp descending, type descending within a row. The visible-cell rules of HBase are
 * applied on top by {@link RowReader}. Tablet data and the virtual hbase:meta region both provide one.
 */
public interface RowSource extends AutoCloseable {
  /** Moves to the next row in range, abandoning the rest of the current one; false when none is left. */
  boolean nextRow() throws IOException;

  /** The current row's key; the same array for all its cells. */
  byte[] row();

  /** Moves to the next raw cell of the current row; false at the end of the row. */
  boolean nextCell() throws IOException;

  byte[] family();

  byte[] qualifier();

  long timestamp();

  /** The cell's type code ({@code KeyValue.Type}). */
  byte typeByte();

  /** The cell's own TTL in milliseconds ({@link CellTtls}), {@link CellTtls#NONE} for a cell without one. */
  default long timeToLive() {
    return CellTtls.NONE;
  }

  /** The current cell as an HBase {@link Cell}, built only for cells that are returned. */
  Cell cell();

  /** Skips the older versions of the current column. */
  void skipColumn() throws IOException;

  /** Skips the rest of the current family in this row. */
  void skipFamily() throws IOException;

  /**
   * Moves the current family, in the read's direction, to the first cell at or after the given coordinates: a later
   * column of this row, or another row (rows of other families in between are still visited).
   *
   * @return false, moving nothing, when the position is not ahead of the current cell
   */
  boolean seekFamily(byte[] row, byte[] qualifier, long timestamp, byte type) throws IOException;

  /**
   * Goes back to the start of the current row in every family, to read (some of) its families again. Used for
   * families loaded on demand, read only once the filter has kept the row.
   */
  void rewindFamilies() throws IOException;

  /**
   * Whether reading never waits: the rows are in memory, or the source was opened refusing to wait ({@link
   * io.basalt.storage.data.Waiting#REFUSED}), reads only what it can without waiting and throws {@link
   * io.basalt.storage.errors.WouldBlockException} where it would have to wait.
   */
  default boolean readsWithoutWaiting() {
    return true;
  }

  /** Whether the source reads without waiting now and {@link #resumeBlocking} can make it one that may wait. */
  default boolean canResumeBlocking() {
    return false;
  }

  /**
   * Makes the source one that may wait, reading the same state of the data, positioned so that the next
   * {@link #nextRow()} returns the first row at or after {@code fromRow}, or the first row in range when null.
   */
  default void resumeBlocking(byte[] fromRow) throws IOException {
    throw new UnsupportedOperationException(getClass().getSimpleName() + " does not resume");
  }

  /** Whether rows come in descending order. */
  boolean isReversed();

  @Override
  void close();
}
