package io.basalt.hbase.bulkload;

import io.basalt.hbase.read.CellTtls;
import io.basalt.storage.errors.StorageException;
import io.basalt.storage.ingest.TabletIngest;
import java.io.IOException;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Turns an HFile's cells into the entries of a family's file in the store, as a region server's writes store them
 * ({@code write.MutationConverter}): a put under its type, a put with a TTL tag under {@link CellTtls#TTL_PUT} with
 * its TTL before the value, delete markers under their own types with no value. A put with a TTL erases the plain
 * put of its coordinates, and a plain put in a family that holds puts with a TTL erases that key, so the cell loaded
 * replaces what was stored at its coordinates, whichever kind it was. Other tags (visibility labels, cell ACLs)
 * are not kept, as Basalt keeps none.
 *
 * <p>A load below the stored cells (HBase's bulk load without an assigned sequence number, whose file then counts
 * as older than every other of its store) passes over each cell whose coordinates the table holds already, in
 * either kind of put: the stored cell is what HBase's reads return there.
 */
final class StoredCells {
  private final byte[] family;
  private final boolean familyHoldsTtls;
  private final String file;
  private final TabletIngest below;
  private boolean sawTtl;
  private long passedOver;

  /**
   * @param familyHoldsTtls whether the family holds puts with their own TTL (see {@code schema.CellTtlFamilies})
   * @param file the file or files the cells come from, for messages
   * @param below the ingestion whose table's stored cells stand above the loaded ones; null for a load above them
   */
  StoredCells(byte[] family, boolean familyHoldsTtls, String file, TabletIngest below) {
    this.family = family;
    this.familyHoldsTtls = familyHoldsTtls;
    this.file = file;
    this.below = below;
  }

  /**
   * Writes one cell's entries. The cell is of the family: the loader checks each file's family once, and the file
   * itself that every cell has its first one's ({@link HFileSource}).
   *
   * @throws DoNotRetryIOException if the cell is of a type no store holds
   */
  void write(Cell cell, CellSink out) throws IOException {
    byte[] row = CellUtil.cloneRow(cell);
    byte[] qualifier = CellUtil.cloneQualifier(cell);
    long timestamp = cell.getTimestamp();
    int type = cell.getTypeByte() & 0xFF;
    if (below != null && stored(row, qualifier, timestamp, type)) {
      passedOver++;
      return;
    }
    if (type == KeyValue.Type.Put.getCode()) {
      long ttl = CellTtls.of(cell);
      byte[] value = CellUtil.cloneValue(cell);
      if (ttl != CellTtls.NONE) {
        sawTtl = true;
        // The plain put's key sorts before the TTL put's (higher type codes first): erasure, then the cell.
        if (below == null) {
          out.erase(row, qualifier, timestamp, KeyValue.Type.Put.getCode());
        }
        out.put(row, qualifier, timestamp, CellTtls.TTL_PUT, CellTtls.storedValue(ttl, value));
      } else {
        out.put(row, qualifier, timestamp, type, value);
        if (familyHoldsTtls && below == null) {
          out.erase(row, qualifier, timestamp, CellTtls.TTL_PUT);
        }
      }
    } else if (type == KeyValue.Type.Delete.getCode() || type == KeyValue.Type.DeleteColumn.getCode()
        || type == KeyValue.Type.DeleteFamily.getCode() || type == KeyValue.Type.DeleteFamilyVersion.getCode()) {
      out.put(row, qualifier, timestamp, type, HConstants.EMPTY_BYTE_ARRAY);
    } else {
      throw new DoNotRetryIOException("HFile " + file + " holds a cell of type " + type + " in row "
          + Bytes.toStringBinary(row) + ", which no store holds");
    }
  }

  /** Whether the table stores a cell of these coordinates: of this type, or either kind of put for a put. */
  private boolean stored(byte[] row, byte[] qualifier, long timestamp, int type) throws StorageException {
    if (below.stores(family, row, qualifier, timestamp, type)) {
      return true;
    }
    return type == KeyValue.Type.Put.getCode()
        && below.stores(family, row, qualifier, timestamp, CellTtls.TTL_PUT);
  }

  /** Cells passed over for standing below a stored cell of their coordinates. */
  long passedOver() {
    return passedOver;
  }

  /** Whether a put with its own TTL was written: the family must be recorded as holding such puts. */
  boolean sawTtl() {
    return sawTtl;
  }
}
