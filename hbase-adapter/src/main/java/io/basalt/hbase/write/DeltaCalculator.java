package io.basalt.hbase.write;

import io.basalt.hbase.read.CellTtls;
import io.basalt.storage.data.Waiting;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.client.Append;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.io.TimeRange;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Computes the new cells of an Increment or Append from the current values, as HBase does: per family, the latest
 * visible version of each column within the operation's time range; an Increment adds 8-byte longs, an Append
 * concatenates; a new version's timestamp is the later of now and one past the old version's, so versions of a
 * counter always move forward. The new version carries the mutation's TTL, or, without one, the old version's.
 */
final class DeltaCalculator {
  private DeltaCalculator() {}

  /** The cells to write, in family then qualifier order. Throws before anything is written if a value is bad. */
  static List<Cell> newCells(Mutation mutation, long nowMillis, RowGetter reader, Waiting waiting)
      throws IOException {
    boolean increment = mutation instanceof Increment;
    long ttl = CellTtls.of(mutation);
    TimeRange range = increment ? ((Increment) mutation).getTimeRange() : ((Append) mutation).getTimeRange();
    List<Cell> written = new ArrayList<>();
    for (Map.Entry<byte[], List<Cell>> family : mutation.getFamilyCellMap().entrySet()) {
      List<Cell> deltas = new ArrayList<>(family.getValue());
      deltas.sort(CellComparator.getInstance());
      Get get = new Get(mutation.getRow());
      for (Cell delta : deltas) {
        get.addColumn(family.getKey(), CellUtil.cloneQualifier(delta));
      }
      if (range != null) {
        get.setTimeRange(range.getMin(), range.getMax());
      }
      List<Cell> current = reader.get(get, waiting).listCells();
      int currentIndex = 0;
      for (int i = 0; i < deltas.size(); i++) {
        Cell delta = deltas.get(i);
        Cell old = null;
        if (current != null && currentIndex < current.size()
            && CellUtil.matchingQualifier(current.get(currentIndex), delta)) {
          old = current.get(currentIndex);
          // A column named twice is computed from the same old value both times, as in HBase.
          if (i < deltas.size() - 1 && !CellUtil.matchingQualifier(delta, deltas.get(i + 1))) {
            currentIndex++;
          }
        }
        byte[] value = increment ? incremented(delta, old) : appended(delta, old);
        long timestamp;
        // The mutation's TTL, or else the one the old version carried, as HBase carries the old cell's tags over.
        long newTtl = ttl;
        if (old != null) {
          timestamp = Math.max(old.getTimestamp() + 1, nowMillis);
          newTtl = ttl != CellTtls.NONE ? ttl : CellTtls.of(old);
        } else {
          timestamp = delta.getTimestamp() == HConstants.LATEST_TIMESTAMP ? nowMillis : delta.getTimestamp();
        }
        byte[] qualifier = CellUtil.cloneQualifier(delta);
        written.add(newTtl == CellTtls.NONE
            ? new KeyValue(mutation.getRow(), family.getKey(), qualifier, timestamp, KeyValue.Type.Put, value)
            : new KeyValue(mutation.getRow(), family.getKey(), qualifier, timestamp, KeyValue.Type.Put, value,
                CellTtls.tagList(newTtl)));
      }
    }
    return written;
  }

  private static byte[] incremented(Cell delta, Cell old) throws DoNotRetryIOException {
    long amount = longValue(delta);
    return Bytes.toBytes(old == null ? amount : longValue(old) + amount);
  }

  private static byte[] appended(Cell delta, Cell old) {
    byte[] tail = CellUtil.cloneValue(delta);
    return old == null ? tail : Bytes.add(CellUtil.cloneValue(old), tail);
  }

  private static long longValue(Cell cell) throws DoNotRetryIOException {
    if (cell.getValueLength() != Bytes.SIZEOF_LONG) {
      throw new DoNotRetryIOException("Field is not a long, it's " + cell.getValueLength() + " bytes wide");
    }
    return Bytes.toLong(cell.getValueArray(), cell.getValueOffset(), cell.getValueLength());
  }
}
