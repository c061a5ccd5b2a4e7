package io.basalt.conformance.mapreduce;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;

/** A table's cells as text, one line a cell, in scan order: what two tables are compared by. */
final class TableCells {
  /** Values up to this long are shown whole; a failure message on kilobyte values would be unreadable. */
  private static final int SHOWN_VALUE_BYTES = 64;

  private TableCells() {}

  /** Every version a read sees, as {@code row/family:qualifier@timestamp=value}. */
  static List<String> visible(Server server, TableName name) throws IOException {
    return cells(server, name, new Scan().readAllVersions());
  }

  /**
   * Every cell a raw scan returns: the visible ones, those delete markers hide and the markers themselves, each
   * with its type.
   */
  static List<String> raw(Server server, TableName name) throws IOException {
    return cells(server, name, new Scan().readAllVersions().setRaw(true));
  }

  private static List<String> cells(Server server, TableName name, Scan scan) throws IOException {
    List<String> cells = new ArrayList<>();
    try (Table table = server.connection().getTable(name); ResultScanner scanner = table.getScanner(scan)) {
      for (Result result : scanner) {
        for (Cell cell : result.rawCells()) {
          cells.add(describe(cell, scan.isRaw()));
        }
      }
    }
    return cells;
  }

  /** One cell as text; a value longer than {@value #SHOWN_VALUE_BYTES} bytes by its hash and length. */
  static String describe(Cell cell, boolean withType) {
    byte[] value = CellUtil.cloneValue(cell);
    return Bytes.toStringBinary(CellUtil.cloneRow(cell)) + "/" + Bytes.toStringBinary(CellUtil.cloneFamily(cell))
        + ":" + Bytes.toStringBinary(CellUtil.cloneQualifier(cell)) + "@" + cell.getTimestamp()
        + (withType ? "/" + cell.getType() : "") + "="
        + (value.length > SHOWN_VALUE_BYTES ? "#" + Arrays.hashCode(value) + "/" + value.length
            : Bytes.toStringBinary(value));
  }
}
