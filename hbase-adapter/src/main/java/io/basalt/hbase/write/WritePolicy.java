package io.basalt.hbase.write;

import io.basalt.hbase.schema.CellTtlFamilies;
import io.basalt.storage.Table;
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
 *
 * <p>With {@code everyFamilyHoldsCellTtls} (cluster mode) nothing is recorded and every family is taken to hold
 * such puts, so a plain put always erases the key a put with its own TTL would have used. The record is a catalog
 * write, which only the catalog's leader can make, while the put is served by its tablet's leader, often another
 * node: recording there failed the put (NotLeaderException), and retrying reached the same node. The price is one
 * erasure per plain put cell, written in the same batch.
 */
public record WritePolicy(NonceRegistry nonces, long maxCellBytes, CellTtlRecorder cellTtlFamilies,
    boolean everyFamilyHoldsCellTtls) {

  /** A single node's policy: families are recorded as they get their first put with its own TTL. */
  public WritePolicy(NonceRegistry nonces, long maxCellBytes, CellTtlRecorder cellTtlFamilies) {
    this(nonces, maxCellBytes, cellTtlFamilies, false);
  }

  /** Whether the family counts as holding puts with their own TTL (see {@link CellTtlFamilies}). */
  boolean holdsCellTtls(Table storage, byte[] family) {
    return everyFamilyHoldsCellTtls || CellTtlFamilies.held(storage, family);
  }

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
