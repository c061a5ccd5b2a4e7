package io.basalt.hbase.read;

import org.apache.hadoop.hbase.Cell;

/** A source with no rows, for scans whose range misses the region entirely. */
public enum EmptyRowSource implements RowSource {
  INSTANCE;

  @Override
  public boolean nextRow() {
    return false;
  }

  @Override
  public byte[] row() {
    throw new IllegalStateException("no rows");
  }

  @Override
  public boolean nextCell() {
    return false;
  }

  @Override
  public byte[] family() {
    throw new IllegalStateException("no cells");
  }

  @Override
  public byte[] qualifier() {
    throw new IllegalStateException("no cells");
  }

  @Override
  public long timestamp() {
    throw new IllegalStateException("no cells");
  }

  @Override
  public byte typeByte() {
    throw new IllegalStateException("no cells");
  }

  @Override
  public Cell cell() {
    throw new IllegalStateException("no cells");
  }

  @Override
  public void skipColumn() {}

  @Override
  public void skipFamily() {}

  @Override
  public void rewindFamilies() {}

  @Override
  public boolean seekFamily(byte[] row, byte[] qualifier, long timestamp, byte type) {
    return false;
  }

  @Override
  public boolean isReversed() {
    return false;
  }

  @Override
  public void close() {}
}
