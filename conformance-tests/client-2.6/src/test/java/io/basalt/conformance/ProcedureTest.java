package io.basalt.conformance;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.Map;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hbase.thirdparty.com.google.gson.JsonArray;
import org.apache.hbase.thirdparty.com.google.gson.JsonElement;
import org.apache.hbase.thirdparty.com.google.gson.JsonObject;
import org.apache.hbase.thirdparty.com.google.gson.JsonParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The procedures clients wait on are listed once done, and the pre-2.6 way of flushing a table still works. */
class ProcedureTest {
  @RegisterExtension
  static final ConnectedBasalt BASALT = new ConnectedBasalt();

  @Test
  void finishedDdlIsListedAsSuccessfulProcedures() throws IOException {
    TableName name = TableName.valueOf("procedures");
    BASALT.admin().createTable(TableDescriptorBuilder.newBuilder(name)
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of("f")).build());
    BASALT.admin().disableTable(name);

    JsonArray procedures = JsonParser.parseString(BASALT.admin().getProcedures()).getAsJsonArray();
    assertTrue(procedures.size() >= 2);
    JsonObject create = find(procedures, "org.apache.hadoop.hbase.master.procedure.CreateTableProcedure");
    JsonObject disable = find(procedures, "org.apache.hadoop.hbase.master.procedure.DisableTableProcedure");
    assertEquals("SUCCESS", create.get("state").getAsString());
    assertTrue(Long.parseLong(disable.get("procId").getAsString())
        > Long.parseLong(create.get("procId").getAsString()));
    assertEquals("[]", BASALT.admin().getLocks());
  }

  @Test
  void execProcedureFlushesATableAsOlderClientsAsk() throws IOException {
    TableName name = TableName.valueOf("exec_flush");
    BASALT.admin().createTable(TableDescriptorBuilder.newBuilder(name)
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of("f")).build());
    try (Table table = BASALT.connection().getTable(name)) {
      table.put(new Put(toBytes("r")).addColumn(toBytes("f"), toBytes("q"), toBytes("v")));
    }
    BASALT.admin().execProcedure("flush-table-proc", name.getNameAsString(), Map.of());
    assertTrue(BASALT.admin().isProcedureFinished("flush-table-proc", name.getNameAsString(), Map.of()));
    assertThrows(IOException.class, () -> BASALT.admin().execProcedure("online-snapshot", "x", Map.of()));
  }

  private static JsonObject find(JsonArray procedures, String className) {
    for (JsonElement element : procedures) {
      JsonObject procedure = element.getAsJsonObject();
      if (className.equals(procedure.get("className").getAsString())) {
        return procedure;
      }
    }
    throw new AssertionError("no " + className + " in " + procedures);
  }
}
