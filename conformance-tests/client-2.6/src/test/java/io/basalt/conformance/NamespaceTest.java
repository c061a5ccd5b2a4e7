package io.basalt.conformance;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.NamespaceExistException;
import org.apache.hadoop.hbase.NamespaceNotFoundException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Namespace DDL through Admin: create, describe, modify, list, delete only when empty; tables named ns:table. */
class NamespaceTest {
  @RegisterExtension
  static final ConnectedBasalt BASALT = new ConnectedBasalt();

  private static TableDescriptor table(String name) {
    return TableDescriptorBuilder.newBuilder(TableName.valueOf(name))
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of("f")).build();
  }

  @Test
  void namespaceLifecycle() throws IOException {
    BASALT.admin().createNamespace(NamespaceDescriptor.create("sales").addConfiguration("owner", "ana").build());
    assertEquals("ana", BASALT.admin().getNamespaceDescriptor("sales").getConfigurationValue("owner"));
    assertTrue(Arrays.asList(BASALT.admin().listNamespaces()).containsAll(List.of("default", "hbase", "sales")));
    assertThrows(NamespaceExistException.class, () -> BASALT.admin().createNamespace(NamespaceDescriptor.create("sales")
        .build()));

    BASALT.admin().modifyNamespace(NamespaceDescriptor.create("sales").addConfiguration("owner", "bo").build());
    assertEquals("bo", BASALT.admin().getNamespaceDescriptor("sales").getConfigurationValue("owner"));

    BASALT.admin().createTable(table("sales:orders"));
    try (Table orders = BASALT.connection().getTable(TableName.valueOf("sales:orders"))) {
      orders.put(new Put(toBytes("o1")).addColumn(toBytes("f"), toBytes("q"), toBytes("v")));
      assertArrayEquals(toBytes("v"), orders.get(new Get(toBytes("o1"))).getValue(toBytes("f"), toBytes("q")));
    }
    assertEquals(List.of(TableName.valueOf("sales:orders")),
        Arrays.asList(BASALT.admin().listTableNamesByNamespace("sales")));
    assertEquals(1, BASALT.admin().listTableDescriptorsByNamespace(toBytes("sales")).size());

    // HBase removes only empty namespaces.
    assertConstraintViolation(() -> BASALT.admin().deleteNamespace("sales"));
    BASALT.admin().disableTable(TableName.valueOf("sales:orders"));
    BASALT.admin().deleteTable(TableName.valueOf("sales:orders"));
    BASALT.admin().deleteNamespace("sales");
    assertFalse(Arrays.asList(BASALT.admin().listNamespaces()).contains("sales"));
    assertThrows(NamespaceNotFoundException.class, () -> BASALT.admin().getNamespaceDescriptor("sales"));
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
    assertConstraintViolation(() -> BASALT.admin().deleteNamespace("default"));
    assertConstraintViolation(() -> BASALT.admin().deleteNamespace("hbase"));
    assertThrows(NamespaceNotFoundException.class, () -> BASALT.admin().createTable(table("nowhere:t")));
    assertThrows(NamespaceNotFoundException.class, () -> BASALT.admin().deleteNamespace("nowhere"));
    assertThrows(NamespaceNotFoundException.class, () -> BASALT.admin().listTableNamesByNamespace("nowhere"));
  }
}
