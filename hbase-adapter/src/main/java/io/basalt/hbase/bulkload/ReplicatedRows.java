package io.basalt.hbase.bulkload;

import io.basalt.storage.Table;
import io.basalt.storage.data.Durability;
import io.basalt.storage.data.RowMutation;
import io.basalt.storage.data.Waiting;
import io.basalt.storage.errors.StorageException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A family's loaded cells written through the tablets' Raft logs, as a cluster's writes are: a row's cells are one
 * mutation, and mutations go to the table in writes of about {@link #BATCH_BYTES}, each as atomic as any replicated
 * write (the store splits one into log entries of {@code basalt.cluster.raft.entry.max.bytes} between rows). A
 * replica takes the cells from its log, so no file has to reach the other nodes; the price is that the load is not
 * one change: readers may see the rows of the writes done while the rest is still coming.
 */
final class ReplicatedRows implements CellSink {
  /** Enough rows for one write to amortize a round of the log, small enough to keep its entries few. */
  static final int BATCH_BYTES = 4 << 20;

  private final Table table;
  private final byte[] family;
  private final Durability durability;
  private final List<RowMutation> batch = new ArrayList<>();
  private RowMutation.Builder row;
  private long batchBytes;
  private long entries;

  ReplicatedRows(Table table, byte[] family, Durability durability) {
    this.table = table;
    this.family = family;
    this.durability = durability;
  }

  @Override
  public void put(byte[] rowKey, byte[] qualifier, long timestamp, int type, byte[] value) throws StorageException {
    rowOf(rowKey).add(family, qualifier, timestamp, type, value);
    batchBytes += rowKey.length + qualifier.length + value.length + Long.BYTES + 1;
    entries++;
  }

  @Override
  public void erase(byte[] rowKey, byte[] qualifier, long timestamp, int type) throws StorageException {
    rowOf(rowKey).erase(family, qualifier, timestamp, type);
    batchBytes += rowKey.length + qualifier.length + Long.BYTES + 1;
    entries++;
  }

  /** The mutation of {@code rowKey}, a new one when the row changes (ending the last, and its batch when full). */
  private RowMutation.Builder rowOf(byte[] rowKey) throws StorageException {
    if (row != null && Arrays.equals(row.row(), rowKey)) {
      return row;
    }
    if (row != null) {
      batch.add(row.build());
      if (batchBytes >= BATCH_BYTES) {
        write();
      }
    }
    row = RowMutation.forRow(rowKey);
    return row;
  }

  private void write() throws StorageException {
    table.writeAll(List.copyOf(batch), durability, Waiting.ALLOWED);
    batch.clear();
    batchBytes = 0;
  }

  @Override
  public long finish() throws StorageException {
    if (row != null) {
      batch.add(row.build());
      row = null;
    }
    if (!batch.isEmpty()) {
      write();
    }
    return entries;
  }
}
