package io.basalt.embedded.junit;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.basalt.embedded.EmbeddedBasalt;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

/** One server for the class, shared by nested classes, emptied after every test, injected into parameters. */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class BasaltExtensionTest {
  @RegisterExtension
  static final BasaltExtension BASALT = new BasaltExtension().deleteTablesAfterEach();

  private static final byte[] F = toBytes("f");
  private static final byte[] Q = toBytes("q");
  private static String serverOfBeforeAll;

  @BeforeAll
  static void remember(EmbeddedBasalt basalt) {
    serverOfBeforeAll = basalt.rpcAddress();
  }

  @Test
  @Order(1)
  void aTestWritesToTheSharedServer(Connection connection) throws IOException {
    try (Table table = BASALT.basalt().createTable(TableName.valueOf("orders"), "f")) {
      table.put(new Put(toBytes("o-1")).addColumn(F, Q, toBytes("open")));
    }
    try (Table table = connection.getTable(TableName.valueOf("orders"))) {
      assertArrayEquals(toBytes("open"), table.get(new Get(toBytes("o-1"))).getValue(F, Q));
    }
  }

  @Test
  @Order(2)
  void theNextTestFindsTheSameServerEmptied(EmbeddedBasalt basalt, Configuration conf) throws IOException {
    assertEquals(serverOfBeforeAll, basalt.rpcAddress());
    assertEquals(basalt.configuration().get("hbase.zookeeper.property.clientPort"),
        conf.get("hbase.zookeeper.property.clientPort"));
    try (Admin admin = BASALT.connection().getAdmin()) {
      assertEquals(0, admin.listTableNames().length);
    }
  }

  @Nested
  class NestedTests {
    @Test
    void shareTheOuterServer(EmbeddedBasalt basalt) {
      assertSame(BASALT.basalt(), basalt);
      assertEquals(serverOfBeforeAll, basalt.rpcAddress());
    }
  }
}
