package io.basalt.conformance.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.BasaltServerExtension;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.mapreduce.CopyTable;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.util.ToolRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * HBase's own CopyTable, from hbase-mapreduce 2.6.4 as released, copies a Basalt table of several megabytes into
 * another in Hadoop's local job runner, and every cell arrives. CopyTable scans with a batch of
 * {@code Integer.MAX_VALUE}; its rows are wider than what is left of a 2 MB scan response when they come up, so
 * the size limit cuts rows and the rest of each comes in the next call.
 */
class CopyTableTest {
  @RegisterExtension
  static final BasaltServerExtension BASALT = new BasaltServerExtension();

  private static final byte[][] FAMILIES = {Bytes.toBytes("f"), Bytes.toBytes("g")};
  private static final int ROWS = 300;
  private static final int CELLS_PER_FAMILY = 5;
  /** 300 rows of 10 cells of 2 KB: 6 MB, so each of the table's two regions outgrows one scan response. */
  private static final int VALUE_BYTES = 2048;
  /** The client's default {@code hbase.client.scanner.max.result.size}. */
  private static final long SCAN_RESPONSE_BYTES = 2 * 1024 * 1024;

  @TempDir
  Path work;

  @Test
  void copiesATableLargerThanOneScanResponseCellForCell() throws Exception {
    Configuration conf = HBaseConfiguration.create();
    conf.set("hbase.zookeeper.quorum", BASALT.process().zookeeperHost());
    conf.setInt("hbase.zookeeper.property.clientPort", BASALT.process().zookeeperPort());
    // Hadoop's local job runner on the local file system, everything under the test's own directory.
    conf.set("mapreduce.framework.name", "local");
    conf.set("fs.defaultFS", "file:///");
    conf.set("hadoop.tmp.dir", Files.createDirectories(work.resolve("hadoop")).toString());
    conf.set("mapreduce.jobtracker.staging.root.dir", work.resolve("staging").toString());
    conf.set("mapreduce.cluster.local.dir", work.resolve("local").toString());

    TableName source = TableName.valueOf("copy_source");
    TableName target = TableName.valueOf("copy_target");
    try (Connection connection = ConnectionFactory.createConnection(conf); Admin admin = connection.getAdmin()) {
      admin.createTable(descriptor(source), new byte[][] {row(ROWS / 2)});
      admin.createTable(descriptor(target));
      long bytes = load(connection, source);
      assertTrue(bytes > 2L * SCAN_RESPONSE_BYTES, "the source holds " + bytes + " bytes of values");

      int exit = ToolRunner.run(conf, new CopyTable(), new String[] {"--new.name=" + target.getNameAsString(),
          source.getNameAsString()});

      assertEquals(0, exit, "CopyTable's exit code");
      List<String> copied = cells(connection, target);
      assertEquals(ROWS * FAMILIES.length * CELLS_PER_FAMILY, copied.size(), "cells in the copy");
      assertEquals(cells(connection, source), copied, "the copy holds exactly the source's cells");
    }
  }

  private static TableDescriptor descriptor(TableName name) {
    TableDescriptorBuilder table = TableDescriptorBuilder.newBuilder(name);
    for (byte[] family : FAMILIES) {
      table.setColumnFamily(ColumnFamilyDescriptorBuilder.of(family));
    }
    return table.build();
  }

  /** Writes every row; returns the value bytes written. */
  private static long load(Connection connection, TableName name) throws IOException {
    long bytes = 0;
    try (Table table = connection.getTable(name)) {
      List<Put> puts = new ArrayList<>();
      for (int r = 0; r < ROWS; r++) {
        Put put = new Put(row(r));
        for (byte[] family : FAMILIES) {
          for (int c = 0; c < CELLS_PER_FAMILY; c++) {
            byte[] value = new byte[VALUE_BYTES];
            Arrays.fill(value, (byte) (r + c));
            Bytes.putInt(value, 0, r * 100 + c);
            put.addColumn(family, Bytes.toBytes("q" + c), value);
            bytes += value.length;
          }
        }
        puts.add(put);
        if (puts.size() == 50) {
          table.put(puts);
          puts.clear();
        }
      }
      table.put(puts);
    }
    return bytes;
  }

  /** Every cell of the table as row/family:qualifier@timestamp=value, with the value's hash for brevity. */
  private static List<String> cells(Connection connection, TableName name) throws IOException {
    List<String> cells = new ArrayList<>();
    try (Table table = connection.getTable(name); ResultScanner scanner = table.getScanner(new Scan())) {
      for (Result result : scanner) {
        for (Cell cell : result.rawCells()) {
          cells.add(Bytes.toString(CellUtil.cloneRow(cell)) + "/" + Bytes.toString(CellUtil.cloneFamily(cell)) + ":"
              + Bytes.toString(CellUtil.cloneQualifier(cell)) + "@" + cell.getTimestamp() + "="
              + Arrays.hashCode(CellUtil.cloneValue(cell)) + "/" + cell.getValueLength());
        }
      }
    }
    return cells;
  }

  private static byte[] row(int r) {
    return Bytes.toBytes(String.format("row%04d", r));
  }
}
