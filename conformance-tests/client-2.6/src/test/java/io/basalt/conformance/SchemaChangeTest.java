package io.basalt.conformance;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.BasaltServerExtension;
import java.io.IOException;
import org.apache.hadoop.hbase.InvalidFamilyOperationException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.TableNotDisabledException;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.regionserver.NoSuchColumnFamilyException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Schema changes through Admin, read back through the data path: families added, changed, dropped; truncation. */
class SchemaChangeTest {
  @RegisterExtension
  static final BasaltServerExtension BASALT = new BasaltServerExtension();

  private static final byte[] F = toBytes("f");
  private static final byte[] G = toBytes("g");
  private static final byte[] Q = toBytes("q");
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

  private static TableName create(String name, byte[]... splits) throws IOException {
    TableName table = TableName.valueOf(name);
    TableDescriptor descriptor = TableDescriptorBuilder.newBuilder(table)
        .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(F).setMaxVersions(1).build()).build();
    if (splits.length == 0) {
      admin.createTable(descriptor);
    } else {
      admin.createTable(descriptor, splits);
    }
    return table;
  }

  @Test
  void familiesAreAddedChangedAndDroppedOnline() throws IOException {
    TableName name = create("schema_families");
    try (Table table = connection.getTable(name)) {
      for (long ts = 1; ts <= 3; ts++) {
        table.put(new Put(toBytes("r")).addColumn(F, Q, ts, toBytes("v" + ts)));
      }
      assertEquals(1, table.get(new Get(toBytes("r")).readAllVersions()).size());

      // More versions apply at once: the older ones were never physically removed.
      admin.modifyColumnFamily(name, ColumnFamilyDescriptorBuilder.newBuilder(F).setMaxVersions(3)
          .setValue("custom", "kept").build());
      assertEquals(3, table.get(new Get(toBytes("r")).readAllVersions()).size());
      assertEquals("kept", admin.getDescriptor(name).getColumnFamily(F).getValue("custom"));
      assertEquals(3, admin.getDescriptor(name).getColumnFamily(F).getMaxVersions());

      admin.addColumnFamily(name, ColumnFamilyDescriptorBuilder.of(G));
      table.put(new Put(toBytes("r")).addColumn(G, Q, toBytes("g")));
      assertArrayEquals(toBytes("g"), table.get(new Get(toBytes("r"))).getValue(G, Q));
      assertThrows(InvalidFamilyOperationException.class,
          () -> admin.addColumnFamily(name, ColumnFamilyDescriptorBuilder.of(G)));

      admin.deleteColumnFamily(name, F);
      assertThrows(NoSuchColumnFamilyException.class, () -> table.get(new Get(toBytes("r")).addFamily(F)));
      assertThrows(InvalidFamilyOperationException.class, () -> admin.deleteColumnFamily(name, F));
      assertThrows(InvalidFamilyOperationException.class, () -> admin.deleteColumnFamily(name, G));

      // A family dropped and added again starts empty: its data went with it.
      admin.addColumnFamily(name, ColumnFamilyDescriptorBuilder.of(F));
      Result row = table.get(new Get(toBytes("r")));
      assertEquals(1, row.size());
      assertArrayEquals(toBytes("g"), row.getValue(G, Q));
    }
  }

  @Test
  void modifyTableReplacesTheWholeDescriptor() throws IOException {
    TableName name = create("schema_modify");
    admin.modifyTable(TableDescriptorBuilder.newBuilder(admin.getDescriptor(name))
        .setValue("team", "search")
        .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(G).setTimeToLive(60).build())
        .build());
    TableDescriptor descriptor = admin.getDescriptor(name);
    assertEquals("search", descriptor.getValue("team"));
    assertEquals(60, descriptor.getColumnFamily(G).getTimeToLive());
    assertTrue(admin.isTableEnabled(name));
  }

  @Test
  void truncateEmptiesTheTableWithOrWithoutItsSplits() throws IOException {
    TableName name = create("schema_truncate", toBytes("m"));
    try (Table table = connection.getTable(name)) {
      table.put(new Put(toBytes("a")).addColumn(F, Q, toBytes("1")));
      table.put(new Put(toBytes("z")).addColumn(F, Q, toBytes("2")));
      assertThrows(TableNotDisabledException.class, () -> admin.truncateTable(name, true));

      admin.disableTable(name);
      admin.truncateTable(name, true);
      assertTrue(admin.isTableEnabled(name));
      assertEquals(2, admin.getRegions(name).size());
      assertEquals(0, TestTables.rows(table, new Scan()).size());

      table.put(new Put(toBytes("b")).addColumn(F, Q, toBytes("3")));
      admin.disableTable(name);
      admin.truncateTable(name, false);
      assertEquals(1, admin.getRegions(name).size());
      assertEquals(0, TestTables.rows(table, new Scan()).size());
      table.put(new Put(toBytes("c")).addColumn(F, Q, toBytes("4")));
      assertEquals(1, TestTables.rows(table, new Scan()).size());
    }
  }
}
