package io.basalt.hbase.write;

import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.client.Append;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Put;

/**
 * Server-wide rules every region's writes follow: the nonces that make counter retries safe, the largest cell
 * a write may carry or an Append may produce ({@code hbase.server.keyvalue.maxsize}; 0 for no limit), and where a
 * family's first put with its own TTL is recorded.
 */
public record WritePolicy(NonceRegistry nonces, long maxCellBytes, CellTtlRecorder cellTtlFamilies) {

  /** Refuses a Put, Increment or Append carrying a cell over the limit, as HBase's region server does. */
  void checkCellSizes(Mutation mutation) throws DoNotRetryIOException {
    if (maxCellBytes <= 0
        || !(mutation instanceof Put || mutation instanceof Append || mutation instanceof Increment)) {
      return;
    }
    for (Map.Entry<byte[], List<Cell>> family : mutation.getFamilyCellMap().entrySet()) {
      for (Cell cell : family.getValue()) {
        checkCellSize(cell);
      }
    }
  }

  void checkCellSize(Cell cell) throws DoNotRetryIOException {
    if (maxCellBytes <= 0) {
      return;
    }
    long size = cell.getSerializedSize() + Integer.BYTES;
    if (size > maxCellBytes) {
      throw new DoNotRetryIOException("Cell with size " + size + " exceeds limit of " + maxCellBytes
          + " bytes (hbase.server.keyvalue.maxsize)");
    }
  }
}
