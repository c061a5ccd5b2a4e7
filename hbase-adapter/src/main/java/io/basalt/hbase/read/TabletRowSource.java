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

  @Override
  public byte typeByte() {
    return (byte) cursor.type();
  }

  /**
   * The current cell over the cursor's own arrays, copied nowhere: a KeyValue would copy the value (already a
   * fresh array per cell) and the key into one more array, only for the cell block encoder to copy them again.
   */
  @Override
  public Cell cell() {
    return new IndividualBytesFieldCell(cursor.row(), cursor.family(), cursor.qualifier(), cursor.timestamp(),
        KeyValue.Type.codeToType(typeByte()), cursor.value());
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
