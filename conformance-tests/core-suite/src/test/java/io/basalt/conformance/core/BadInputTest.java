package io.basalt.conformance.core;

import static io.basalt.conformance.core.Tables.b;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.ClientFeature;
import io.basalt.conformance.harness.Feature;
import java.io.IOException;
import java.util.concurrent.ExecutionException;
import org.apache.hadoop.hbase.TableExistsException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.TableNotDisabledException;
import org.apache.hadoop.hbase.TableNotFoundException;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.regionserver.NoSuchColumnFamilyException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Bad requests fail with the exception class HBase uses, and the server goes on serving. */
@Feature(ClientFeature.BAD_INPUT)
class BadInputTest {
  @RegisterExtension
  static final CoreCluster CLUSTER = new CoreCluster();

  @Test
  @Feature({ClientFeature.TABLE_API, ClientFeature.ASYNC_TABLE_API})
  void readsOfAMissingTableFailWithTableNotFound() throws IOException {
    TableName missing = TableName.valueOf("bad_input_missing");
    try (Table table = CLUSTER.connection().getTable(missing)) {
      IOException error = assertThrows(IOException.class, () -> table.get(new Get(b("r"))));
      assertTrue(Tables.reports(error, TableNotFoundException.class), error.toString());
    }
    ExecutionException asyncError = assertThrows(ExecutionException.class,
        () -> CLUSTER.async().getTable(missing).get(new Get(b("r"))).get());
    assertTrue(Tables.reports(asyncError, TableNotFoundException.class), asyncError.toString());
  }

  @Test
  @Feature(ClientFeature.TABLE_API)
  void writesToAMissingFamilyFailWithNoSuchColumnFamily() throws IOException {
    TableName name = TableName.valueOf("bad_input_family");
    try (Table table = Tables.create(CLUSTER.connection(), name, new String[] {"f"})) {
      IOException error = assertThrows(IOException.class,
          () -> table.put(new Put(b("r")).addColumn(b("nope"), b("q"), b("v"))));
      assertTrue(Tables.reports(error, NoSuchColumnFamilyException.class), error.toString());
      table.put(new Put(b("r")).addColumn(b("f"), b("q"), b("still serving")));
      assertArrayEquals(b("still serving"), table.get(new Get(b("r"))).getValue(b("f"), b("q")));
    }
  }

  @Test
  @Feature(ClientFeature.ADMIN_API)
  void ddlOnTheWrongTableStateFailsWithTheStateException() throws IOException {
    TableName name = TableName.valueOf("bad_input_ddl");
    try (Admin admin = CLUSTER.admin()) {
      admin.createTable(Tables.descriptor(name, 1, "f"));
      IOException exists = assertThrows(IOException.class,
          () -> admin.createTable(Tables.descriptor(name, 1, "f")));
      assertTrue(Tables.reports(exists, TableExistsException.class), exists.toString());
      IOException enabled = assertThrows(IOException.class, () -> admin.deleteTable(name));
      assertTrue(Tables.reports(enabled, TableNotDisabledException.class), enabled.toString());
      IOException missing = assertThrows(IOException.class,
          () -> admin.disableTable(TableName.valueOf("bad_input_never_created")));
      assertTrue(Tables.reports(missing, TableNotFoundException.class), missing.toString());
      assertTrue(admin.tableExists(name));
    }
  }
}
