package io.basalt.embedded;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An embedded server, reached only through the stock client it hands out. */
class EmbeddedBasaltTest {
  private static final byte[] F = toBytes("f");
  private static final byte[] Q = toBytes("q");

  @Test
  void servesTheStockClientOnFreeLoopbackPorts() throws IOException {
    try (EmbeddedBasalt basalt = EmbeddedBasalt.start()) {
      assertTrue(basalt.rpcAddress().startsWith("127.0.0.1:"), basalt.rpcAddress());
      assertNotEquals("127.0.0.1:16020", basalt.rpcAddress());
      try (Table table = basalt.createTable(TableName.valueOf("t"), "f")) {
        table.put(new Put(toBytes("r1")).addColumn(F, Q, 5L, toBytes("v1")));
        table.put(new Put(toBytes("r2")).addColumn(F, Q, toBytes("v2")));
        Result r1 = table.get(new Get(toBytes("r1")));
        assertArrayEquals(toBytes("v1"), r1.getValue(F, Q));
        assertEquals(5L, r1.rawCells()[0].getTimestamp());
        assertEquals(List.of("r1", "r2"), rows(table, new Scan()));
      }
      // A connection of the test's own, from the configuration the server hands out, sees the same data.
      try (Connection own = ConnectionFactory.createConnection(basalt.configuration());
          Table table = own.getTable(TableName.valueOf("t"))) {
        assertArrayEquals(toBytes("v2"), table.get(new Get(toBytes("r2"))).getValue(F, Q));
      }
    }
  }

  @Test
  void theRpcRegistryOfNewerClientsFindsItToo() throws IOException {
    try (EmbeddedBasalt basalt = EmbeddedBasalt.start()) {
      Configuration conf = basalt.configuration();
      conf.set("hbase.client.registry.impl", "org.apache.hadoop.hbase.client.RpcConnectionRegistry");
      conf.set("hbase.zookeeper.quorum", "nowhere.invalid");
      try (Connection connection = ConnectionFactory.createConnection(conf);
          Admin admin = connection.getAdmin()) {
        admin.createTable(TableDescriptorBuilder.newBuilder(TableName.valueOf("rpc"))
            .setColumnFamily(ColumnFamilyDescriptorBuilder.of(F)).build());
        assertTrue(admin.tableExists(TableName.valueOf("rpc")));
      }
    }
  }

  @Test
  void serversInOneJvmAreIndependent() throws IOException {
    try (EmbeddedBasalt first = EmbeddedBasalt.start(); EmbeddedBasalt second = EmbeddedBasalt.start()) {
      assertNotEquals(first.rpcAddress(), second.rpcAddress());
      assertNotEquals(first.zookeeperQuorum(), second.zookeeperQuorum());
      try (Table a = first.createTable(TableName.valueOf("t"), "f");
          Table b = second.createTable(TableName.valueOf("t"), "f")) {
        a.put(new Put(toBytes("only-in-first")).addColumn(F, Q, toBytes("1")));
        b.put(new Put(toBytes("only-in-second")).addColumn(F, Q, toBytes("2")));
        assertEquals(List.of("only-in-first"), rows(a, new Scan()));
        assertEquals(List.of("only-in-second"), rows(b, new Scan()));
      }
    }
  }

  @Test
  void aTemporaryDataDirectoryGoesAwayOnClose() throws IOException {
    Path directory;
    try (EmbeddedBasalt basalt = EmbeddedBasalt.start()) {
      directory = basalt.dataDirectory();
      basalt.createTable(TableName.valueOf("t"), "f").close();
      assertTrue(Files.isDirectory(directory));
    }
    assertFalse(Files.exists(directory), directory + " is still there");
  }

  @Test
  void aKeptDataDirectoryOutlivesTheServer(@TempDir Path directory) throws IOException {
    TableName name = TableName.valueOf("ns", "kept");
    byte[][] splits = {toBytes("m")};
    try (EmbeddedBasalt basalt = EmbeddedBasalt.builder().dataDirectory(directory).start();
        Table table = basalt.createTable(TableDescriptorBuilder.newBuilder(name)
            .setColumnFamily(ColumnFamilyDescriptorBuilder.of(F)).build(), splits)) {
      table.put(new Put(toBytes("a")).addColumn(F, Q, toBytes("before restart")));
      table.put(new Put(toBytes("z")).addColumn(F, Q, toBytes("other tablet")));
    }
    assertTrue(Files.isDirectory(directory));
    try (EmbeddedBasalt basalt = EmbeddedBasalt.builder().dataDirectory(directory).start();
        Table table = basalt.connection().getTable(name);
        RegionLocator locator = basalt.connection().getRegionLocator(name)) {
      assertArrayEquals(toBytes("before restart"), table.get(new Get(toBytes("a"))).getValue(F, Q));
      assertEquals(List.of("a", "z"), rows(table, new Scan()));
      assertEquals(2, locator.getAllRegionLocations().size());
    }
  }

  @Test
  void deleteAllTablesLeavesAnEmptyServer() throws IOException {
    try (EmbeddedBasalt basalt = EmbeddedBasalt.start()) {
      basalt.createTable(TableName.valueOf("plain"), "f").close();
      basalt.createTable(TableName.valueOf("app", "events"), "f", "g").close();
      try (Admin admin = basalt.connection().getAdmin()) {
        admin.disableTable(TableName.valueOf("plain"));
        basalt.deleteAllTables();
        assertEquals(0, admin.listTableNames().length);
        List<String> namespaces = new ArrayList<>();
        for (NamespaceDescriptor namespace : admin.listNamespaceDescriptors()) {
          namespaces.add(namespace.getName());
        }
        assertEquals(List.of("default", "hbase"), namespaces.stream().sorted().toList());
      }
      // The same names can be created again straight away.
      basalt.createTable(TableName.valueOf("app", "events"), "f").close();
    }
  }

  @Test
  void serverPropertiesApply() throws IOException {
    try (EmbeddedBasalt basalt = EmbeddedBasalt.builder().property("hbase.server.keyvalue.maxsize", "100").start();
        Table table = basalt.createTable(TableName.valueOf("small"), "f")) {
      assertThrows(DoNotRetryIOException.class,
          () -> table.put(new Put(toBytes("r")).addColumn(F, Q, new byte[200])));
      assertTrue(table.get(new Get(toBytes("r"))).isEmpty());
    }
  }

  @Test
  void aBadPropertyIsAClearStartupError() {
    IOException e = assertThrows(IOException.class,
        () -> EmbeddedBasalt.builder().property("hbase.regionserver.handler.count", "many").start());
    assertTrue(e.getMessage().contains("hbase.regionserver.handler.count"), e.getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> EmbeddedBasalt.builder().property("hbase.rootdir", "/tmp/elsewhere"));
  }

  @Test
  void aZooKeeperPortInUseIsAClearStartupErrorAndLeavesNothingRunning(@TempDir Path directory) throws IOException {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      IOException e = assertThrows(IOException.class, () -> EmbeddedBasalt.builder().dataDirectory(directory)
          .property("hbase.zookeeper.property.clientPort", String.valueOf(taken.getLocalPort())).start());
      assertTrue(e.getMessage().contains("ZooKeeper port " + taken.getLocalPort() + " is already in use"),
          e.getMessage());
    }
    // The failed start closed its store: the same directory opens again.
    try (EmbeddedBasalt basalt = EmbeddedBasalt.builder().dataDirectory(directory).start()) {
      basalt.createTable(TableName.valueOf("after"), "f").close();
    }
  }

  @Test
  void closeIsIdempotentAndEndsTheSharedConnection() throws IOException {
    EmbeddedBasalt basalt = EmbeddedBasalt.start();
    Connection connection = basalt.connection();
    assertTrue(connection == basalt.connection(), "one shared connection");
    basalt.close();
    basalt.close();
    assertTrue(connection.isClosed());
    assertThrows(IllegalStateException.class, basalt::connection);
  }

  private static List<String> rows(Table table, Scan scan) throws IOException {
    List<String> rows = new ArrayList<>();
    try (ResultScanner scanner = table.getScanner(scan)) {
      for (Result result : scanner) {
        rows.add(Bytes.toString(result.getRow()));
      }
    }
    return rows;
  }
}
