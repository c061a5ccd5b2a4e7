package io.basalt.tools.copy;

import java.io.IOException;
import java.util.Iterator;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.CellUtil;

/**
 * Walks two cell streams in HBase's cell order side by side, as a merge does, and records where they differ: a
 * cell (row, family, qualifier, timestamp and type) on one side only, or on both with different values. Only the
 * current cell of each side is held, so tables of any size compare in constant memory.
 */
final class CellStreamDiff {
  private static final CellComparator ORDER = CellComparator.getInstance();

  /** A stream of cells that may fail while reading (a scanner). */
  interface CellSource {
    Cell next() throws IOException;
  }

  private CellStreamDiff() {}

  static void compare(CellSource source, CellSource target, Differences differences) throws IOException {
    Cell a = source.next();
    Cell b = target.next();
    while (a != null || b != null) {
      int order = a == null ? 1 : b == null ? -1 : ORDER.compare(a, b, true);
      if (order < 0) {
        differences.onlyInSource(a);
        a = source.next();
      } else if (order > 0) {
        differences.onlyInTarget(b);
        b = target.next();
      } else {
        if (CellUtil.matchingValue(a, b)) {
          differences.equal();
        } else {
          differences.valueDiffers(a, b);
        }
        a = source.next();
        b = target.next();
      }
    }
  }

  /** Cells from an iterator, for tests and in-memory callers. */
  static CellSource of(Iterator<? extends Cell> cells) {
    return () -> cells.hasNext() ? cells.next() : null;
  }
}
