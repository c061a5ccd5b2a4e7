package io.basalt.conformance;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.BasaltServerExtension;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.NamespaceExistException;
import org.apache.hadoop.hbase.NamespaceNotFoundException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Namespace DDL through Admin: create, describe, modify, list, delete only when empty; tables named ns:table. */
class NamespaceTest {
  @RegisterExtension
  static final BasaltServerExtension BASALT = new BasaltServerExtension();

  private static Connection connection;
  private static Admin admin;

  @BeforeAll
  static void connect() throws IOException {
    connection = Clients.connect(BASALT.process());
    admin = connection.getAdmin();
  }

  @AfterAll
  static void close() throws IOException {
    admin.close();
    connection.close();
  }

  private static TableDescriptor table(String name) {
    return TableDescriptorBuilder.newBuilder(TableName.valueOf(name))
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of("f")).build();
  }

  @Test
  void namespaceLifecycle() throws IOException {
    admin.createNamespace(NamespaceDescriptor.create("sales").addConfiguration("owner", "ana").build());
    assertEquals("ana", admin.getNamespaceDescriptor("sales").getConfigurationValue("owner"));
    assertTrue(Arrays.asList(admin.listNamespaces()).containsAll(List.of("default", "hbase", "sales")));
    assertThrows(NamespaceExistException.class, () -> admin.createNamespace(NamespaceDescriptor.create("sales")
        .build()));

    admin.modifyNamespace(NamespaceDescriptor.create("sales").addConfiguration("owner", "bo").build());
    assertEquals("bo", admin.getNamespaceDescriptor("sales").getConfigurationValue("owner"));

    admin.createTable(table("sales:orders"));
    try (Table orders = connection.getTable(TableName.valueOf("sales:orders"))) {
      orders.put(new Put(toBytes("o1")).addColumn(toBytes("f"), toBytes("q"), toBytes("v")));
      assertArrayEquals(toBytes("v"), orders.get(new Get(toBytes("o1"))).getValue(toBytes("f"), toBytes("q")));
    }
    assertEquals(List.of(TableName.valueOf("sales:orders")),
        Arrays.asList(admin.listTableNamesByNamespace("sales")));
    assertEquals(1, admin.listTableDescriptorsByNamespace(toBytes("sales")).size());

    // HBase removes only empty namespaces.
    assertConstraintViolation(() -> admin.deleteNamespace("sales"));
    admin.disableTable(TableName.valueOf("sales:orders"));
    admin.deleteTable(TableName.valueOf("sales:orders"));
    admin.deleteNamespace("sales");
    assertFalse(Arrays.asList(admin.listNamespaces()).contains("sales"));
    assertThrows(NamespaceNotFoundException.class, () -> admin.getNamespaceDescriptor("sales"));
  }

  /**
   * HBase refuses with its ConstraintException, a class of hbase-server that the client cannot load: the client
   * reports it as a remote exception of that name, without retrying.
   */
  private static void assertConstraintViolation(org.junit.jupiter.api.function.Executable call) {
    IOException error = assertThrows(IOException.class, call);
    assertTrue(error.toString().contains("org.apache.hadoop.hbase.constraint.ConstraintException"), error::toString);
  }

  @Test
  void builtInNamespacesStayAndMissingOnesAreReported() {
    assertConstraintViolation(() -> admin.deleteNamespace("default"));
    assertConstraintViolation(() -> admin.deleteNamespace("hbase"));
    assertThrows(NamespaceNotFoundException.class, () -> admin.createTable(table("nowhere:t")));
    assertThrows(NamespaceNotFoundException.class, () -> admin.deleteNamespace("nowhere"));
    assertThrows(NamespaceNotFoundException.class, () -> admin.listTableNamesByNamespace("nowhere"));
  }
}
