package io.basalt.conformance.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.mapreduce.CopyTable;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * HBase 2.6.4's CopyTable, run as {@code hbase copytable} runs it in Hadoop's local job runner, copies into and
 * out of Basalt what it copies on real HBase.
 *
 * <p>A Basalt table of several megabytes arrives cell for cell: CopyTable scans with a batch of
 * {@code Integer.MAX_VALUE}, and its rows are wider than what is left of a 2 MB scan response when they come up,
 * so the size limit cuts rows and the rest of each comes in the next call.
 *
 * <p>The three-region sample with three families, several versions and every kind of delete marker, copied with
 * all its versions and markers ({@code --versions --all.cells}, a raw scan whose markers CopyTable writes as
 * deletes) from HBase into Basalt through {@code --peer.adr}, from Basalt into Basalt, and from HBase into HBase
 * as the oracle: the three copies hold the same cells, markers included. A part of it (a row range across
 * regions, a time range, two of its three families) copied from HBase into Basalt is what reaches HBase.
 */
class CopyTableTest {
  @RegisterExtension
  static final BasaltAndHBase SERVERS = new BasaltAndHBase();

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
    Server basalt = SERVERS.basalt();
    TableName source = SERVERS.newTable("copy_large_source");
    TableName target = SERVERS.newTable("copy_large_target");
    try (Admin admin = basalt.admin()) {
      admin.createTable(wideDescriptor(source), new byte[][] {wideRow(ROWS / 2)});
      admin.createTable(wideDescriptor(target));
    }
    long bytes = loadWideRows(basalt.connection(), source);
    assertTrue(bytes > 2L * SCAN_RESPONSE_BYTES, "the source holds " + bytes + " bytes of values");

    basalt.run(new CopyTable(), work, "--new.name=" + target.getNameAsString(), source.getNameAsString());

    List<String> copied = TableCells.visible(basalt, target);
    assertEquals(ROWS * FAMILIES.length * CELLS_PER_FAMILY, copied.size(), "cells in the copy");
    assertEquals(TableCells.visible(basalt, source), copied, "the copy holds exactly the source's cells");
  }

  @Test
  void copiesVersionsAndDeleteMarkersFromHBaseIntoBasaltAsIntoHBase() throws Exception {
    Server hbase = SERVERS.hbase();
    Server basalt = SERVERS.basalt();
    TableName source = SERVERS.newTable("copy_source");
    TableName target = SERVERS.newTable("copy_target");
    for (Server server : SERVERS.both()) {
      SampleTable.createAndLoad(server, source);
      SampleTable.create(server, target);
    }
    String[] everyCell = {"--versions=" + SampleTable.VERSIONS, "--all.cells"};

    copy(hbase, hbase, everyCell, source, target);
    List<String> oracleRaw = TableCells.raw(hbase, target);
    List<String> oracleVisible = TableCells.visible(hbase, target);
    assertEquals(TableCells.visible(hbase, source), oracleVisible, "HBase's copy reads as its source");
    assertNotEquals(oracleVisible.size(), oracleRaw.size(), "the copy holds markers and the cells they hide");

    // Into Basalt from HBase: the job runs against HBase and writes to the peer. Then into another table on
    // Basalt from Basalt's own sample (Basalt's raw scan read, the deletes written again): the cells are the same.
    copy(hbase, basalt, everyCell, source, target);
    assertEquals(oracleRaw, TableCells.raw(basalt, target), "HBase's copy (expected) and HBase's into Basalt");
    assertEquals(oracleVisible, TableCells.visible(basalt, target), "as read, HBase's copy and Basalt's");

    TableName copyOfBasalt = SERVERS.newTable("copy_target");
    SampleTable.create(basalt, copyOfBasalt);
    copy(basalt, basalt, everyCell, source, copyOfBasalt);
    assertEquals(oracleRaw, TableCells.raw(basalt, copyOfBasalt), "HBase's copy (expected) and Basalt's own");
  }

  @Test
  void copiesARangeOfRowsTimesAndFamiliesFromHBaseIntoBasaltAsIntoHBase() throws Exception {
    Server hbase = SERVERS.hbase();
    Server basalt = SERVERS.basalt();
    TableName source = SERVERS.newTable("copy_range_source");
    TableName target = SERVERS.newTable("copy_range_target");
    SampleTable.createAndLoad(hbase, source);
    for (Server server : SERVERS.both()) {
      SampleTable.create(server, target);
    }
    // Rows of all three regions, cells of the second and third writes, families f and g: the scan CopyTable
    // sends carries a row range, a time range and a family selection, and the target's splits differ from the
    // range's ends.
    String[] part = {"--startrow=" + SampleTable.rowKey(15), "--stoprow=" + SampleTable.rowKey(45),
        "--starttime=" + SampleTable.T[1], "--endtime=" + SampleTable.T[3], "--versions=" + SampleTable.VERSIONS,
        "--families=f,g"};

    copy(hbase, hbase, part, source, target);
    copy(hbase, basalt, part, source, target);

    List<String> expected = TableCells.visible(hbase, target);
    assertEquals(expected, TableCells.visible(basalt, target), "the part copied into HBase (expected) and Basalt");
    assertTrue(!expected.isEmpty() && expected.size() < TableCells.visible(hbase, source).size(),
        "a part of the source was copied: " + expected);
  }

  /** Runs CopyTable against {@code from}, writing {@code source}'s cells to {@code target} on {@code to}. */
  private void copy(Server from, Server to, String[] options, TableName source, TableName target) throws Exception {
    List<String> args = new ArrayList<>(Arrays.asList(options));
    if (to != from) {
      args.add("--peer.adr=" + to.clusterKey());
    }
    args.add("--new.name=" + target.getNameAsString());
    args.add(source.getNameAsString());
    from.run(new CopyTable(), work.resolve(from.name() + "-to-" + to.name()), args.toArray(String[]::new));
  }

  private static TableDescriptor wideDescriptor(TableName name) {
    TableDescriptorBuilder table = TableDescriptorBuilder.newBuilder(name);
    for (byte[] family : FAMILIES) {
      table.setColumnFamily(ColumnFamilyDescriptorBuilder.of(family));
    }
    return table.build();
  }

  /** Writes every wide row; returns the value bytes written. */
  private static long loadWideRows(Connection connection, TableName name) throws IOException {
    long bytes = 0;
    try (Table table = connection.getTable(name)) {
      List<Put> puts = new ArrayList<>();
      for (int r = 0; r < ROWS; r++) {
        Put put = new Put(wideRow(r));
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

  private static byte[] wideRow(int r) {
    return Bytes.toBytes(String.format("row%04d", r));
  }
}
