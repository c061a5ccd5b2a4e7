package io.basalt.hbase.read;

import io.basalt.storage.data.TableCursor;
import io.basalt.storage.errors.StorageException;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.IndividualBytesFieldCell;
import org.apache.hadoop.hbase.KeyValue;

/**
 * A tablet's rows, read through a storage cursor. Cells are materialized only when asked for. A row's cells share
 * the row's array and the family's name; nothing downstream writes into a cell's arrays.
 */
public final class TabletRowSource implements RowSource {
  private final TableCursor cursor;

  public TabletRowSource(TableCursor cursor) {
    this.cursor = cursor;
  }

  @Override
  public boolean nextRow() throws StorageException {
    return cursor.nextRow();
  }

  @Override
  public byte[] row() {
    return cursor.row();
  }

  @Override
  public boolean nextCell() throws StorageException {
    return cursor.nextCell();
  }

  @Override
  public byte[] family() {
    return cursor.family();
  }

  @Override
  public byte[] qualifier() {
    return cursor.qualifier();
  }

  @Override
  public long timestamp() {
    return cursor.timestamp();
  }

  /** The cell's type, a put with its own TTL ({@link CellTtls#TTL_PUT}) read as the Put it is. */
  @Override
  public byte typeByte() {
    return CellTtls.readType(cursor.type());
  }

  /** Plain cells answer from the key alone; only a put stored with a TTL has its value read for it. */
  @Override
  public long timeToLive() {
    return cursor.type() == CellTtls.TTL_PUT ? CellTtls.storedTtl(cursor.value()) : CellTtls.NONE;
  }

  /**
   * The current cell over the cursor's own arrays, copied nowhere: a KeyValue would copy the value (already a
   * fresh array per cell) and the key into one more array, only for the cell block encoder to copy them again. A
   * put stored with a TTL is the Put past the value's TTL prefix, with the TTL as HBase's tag.
   */
  @Override
  public Cell cell() {
    if (cursor.type() != CellTtls.TTL_PUT) {
      return new IndividualBytesFieldCell(cursor.row(), cursor.family(), cursor.qualifier(), cursor.timestamp(),
          KeyValue.Type.codeToType(typeByte()), cursor.value());
    }
    byte[] row = cursor.row();
    byte[] family = cursor.family();
    byte[] qualifier = cursor.qualifier();
    byte[] stored = cursor.value();
    byte[] tags = CellTtls.tags(CellTtls.storedTtl(stored));
    int offset = CellTtls.valueOffset();
    return new IndividualBytesFieldCell(row, 0, row.length, family, 0, family.length, qualifier, 0,
        qualifier.length, cursor.timestamp(), KeyValue.Type.Put, 0L, stored, offset, stored.length - offset, tags, 0,
        tags.length);
  }

  @Override
  public void skipColumn() throws StorageException {
    cursor.skipColumn();
  }

  @Override
  public void skipFamily() throws StorageException {
    cursor.skipFamily();
  }

  @Override
  public boolean seekFamily(byte[] row, byte[] qualifier, long timestamp, byte type) throws StorageException {
    return cursor.seekFamily(row, qualifier, timestamp, type & 0xFF);
  }

  @Override
  public void rewindFamilies() throws StorageException {
    cursor.rewindFamilies();
  }

  @Override
  public boolean readsWithoutWaiting() {
    return cursor.readsWithoutWaiting();
  }

  @Override
  public boolean canResumeBlocking() {
    return cursor.readsWithoutWaiting() && cursor.isResumable();
  }

  @Override
  public void resumeBlocking(byte[] fromRow) throws StorageException {
    cursor.resumeBlocking(fromRow);
  }

  @Override
  public boolean isReversed() {
    return cursor.isReversed();
  }

  @Override
  public void close() {
    cursor.close();
  }
}
