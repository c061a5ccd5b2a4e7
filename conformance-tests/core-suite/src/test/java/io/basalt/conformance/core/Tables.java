package io.basalt.conformance.core;

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
import org.apache.hadoop.hbase.client.RetriesExhaustedWithDetailsException;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;

/** Table set-up and result rendering for the core suite, written against API every client version has. */
final class Tables {
  private Tables() {}

  static byte[] b(String text) {
    return Bytes.toBytes(text);
  }

  /** A descriptor with these families, each keeping {@code versions} versions. */
  static TableDescriptor descriptor(TableName name, int versions, String... families) {
    TableDescriptorBuilder table = TableDescriptorBuilder.newBuilder(name);
    for (String family : families) {
      table.setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(b(family)).setMaxVersions(versions).build());
    }
    return table.build();
  }

  static byte[][] splitKeys(String... splits) {
    byte[][] keys = new byte[splits.length][];
    for (int i = 0; i < splits.length; i++) {
      keys[i] = b(splits[i]);
    }
    return keys;
  }

  /** Creates a table of one-version families {@code families}, split at {@code splits}, and opens it. */
  static Table create(Connection connection, TableName name, String[] families, String... splits)
      throws IOException {
    try (Admin admin = connection.getAdmin()) {
      if (splits.length == 0) {
        admin.createTable(descriptor(name, 1, families));
      } else {
        admin.createTable(descriptor(name, 1, families), splitKeys(splits));
      }
    }
    return connection.getTable(name);
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

  static List<String> rows(List<Result> results) {
    List<String> rows = new ArrayList<>();
    for (Result result : results) {
      rows.add(Bytes.toString(result.getRow()));
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

  /** The cells of a result as {@code row/family:qualifier=value}, in order. */
  static List<String> cells(Result result) {
    List<String> cells = new ArrayList<>();
    if (result.rawCells() == null) {
      return cells;
    }
    for (Cell cell : result.rawCells()) {
      cells.add(Bytes.toString(CellUtil.cloneRow(cell)) + "/" + Bytes.toString(CellUtil.cloneFamily(cell)) + ":"
          + Bytes.toString(CellUtil.cloneQualifier(cell)) + "=" + Bytes.toStringBinary(CellUtil.cloneValue(cell)));
    }
    return cells;
  }

  /**
   * Whether an error is, or was caused by, an error of {@code type}, also where a client reports the failed
   * actions of a batch as a list of causes.
   */
  static boolean reports(Throwable error, Class<? extends Throwable> type) {
    for (Throwable t = error; t != null; t = t.getCause()) {
      if (type.isInstance(t)) {
        return true;
      }
      if (t instanceof RetriesExhaustedWithDetailsException details) {
        for (int i = 0; i < details.getNumExceptions(); i++) {
          if (reports(details.getCause(i), type)) {
            return true;
          }
        }
      }
    }
    return false;
  }

  /** The first throwable of {@code type} in a cause chain, or null; clients wrap server errors differently. */
  static <T extends Throwable> T causeOfType(Throwable error, Class<T> type) {
    for (Throwable t = error; t != null; t = t.getCause()) {
      if (type.isInstance(t)) {
        return type.cast(t);
      }
    }
    return null;
  }
}
