package io.basalt.conformance.core;

import static io.basalt.conformance.core.Tables.b;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.ClientFeature;
import io.basalt.conformance.harness.Feature;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Table;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Puts, gets and deletes through the synchronous {@code Table}. */
@Feature(ClientFeature.TABLE_API)
class ReadWriteTest {
  @RegisterExtension
  static final CoreCluster CLUSTER = new CoreCluster();

  private static final TableName NAME = TableName.valueOf("read_write");

  @BeforeAll
  static void createTable() throws IOException {
    try (Admin admin = CLUSTER.admin()) {
      admin.createTable(Tables.descriptor(NAME, 3, "a", "b"), Tables.splitKeys("m"));
    }
  }

  @Test
  @Feature({ClientFeature.PUT, ClientFeature.GET})
  void putsAndGetsColumnsFamiliesAndVersions() throws IOException {
    try (Table table = CLUSTER.connection().getTable(NAME)) {
      table.put(new Put(b("row1")).addColumn(b("a"), b("x"), 1L, b("x1")).addColumn(b("a"), b("y"), 1L, b("y1"))
          .addColumn(b("b"), b("z"), 1L, b("z1")));
      table.put(new Put(b("row1")).addColumn(b("a"), b("x"), 2L, b("x2")));
      table.put(new Put(b("row1")).addColumn(b("a"), b("x"), 3L, b("x3")));

      assertEquals(List.of("row1/a:x=x3", "row1/a:y=y1", "row1/b:z=z1"), Tables.cells(table.get(new Get(b("row1")))));
      assertEquals(List.of("row1/a:x=x3", "row1/a:y=y1"), Tables.cells(table.get(new Get(b("row1")).addFamily(b("a")))));
      assertEquals(List.of("row1/b:z=z1"), Tables.cells(table.get(new Get(b("row1")).addColumn(b("b"), b("z")))));
      assertEquals(List.of("row1/a:x=x3", "row1/a:x=x2", "row1/a:x=x1"),
          Tables.cells(table.get(new Get(b("row1")).addColumn(b("a"), b("x")).readAllVersions())));
      assertEquals(List.of("row1/a:x=x2"),
          Tables.cells(table.get(new Get(b("row1")).addColumn(b("a"), b("x")).setTimeRange(2L, 3L))));
      assertEquals(List.of("row1/a:x=x1"),
          Tables.cells(table.get(new Get(b("row1")).addColumn(b("a"), b("x")).setTimestamp(1L))));
      assertTrue(table.exists(new Get(b("row1"))));
      assertFalse(table.exists(new Get(b("absent"))));
    }
  }

  @Test
  @Feature({ClientFeature.PUT, ClientFeature.GET})
  void putsAndGetsListsAcrossRegions() throws IOException {
    try (Table table = CLUSTER.connection().getTable(NAME)) {
      table.put(List.of(new Put(b("list-a")).addColumn(b("a"), b("q"), b("1")),
          new Put(b("zlist-b")).addColumn(b("a"), b("q"), b("2"))));
      Result[] results = table.get(List.of(new Get(b("list-a")), new Get(b("missing")), new Get(b("zlist-b"))));
      assertArrayEquals(b("1"), results[0].getValue(b("a"), b("q")));
      assertTrue(results[1].isEmpty());
      assertArrayEquals(b("2"), results[2].getValue(b("a"), b("q")));
      boolean[] exist = table.exists(List.of(new Get(b("list-a")), new Get(b("missing"))));
      assertTrue(exist[0]);
      assertFalse(exist[1]);
    }
  }

  @Test
  @Feature(ClientFeature.DELETE)
  void deletesRowsFamiliesColumnsAndVersions() throws IOException {
    try (Table table = CLUSTER.connection().getTable(NAME)) {
      byte[] row = b("row2");
      table.put(new Put(row).addColumn(b("a"), b("x"), 1L, b("x1")).addColumn(b("a"), b("x"), 2L, b("x2"))
          .addColumn(b("a"), b("y"), 1L, b("y1")).addColumn(b("a"), b("w"), 1L, b("w1"))
          .addColumn(b("b"), b("z"), 1L, b("z1")));

      table.delete(new Delete(row).addColumn(b("a"), b("x")));
      assertEquals(List.of("row2/a:x=x1"), Tables.cells(table.get(new Get(row).addColumn(b("a"), b("x")))));
      table.delete(new Delete(row).addColumns(b("a"), b("y")));
      table.delete(new Delete(row).addColumn(b("a"), b("w"), 1L));
      assertEquals(List.of("row2/a:x=x1", "row2/b:z=z1"), Tables.cells(table.get(new Get(row))));
      table.delete(new Delete(row).addFamily(b("b")));
      assertEquals(List.of("row2/a:x=x1"), Tables.cells(table.get(new Get(row))));
      table.delete(new Delete(row));
      assertTrue(table.get(new Get(row)).isEmpty());

      table.put(new Put(b("row3")).addColumn(b("a"), b("q"), b("v")));
      table.put(new Put(b("zrow3")).addColumn(b("a"), b("q"), b("v")));
      // The 2.x client takes the deletes it applied out of the list it is given, so the list must be mutable.
      table.delete(new ArrayList<>(List.of(new Delete(b("row3")), new Delete(b("zrow3")))));
      assertFalse(table.exists(new Get(b("row3"))));
      assertFalse(table.exists(new Get(b("zrow3"))));
    }
  }
}
