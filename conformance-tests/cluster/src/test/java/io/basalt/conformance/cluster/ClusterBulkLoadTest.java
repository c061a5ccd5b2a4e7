package io.basalt.conformance.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.basalt.conformance.harness.BasaltCluster;
import io.basalt.conformance.harness.SharedBasalt;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.KeyValue;
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
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFile;
import org.apache.hadoop.hbase.io.hfile.HFileContextBuilder;
import org.apache.hadoop.hbase.tool.BulkLoadHFilesTool;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.util.ToolRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * HBase 2.6.4's bulk load tool loads HFiles into a table of three regions on a three-node cluster: each region's
 * leader reads its files and writes their cells through the tablet's Raft log, so every replica of every tablet
 * ends up holding the same rows, and the loaded cell replaces a stored one of the same coordinates as on one node.
 */
class ClusterBulkLoadTest {
  private static final byte[] F = Bytes.toBytes("f");
  private static final byte[] Q = Bytes.toBytes("q");
  private static final int ROWS = 3_000;

  private static BasaltCluster cluster;

  @RegisterExtension
  static final BeforeAllCallback SHARED = context -> cluster = (BasaltCluster) SharedBasalt.target(context);

  @TempDir
  Path work;

  @Test
  void everyReplicaHoldsTheLoadedRows() throws Exception {
    TableName name = TableName.valueOf("cluster_bulk_loaded");
    Configuration conf = ClusterClients.configuration(cluster);
    conf.set("fs.defaultFS", "file:///");
    try (Connection connection = ConnectionFactory.createConnection(conf); Admin admin = connection.getAdmin()) {
      admin.createTable(TableDescriptorBuilder.newBuilder(name).setColumnFamily(ColumnFamilyDescriptorBuilder.of(F))
          .build(), new byte[][] {row(ROWS / 3), row(2 * ROWS / 3)});
      try (Table table = connection.getTable(name)) {
        table.put(new Put(row(0)).addColumn(F, Q, 100, Bytes.toBytes("stored")));
        Path input = work.resolve("input");
        writeHFile(conf, input.resolve("f").resolve("all-rows"));

        assertEquals(0, ToolRunner.run(conf, new BulkLoadHFilesTool(conf),
            new String[] {input.toString(), name.getNameAsString()}), "the tool's exit status");

        List<String> cells = new ArrayList<>();
        try (ResultScanner scanner = table.getScanner(new Scan())) {
          for (Result result : scanner) {
            for (Cell cell : result.rawCells()) {
              cells.add(Bytes.toString(CellUtil.cloneRow(cell)) + "@" + cell.getTimestamp() + "="
                  + Bytes.toString(CellUtil.cloneValue(cell)));
            }
          }
        }
        assertEquals(ROWS, cells.size(), "every loaded row");
        assertEquals("row-00000@100=loaded 0", cells.get(0), "the loaded cell replaced the stored one");
        assertEquals("row-02999@100=loaded 2999", cells.get(ROWS - 1));
      }
      ReplicaDigests.awaitSameForAllTables(cluster, admin, 60_000);
    }
  }

  /** One GZ-compressed HFile of every row, across the three regions (the tool splits it). */
  private static void writeHFile(Configuration conf, Path file) throws IOException {
    Files.createDirectories(file.getParent());
    HFile.Writer writer = HFile.getWriterFactory(conf, new CacheConfig(conf))
        .withPath(FileSystem.getLocal(conf), new org.apache.hadoop.fs.Path(file.toString()))
        .withFileContext(new HFileContextBuilder().withCompression(Compression.Algorithm.GZ).build())
        .create();
    try {
      for (int i = 0; i < ROWS; i++) {
        writer.append(new KeyValue(row(i), F, Q, 100, Bytes.toBytes("loaded " + i)));
      }
    } finally {
      writer.close();
    }
  }

  private static byte[] row(int i) {
    return Bytes.toBytes(String.format("row-%05d", i));
  }
}
