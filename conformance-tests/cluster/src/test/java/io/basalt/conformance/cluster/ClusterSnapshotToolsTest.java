package io.basalt.conformance.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.BasaltCluster;
import io.basalt.conformance.harness.SharedBasalt;
import io.basalt.tools.snapshot.ExportSnapshotCommand;
import io.basalt.tools.snapshot.ImportSnapshotCommand;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code basalt export-snapshot} from a three-node cluster and {@code basalt import-snapshot} back into it: the
 * export (a snapshot cloned to a temporary table, each region read by raw scans through its tablet's leader, HBase's
 * store file writer) holds every cell of every version of a table of three regions and two families, delete markers
 * included, and leaves no temporary snapshot or table behind; the import of it is verified by the tool's own cell
 * count and holds the same raw cells, on every replica. Against real HBase both tools are tested in the tools module.
 */
class ClusterSnapshotToolsTest {
  private static final byte[] F = Bytes.toBytes("f");
  private static final byte[] G = Bytes.toBytes("g");
  private static final byte[] Q = Bytes.toBytes("q");
  private static final int ROWS = 600;

  private static BasaltCluster cluster;

  @RegisterExtension
  static final BeforeAllCallback SHARED = context -> cluster = (BasaltCluster) SharedBasalt.target(context);

  @TempDir
  Path work;

  @Test
  void aTableExportedFromTheClusterImportsBackCellForCell() throws Exception {
    TableName source = TableName.valueOf("cluster_exported");
    TableName imported = TableName.valueOf("cluster_imported");
    Path exportRoot = work.resolve("export");
    Configuration conf = ClusterClients.configuration(cluster);
    try (Connection connection = ConnectionFactory.createConnection(conf); Admin admin = connection.getAdmin()) {
      admin.createTable(TableDescriptorBuilder.newBuilder(source)
          .setColumnFamily(ColumnFamilyDescriptorBuilder.of(F))
          .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(G).setMaxVersions(3).build())
          .build(), new byte[][] {row(ROWS / 3), row(2 * ROWS / 3)});
      try (Table table = connection.getTable(source)) {
        List<Put> puts = new ArrayList<>();
        for (int i = 0; i < ROWS; i++) {
          puts.add(new Put(row(i)).addColumn(F, Q, 10, Bytes.toBytes("f " + i))
              .addColumn(G, Q, 10, Bytes.toBytes("g1 " + i)).addColumn(G, Q, 20, Bytes.toBytes("g2 " + i)));
        }
        table.put(puts);
        table.delete(new Delete(row(7)).addColumns(F, Q, 15));
        table.delete(new Delete(row(ROWS - 1)).addFamily(G, 15));
      }
      int snapshotsBefore = admin.listSnapshots().size();
      List<TableName> tablesBefore = List.of(admin.listTableNames());

      Run export = run(true, "--table", source.getNameAsString(), "--to-dir", exportRoot.toString(), "--from",
          cluster.zookeeperQuorum(), "--threads", "2");
      assertEquals(0, export.exit(), export.output());
      assertTrue(export.output().contains("wrote snapshot cluster_exported of cluster_exported: 3 regions"),
          export.output());
      assertTrue(Files.isDirectory(exportRoot.resolve(".hbase-snapshot/cluster_exported")), export.output());
      assertEquals(snapshotsBefore, admin.listSnapshots().size(), "the export's temporary snapshot is gone");
      assertEquals(tablesBefore, List.of(admin.listTableNames()), "the export's temporary table is gone");

      Run load = run(false, "--snapshot-dir", exportRoot.toString(), "--table", imported.getNameAsString(), "--to",
          cluster.zookeeperQuorum());
      assertEquals(0, load.exit(), load.output());
      assertTrue(load.output().contains("VERIFIED"), load.output());
      assertEquals(3, admin.getRegions(imported).size());

      List<String> cells = rawCells(connection, source);
      // The snapshot flushed the table; as HBase's flush, that dropped the two puts the markers cover.
      assertEquals(3 * ROWS, cells.size(), "every version, both markers, not the two covered puts");
      assertTrue(cells.contains("row-00007/f:q@15 DeleteColumn="), "the column marker");
      assertTrue(cells.contains("row-00599/g:@15 DeleteFamily="), "the family marker");
      assertEquals(cells, rawCells(connection, imported));

      ReplicaDigests.awaitSameForAllTables(cluster, admin, 60_000);
    }
  }

  /** Every cell of every version, delete markers included, as row/family:qualifier@timestamp type=value. */
  private static List<String> rawCells(Connection connection, TableName name) throws Exception {
    List<String> cells = new ArrayList<>();
    try (Table table = connection.getTable(name);
        ResultScanner scanner = table.getScanner(new Scan().setRaw(true).readAllVersions())) {
      for (Result result : scanner) {
        for (Cell cell : result.rawCells()) {
          cells.add(Bytes.toString(CellUtil.cloneRow(cell)) + "/" + Bytes.toString(CellUtil.cloneFamily(cell)) + ":"
              + Bytes.toString(CellUtil.cloneQualifier(cell)) + "@" + cell.getTimestamp() + " " + cell.getType()
              + "=" + Bytes.toString(CellUtil.cloneValue(cell)));
        }
      }
    }
    return cells;
  }

  private record Run(int exit, String output) {}

  private static Run run(boolean export, String... args) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      int exit = export ? ExportSnapshotCommand.run(args, out, out) : ImportSnapshotCommand.run(args, out, out);
      return new Run(exit, bytes.toString(StandardCharsets.UTF_8));
    }
  }

  private static byte[] row(int i) {
    return Bytes.toBytes(String.format("row-%05d", i));
  }
}
