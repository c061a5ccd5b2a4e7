package io.basalt.hbase.compaction;

import io.basalt.storage.data.TableCursor;
import io.basalt.storage.errors.StorageException;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Brings a forward cursor onto each of a run of ascending rows in turn, stepping when the next one is near and
 * seeking when it is not.
 *
 * <p>A compaction's rows with garbage are usually neighbours (an overwrite-heavy load leaves garbage in most rows),
 * and a seek repositions every family's RocksDB iterator through the memtable and each sorted run, while stepping
 * to the next row costs little more than reading past the current one; a profile of PE randomWrite had a quarter of
 * the compaction thread's time in re-seeking rows that were next to each other.
 */
final class ForwardRowWalk {
  /** Rows stepped over before a seek is cheaper: a seek costs about as much as reading a few small rows. */
  static final int ROWS_STEPPED_BEFORE_SEEKING = 4;

  private final TableCursor cursor;
  /** The row the cursor stands on that no caller has been given yet, or null if the cursor must move first. */
  private byte[] pending;
  private boolean exhausted;

  ForwardRowWalk(TableCursor cursor) {
    this.cursor = cursor;
  }

  /**
   * Moves the cursor onto {@code row}, which must follow every row asked for before; the caller then reads its
   * cells. Returns false, leaving the cursor where a later row may still be reached, if the row has no cells.
   */
  boolean reach(byte[] row) throws StorageException {
    int stepped = 0;
    while (!exhausted) {
      if (pending != null) {
        int order = Bytes.compareTo(pending, row);
        if (order >= 0) {
          if (order > 0) {
            return false; // passed it: the row has no cells, and the cursor waits for a later one
          }
          pending = null;
          return true;
        }
        if (stepped++ == ROWS_STEPPED_BEFORE_SEEKING) {
          cursor.seekRow(row);
        }
      }
      if (cursor.nextRow()) {
        pending = cursor.row();
      } else {
        exhausted = true;
      }
    }
    return false;
  }
}
