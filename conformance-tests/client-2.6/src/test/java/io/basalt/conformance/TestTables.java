package io.basalt.conformance;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;

/** Table set-up and result rendering shared by the conformance tests. */
final class TestTables {
  private TestTables() {}

  /** Creates a table whose families keep {@code versions} versions, split at the given rows. */
  static void create(Connection connection, TableName name, int versions, String[] families, String... splits)
      throws IOException {
    TableDescriptorBuilder table = TableDescriptorBuilder.newBuilder(name);
    for (String family : families) {
      table.setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(Bytes.toBytes(family)).setMaxVersions(versions)
          .build());
    }
    byte[][] splitKeys = new byte[splits.length][];
    for (int i = 0; i < splits.length; i++) {
      splitKeys[i] = Bytes.toBytes(splits[i]);
    }
    try (Admin admin = connection.getAdmin()) {
      if (splitKeys.length == 0) {
        admin.createTable(table.build());
      } else {
        admin.createTable(table.build(), splitKeys);
      }
    }
  }

  /** The row keys a scan returns, in order. */
  static List<String> rows(Table table, Scan scan) throws IOException {
    List<String> rows = new ArrayList<>();
    try (ResultScanner scanner = table.getScanner(scan)) {
      for (Result result : scanner) {
        rows.add(Bytes.toString(result.getRow()));
      }
    }
    return rows;
  }

  /** Every cell a scan returns as {@code row/family:qualifier=value}, in order. */
  static List<String> cells(Table table, Scan scan) throws IOException {
    List<String> cells = new ArrayList<>();
    try (ResultScanner scanner = table.getScanner(scan)) {
      for (Result result : scanner) {
        cells.addAll(cells(result));
      }
    }
    return cells;
  }

  static List<String> cells(Result result) {
    List<String> cells = new ArrayList<>();
    if (result.rawCells() == null) {
      return cells;
    }
    for (Cell cell : result.rawCells()) {
      cells.add(describe(cell));
    }
    return cells;
  }

  /** Every cell of a result as {@code family:qualifier@timestamp=value}, in order: for tests of versions. */
  static List<String> stamped(Result result) {
    List<String> cells = new ArrayList<>();
    if (result.rawCells() == null) {
      return cells;
    }
    for (Cell cell : result.rawCells()) {
      cells.add(Bytes.toString(CellUtil.cloneFamily(cell)) + ":" + Bytes.toString(CellUtil.cloneQualifier(cell))
          + "@" + cell.getTimestamp() + "=" + Bytes.toStringBinary(CellUtil.cloneValue(cell)));
    }
    return cells;
  }

  static String describe(Cell cell) {
    return Bytes.toString(CellUtil.cloneRow(cell)) + "/" + Bytes.toString(CellUtil.cloneFamily(cell)) + ":"
        + Bytes.toString(CellUtil.cloneQualifier(cell)) + "=" + Bytes.toStringBinary(CellUtil.cloneValue(cell));
  }
}
