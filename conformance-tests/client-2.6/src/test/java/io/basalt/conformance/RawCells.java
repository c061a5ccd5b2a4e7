package io.basalt.conformance;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;

/** What a table stores, read through a raw scan of every version: hidden cells and delete markers included. */
final class RawCells {
  private RawCells() {}

  /** Every stored cell and marker in scan order, as {@code row/family:qualifier/timestamp/Type=value}. */
  static List<String> of(Table table) throws IOException {
    List<String> cells = new ArrayList<>();
    try (ResultScanner scanner = table.getScanner(new Scan().setRaw(true).readAllVersions())) {
      for (Result result : scanner) {
        for (Cell cell : result.rawCells()) {
          String value = CellUtil.isDelete(cell) ? "" : "=" + Bytes.toString(CellUtil.cloneValue(cell));
          cells.add(Bytes.toString(CellUtil.cloneRow(cell)) + "/" + Bytes.toString(CellUtil.cloneFamily(cell)) + ":"
              + Bytes.toString(CellUtil.cloneQualifier(cell)) + "/" + cell.getTimestamp() + "/" + cell.getType()
              + value);
        }
      }
    }
    return cells;
  }
}
