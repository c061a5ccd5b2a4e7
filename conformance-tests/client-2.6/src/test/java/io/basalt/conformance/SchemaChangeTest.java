package io.basalt.conformance;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import org.apache.hadoop.hbase.InvalidFamilyOperationException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.TableNotDisabledException;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.regionserver.NoSuchColumnFamilyException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Schema changes through Admin, read back through the data path: families added, changed, dropped; truncation. */
class SchemaChangeTest {
  @RegisterExtension
  static final ConnectedBasalt BASALT = new ConnectedBasalt();

  private static final byte[] F = toBytes("f");
  private static final byte[] G = toBytes("g");
  private static final byte[] Q = toBytes("q");

  private static TableName create(String name, byte[]... splits) throws IOException {
    TableName table = TableName.valueOf(name);
    TableDescriptor descriptor = TableDescriptorBuilder.newBuilder(table)
        .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(F).setMaxVersions(1).build()).build();
    if (splits.length == 0) {
      BASALT.admin().createTable(descriptor);
    } else {
      BASALT.admin().createTable(descriptor, splits);
    }
    return table;
  }

  @Test
  void familiesAreAddedChangedAndDroppedOnline() throws IOException {
    TableName name = create("schema_families");
    try (Table table = BASALT.connection().getTable(name)) {
      for (long ts = 1; ts <= 3; ts++) {
        table.put(new Put(toBytes("r")).addColumn(F, Q, ts, toBytes("v" + ts)));
      }
      assertEquals(1, table.get(new Get(toBytes("r")).readAllVersions()).size());

      // More versions apply at once, to what the change's flush kept: as HBase's regions flush when they close to
      // reopen with the new schema, the versions past the old VERSIONS are gone (SchemaChangeOracleTest compares).
      BASALT.admin().modifyColumnFamily(name, ColumnFamilyDescriptorBuilder.newBuilder(F).setMaxVersions(3)
          .setValue("custom", "kept").build());
      assertEquals(1, table.get(new Get(toBytes("r")).readAllVersions()).size());
      table.put(new Put(toBytes("r")).addColumn(F, Q, 4, toBytes("v4")));
      assertEquals(2, table.get(new Get(toBytes("r")).readAllVersions()).size());
      assertEquals("kept", BASALT.admin().getDescriptor(name).getColumnFamily(F).getValue("custom"));
      assertEquals(3, BASALT.admin().getDescriptor(name).getColumnFamily(F).getMaxVersions());

      BASALT.admin().addColumnFamily(name, ColumnFamilyDescriptorBuilder.of(G));
      table.put(new Put(toBytes("r")).addColumn(G, Q, toBytes("g")));
      assertArrayEquals(toBytes("g"), table.get(new Get(toBytes("r"))).getValue(G, Q));
      assertThrows(InvalidFamilyOperationException.class,
          () -> BASALT.admin().addColumnFamily(name, ColumnFamilyDescriptorBuilder.of(G)));

      BASALT.admin().deleteColumnFamily(name, F);
      assertThrows(NoSuchColumnFamilyException.class, () -> table.get(new Get(toBytes("r")).addFamily(F)));
      assertThrows(InvalidFamilyOperationException.class, () -> BASALT.admin().deleteColumnFamily(name, F));
      assertThrows(InvalidFamilyOperationException.class, () -> BASALT.admin().deleteColumnFamily(name, G));

      // A family dropped and added again starts empty: its data went with it.
      BASALT.admin().addColumnFamily(name, ColumnFamilyDescriptorBuilder.of(F));
      Result row = table.get(new Get(toBytes("r")));
      assertEquals(1, row.size());
      assertArrayEquals(toBytes("g"), row.getValue(G, Q));
    }
  }

  @Test
  void modifyTableReplacesTheWholeDescriptor() throws IOException {
    TableName name = create("schema_modify");
    BASALT.admin().modifyTable(TableDescriptorBuilder.newBuilder(BASALT.admin().getDescriptor(name))
        .setValue("team", "search")
        .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(G).setTimeToLive(60).build())
        .build());
    TableDescriptor descriptor = BASALT.admin().getDescriptor(name);
    assertEquals("search", descriptor.getValue("team"));
    assertEquals(60, descriptor.getColumnFamily(G).getTimeToLive());
    assertTrue(BASALT.admin().isTableEnabled(name));
  }

  @Test
  void truncateEmptiesTheTableWithOrWithoutItsSplits() throws IOException {
    TableName name = create("schema_truncate", toBytes("m"));
    try (Table table = BASALT.connection().getTable(name)) {
      table.put(new Put(toBytes("a")).addColumn(F, Q, toBytes("1")));
      table.put(new Put(toBytes("z")).addColumn(F, Q, toBytes("2")));
      assertThrows(TableNotDisabledException.class, () -> BASALT.admin().truncateTable(name, true));

      BASALT.admin().disableTable(name);
      BASALT.admin().truncateTable(name, true);
      assertTrue(BASALT.admin().isTableEnabled(name));
      assertEquals(2, BASALT.admin().getRegions(name).size());
      assertEquals(0, TestTables.rows(table, new Scan()).size());

      table.put(new Put(toBytes("b")).addColumn(F, Q, toBytes("3")));
      BASALT.admin().disableTable(name);
      BASALT.admin().truncateTable(name, false);
      assertEquals(1, BASALT.admin().getRegions(name).size());
      assertEquals(0, TestTables.rows(table, new Scan()).size());
      table.put(new Put(toBytes("c")).addColumn(F, Q, toBytes("4")));
      assertEquals(1, TestTables.rows(table, new Scan()).size());
    }
  }
}
