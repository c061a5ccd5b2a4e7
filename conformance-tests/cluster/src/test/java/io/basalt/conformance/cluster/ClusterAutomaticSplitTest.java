package io.basalt.conformance.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.OwnCluster;
import java.util.Random;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A table that grows past {@code hbase.hregion.max.filesize} on a three-node cluster splits without any admin call,
 * as an HBase cluster's does: the active master splits it through the catalog, every node's replicas of the
 * daughters hold the same rows, and a stock client reads every row through the daughters' leaders.
 */
class ClusterAutomaticSplitTest {
  private static final byte[] FAMILY = Bytes.toBytes("f");
  private static final byte[] QUALIFIER = Bytes.toBytes("q");
  private static final int ROWS = 300;

  @RegisterExtension
  static final OwnCluster NODES = OwnCluster.perClass("autosplit")
      .with("basalt.split.check.period.ms", "300")
      .with("hbase.hregion.max.filesize", "5000000")
      .with("basalt.merge.max.bytes", "2000000");

  @Test
  void aTableGrowingPastTheSizeLimitSplitsOnItsOwn() throws Exception {
    TableName name = TableName.valueOf("growing");
    try (Connection connection = ConnectionFactory.createConnection(ClusterClients.configuration(NODES.cluster()));
        Admin admin = connection.getAdmin()) {
      admin.createTable(TableDescriptorBuilder.newBuilder(name)
          .setColumnFamily(ColumnFamilyDescriptorBuilder.of(FAMILY)).build());
      byte[][] values = new byte[ROWS][];
      try (Table table = connection.getTable(name)) {
        Random random = new Random(7);
        for (int i = 0; i < ROWS; i++) {
          values[i] = new byte[20_000]; // incompressible: 6 MB in all, split once into halves under the limit
          random.nextBytes(values[i]);
          table.put(new Put(row(i)).addColumn(FAMILY, QUALIFIER, values[i]));
        }
        admin.flush(name);
        long deadline = System.currentTimeMillis() + 60_000;
        while (admin.getRegions(name).size() < 2) {
          assertTrue(System.currentTimeMillis() < deadline, "no automatic split within 60 s");
          Thread.sleep(200); // polling interval: the condition is checked again
        }
        for (int i = 0; i < ROWS; i += 37) {
          Result result = table.get(new Get(row(i)));
          assertTrue(Bytes.equals(values[i], result.getValue(FAMILY, QUALIFIER)), "row " + i);
        }
        int scanned = 0;
        try (ResultScanner scanner = table.getScanner(new Scan())) {
          for (Result result : scanner) {
            assertTrue(Bytes.equals(values[scanned], result.getValue(FAMILY, QUALIFIER)), "row " + scanned);
            scanned++;
          }
        }
        assertEquals(ROWS, scanned);
      }
      assertEquals(2, admin.getRegions(name).size(), "halves under the limit split no further");
      ReplicaDigests.awaitSame(NODES.cluster(), 2, 60_000);
    }
  }

  private static byte[] row(int i) {
    return Bytes.toBytes(String.format("row-%04d", i));
  }
}
