package io.basalt.tools.copy;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;

/**
 * Turns the cells of a raw scan back into the writes that recreate them: puts keep their timestamps, and each delete
 * marker is written as a marker of the same type at the same timestamp. HBase keeps a put that is older than a marker
 * (hidden, until a major compaction drops both) whichever was written first, so the target's raw state matches the
 * source's without replaying writes in their original order.
 */
final class RawMutations {
  private RawMutations() {}

  /** The writes for one (possibly partial) row of a raw scan: a put, a delete, both or neither. */
  static List<Mutation> of(Result result) throws IOException {
    Put put = null;
    Delete delete = null;
    for (Cell cell : cells(result)) {
      if (cell.getType() == Cell.Type.Put) {
        if (put == null) {
          put = new Put(CellUtil.cloneRow(cell));
        }
        put.add(cell);
      } else {
        if (delete == null) {
          delete = new Delete(CellUtil.cloneRow(cell));
        }
        delete.add(cell);
      }
    }
    List<Mutation> mutations = new ArrayList<>(2);
    if (put != null) {
      mutations.add(put);
    }
    if (delete != null) {
      mutations.add(delete);
    }
    return mutations;
  }

  /** A result's cells; none (not null) for an empty result. */
  static Cell[] cells(Result result) {
    Cell[] cells = result.rawCells();
    return cells == null ? new Cell[0] : cells;
  }
}
