package io.basalt.hbase.write;

import io.basalt.hbase.read.CellTtls;
import io.basalt.storage.data.RowMutation;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The row mutations of one call that go to storage in one write, in the call's order, so that a later one's cells
 * replace an earlier one's at the same coordinates.
 *
 * <p>HBase stamps every cell of such a write (a mutateRow, a checkAndMutate, the puts and deletes of a batch) with
 * one sequence number, and its memstore keeps one cell per coordinates and sequence number: the last one written. A
 * put whose own TTL had run out before it was written changes nothing on its own, since every read, flush and
 * compaction passes over it; but it still takes the place of the same call's earlier puts at its coordinates, and
 * what reads then find there is what an older call left. {@link #withdrawPuts} does that here.
 */
final class OneWrite {
  private final List<RowMutation> mutations = new ArrayList<>();

  void add(RowMutation mutation) {
    mutations.add(mutation);
  }

  /** The mutations in the call's order; those left empty by a withdrawal included. */
  List<RowMutation> mutations() {
    return mutations;
  }

  boolean isEmpty() {
    return mutations.isEmpty();
  }

  void clear() {
    mutations.clear();
  }

  /**
   * Takes back every put the call's earlier mutations of the row wrote at these coordinates, with its own TTL or
   * without, and the erasures of an older call's put there that came with them.
   */
  void withdrawPuts(byte[] row, byte[] family, byte[] qualifier, long timestamp) {
    for (int i = 0; i < mutations.size(); i++) {
      RowMutation mutation = mutations.get(i);
      if (!Bytes.equals(mutation.row(), row)) {
        continue;
      }
      RowMutation.Builder kept = RowMutation.forRow(row);
      boolean changed = false;
      for (RowMutation.CellWrite cell : mutation.cells()) {
        if (isPutAt(cell.family(), cell.qualifier(), cell.timestamp(), cell.type(), family, qualifier, timestamp)) {
          changed = true;
        } else {
          kept.add(cell.family(), cell.qualifier(), cell.timestamp(), cell.type(), cell.value());
        }
      }
      for (RowMutation.CellErasure erasure : mutation.erasures()) {
        if (isPutAt(erasure.family(), erasure.qualifier(), erasure.timestamp(), erasure.type(), family, qualifier,
            timestamp)) {
          changed = true;
        } else {
          kept.erase(erasure.family(), erasure.qualifier(), erasure.timestamp(), erasure.type());
        }
      }
      if (changed) {
        mutations.set(i, kept.build());
      }
    }
  }

  private static boolean isPutAt(byte[] cellFamily, byte[] cellQualifier, long cellTimestamp, int type,
      byte[] family, byte[] qualifier, long timestamp) {
    return (type == KeyValue.Type.Put.getCode() || type == CellTtls.TTL_PUT) && cellTimestamp == timestamp
        && Bytes.equals(cellFamily, family) && Bytes.equals(cellQualifier, qualifier);
  }
}
