package io.basalt.conformance.shaded;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.BasaltServerExtension;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Delete;
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

/** The walking-skeleton path through {@code hbase-shaded-client} 2.6.4, on its own classpath. */
class ShadedClientTest {
  @RegisterExtension
  static final BasaltServerExtension BASALT = new BasaltServerExtension();

  private static final byte[] F = Bytes.toBytes("f");
  private static final byte[] Q = Bytes.toBytes("q");

  @Test
  void shadedClientCreatesWritesReadsScansAndDrops() throws IOException {
    assertTrue(Connection.class.getProtectionDomain().getCodeSource().getLocation().toString()
        .contains("hbase-shaded-client"), "the test must run against the shaded client jar");
    Configuration conf = HBaseConfiguration.create();
    conf.set("hbase.zookeeper.quorum", BASALT.process().zookeeperHost());
    conf.setInt("hbase.zookeeper.property.clientPort", BASALT.process().zookeeperPort());
    TableName name = TableName.valueOf("shaded");
    try (Connection connection = ConnectionFactory.createConnection(conf);
        Admin admin = connection.getAdmin()) {
      admin.createTable(TableDescriptorBuilder.newBuilder(name).setColumnFamily(ColumnFamilyDescriptorBuilder.of(F))
          .build(), new byte[][] {Bytes.toBytes("m")});
      try (Table table = connection.getTable(name)) {
        List<Put> puts = new ArrayList<>();
        for (String row : List.of("a", "k", "m", "x")) {
          puts.add(new Put(Bytes.toBytes(row)).addColumn(F, Q, Bytes.toBytes("v-" + row)));
        }
        table.put(puts);
        table.put(new Put(Bytes.toBytes("z")).addColumn(F, Q, Bytes.toBytes("v-z")));

        assertArrayEquals(Bytes.toBytes("v-k"), table.get(new Get(Bytes.toBytes("k"))).getValue(F, Q));
        assertEquals(List.of("a", "k", "m", "x", "z"), scan(table, new Scan()));
        assertEquals(List.of("k", "m"), scan(table, new Scan().withStartRow(Bytes.toBytes("b"))
            .withStopRow(Bytes.toBytes("n"))));

        table.delete(new Delete(Bytes.toBytes("m")));
        assertTrue(table.get(new Get(Bytes.toBytes("m"))).isEmpty());
        assertEquals(List.of("a", "k", "x", "z"), scan(table, new Scan()));
      }
      admin.disableTable(name);
      admin.deleteTable(name);
      assertFalse(admin.tableExists(name));
    }
  }

  private static List<String> scan(Table table, Scan scan) throws IOException {
    List<String> rows = new ArrayList<>();
    try (ResultScanner scanner = table.getScanner(scan)) {
      for (Result result : scanner) {
        rows.add(Bytes.toString(result.getRow()));
      }
    }
    return rows;
  }
}
