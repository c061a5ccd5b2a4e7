package io.basalt.hbase.meta;

import io.basalt.hbase.read.RowSource;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.KeyValue;

/** Rows of the in-memory hbase:meta snapshot between two indexes, forwards or backwards. */
final class MetaRowSource implements RowSource {
  private final List<MetaRows.Row> rows;
  private final int from;
  private final int to;
  private final boolean reversed;
  private int rowIndex;
  private MetaRows.Row row;
  private int cellIndex;
  private Cell cell;

  /** Serves {@code rows[from, to)}; backwards when {@code reversed}. */
  MetaRowSource(List<MetaRows.Row> rows, int from, int to, boolean reversed) {
    this.rows = rows;
    this.from = from;
    this.to = to;
    this.reversed = reversed;
    this.rowIndex = reversed ? to : from - 1;
  }

  @Override
  public boolean nextRow() {
    rowIndex += reversed ? -1 : 1;
    if (rowIndex < from || rowIndex >= to) {
      row = null;
      return false;
    }
    row = rows.get(rowIndex);
    cellIndex = -1;
    cell = null;
    return true;
  }

  @Override
  public void rewindFamilies() {
    cellIndex = -1;
    cell = null;
  }

  @Override
  public byte[] row() {
    return row.key();
  }

  @Override
  public boolean nextCell() {
    if (row == null || cellIndex + 1 >= row.cells().size()) {
      cell = null;
      return false;
    }
    cell = row.cells().get(++cellIndex);
    return true;
  }

  @Override
  public byte[] family() {
    return CellUtil.cloneFamily(cell);
  }

  @Override
  public byte[] qualifier() {
    return CellUtil.cloneQualifier(cell);
  }

  @Override
  public long timestamp() {
    return cell.getTimestamp();
  }

  @Override
  public byte typeByte() {
    return cell.getTypeByte();
  }

  @Override
  public Cell cell() {
    return cell;
  }

  @Override
  public void skipColumn() {
    while (cellIndex + 1 < row.cells().size() && CellUtil.matchingColumn(row.cells().get(cellIndex + 1), cell)) {
      cellIndex++;
    }
  }

  @Override
  public void skipFamily() {
    byte[] family = family();
    while (cellIndex + 1 < row.cells().size()
        && Arrays.equals(CellUtil.cloneFamily(row.cells().get(cellIndex + 1)), family)) {
      cellIndex++;
    }
  }

  /**
   * Within the current row, steps the family forward to the first cell at or after the target. hbase:meta is
   * small and never read with filters that leave a row by hint, so other rows are not sought: the read simply
   * continues cell by cell.
   */
  @Override
  public boolean seekFamily(byte[] targetRow, byte[] qualifier, long timestamp, byte type) {
    if (!Arrays.equals(targetRow, row.key())) {
      return false;
    }
    KeyValue target = new KeyValue(targetRow, CellUtil.cloneFamily(cell), qualifier, timestamp,
        KeyValue.Type.codeToType(type));
    if (CellComparator.getInstance().compare(target, cell) <= 0) {
      return false;
    }
    while (cellIndex + 1 < row.cells().size()
        && CellComparator.getInstance().compare(row.cells().get(cellIndex + 1), target) < 0) {
      cellIndex++;
    }
    return true;
  }

  @Override
  public boolean isReversed() {
    return reversed;
  }

  @Override
  public void close() {}
}
