package io.basalt.conformance;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.basalt.conformance.harness.BasaltServerExtension;
import java.io.IOException;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A 2.6 client with the RPC connection registry: it learns the cluster id through the "Regist" preamble and asks
 * ClientMetaService (not ZooKeeper) for the master and the meta location.
 */
class RpcRegistryTest {
  @RegisterExtension
  static final BasaltServerExtension BASALT = new BasaltServerExtension();

  @Test
  void connectsCreatesWritesReadsAndScansWithoutZooKeeper() throws IOException {
    TableName name = TableName.valueOf("rpc_registry");
    try (Connection connection = ConnectionFactory.createConnection(
        Clients.rpcRegistryConfiguration(BASALT.process()))) {
      assertNotNull(connection.getClusterId());
      try (Admin admin = connection.getAdmin()) {
        admin.createTable(TableDescriptorBuilder.newBuilder(name)
            .setColumnFamily(ColumnFamilyDescriptorBuilder.of("f")).build(), new byte[][] {toBytes("k")});
      }
      try (Table table = connection.getTable(name)) {
        table.put(new Put(toBytes("a")).addColumn(toBytes("f"), toBytes("q"), toBytes("1")));
        table.put(new Put(toBytes("z")).addColumn(toBytes("f"), toBytes("q"), toBytes("2")));
        Result a = table.get(new Get(toBytes("a")));
        assertArrayEquals(toBytes("1"), a.getValue(toBytes("f"), toBytes("q")));
        int rows = 0;
        try (ResultScanner scanner = table.getScanner(new Scan())) {
          for (Result ignored : scanner) {
            rows++;
          }
        }
        assertEquals(2, rows);
      }
      try (Admin admin = connection.getAdmin()) {
        admin.disableTable(name);
        admin.deleteTable(name);
        assertFalse(admin.tableExists(name));
      }
    }
  }

  @Test
  void bothRegistriesSeeTheSameCluster() throws IOException {
    try (Connection viaRpc = ConnectionFactory.createConnection(Clients.rpcRegistryConfiguration(BASALT.process()));
        Connection viaZk = Clients.connect(BASALT.process())) {
      assertEquals(viaZk.getClusterId(), viaRpc.getClusterId());
    }
  }
}
