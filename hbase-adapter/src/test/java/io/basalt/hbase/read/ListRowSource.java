package io.basalt.hbase.read;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.CellUtil;

/** Raw cells held in memory, sorted in HBase cell order: the RowSource contract without any storage. */
final class ListRowSource implements RowSource {
  private final List<List<Cell>> rows = new ArrayList<>();
  private int rowIndex = -1;
  private int cellIndex;

  ListRowSource(List<Cell> cells) {
    List<Cell> sorted = new ArrayList<>(cells);
    sorted.sort(CellComparator.getInstance());
    for (Cell cell : sorted) {
      if (rows.isEmpty() || !CellUtil.matchingRows(rows.get(rows.size() - 1).get(0), cell)) {
        rows.add(new ArrayList<>());
      }
      rows.get(rows.size() - 1).add(cell);
    }
  }

  @Override
  public boolean nextRow() {
    rowIndex++;
    cellIndex = -1;
    return rowIndex < rows.size();
  }

  @Override
  public byte[] row() {
    return CellUtil.cloneRow(rows.get(rowIndex).get(0));
  }

  @Override
  public boolean nextCell() {
    if (cellIndex + 1 >= rows.get(rowIndex).size()) {
      return false;
    }
    cellIndex++;
    return true;
  }

  @Override
  public byte[] family() {
    return CellUtil.cloneFamily(cell());
  }

  @Override
  public byte[] qualifier() {
    return CellUtil.cloneQualifier(cell());
  }

  @Override
  public long timestamp() {
    return cell().getTimestamp();
  }

  @Override
  public byte typeByte() {
    return cell().getTypeByte();
  }

  /** The TTL of the cell's TTL tag, as a tablet's source reads it from the stored cell. */
  @Override
  public long timeToLive() {
    return CellTtls.of(cell());
  }

  @Override
  public Cell cell() {
    return rows.get(rowIndex).get(cellIndex);
  }

  @Override
  public void skipColumn() {
    List<Cell> row = rows.get(rowIndex);
    Cell current = cell();
    while (cellIndex + 1 < row.size() && CellUtil.matchingColumn(row.get(cellIndex + 1), current)) {
      cellIndex++;
    }
  }

  @Override
  public void rewindFamilies() {
    cellIndex = -1;
  }

  @Override
  public void skipFamily() {
    List<Cell> row = rows.get(rowIndex);
    byte[] family = family();
    while (cellIndex + 1 < row.size() && Arrays.equals(CellUtil.cloneFamily(row.get(cellIndex + 1)), family)) {
      cellIndex++;
    }
  }

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
