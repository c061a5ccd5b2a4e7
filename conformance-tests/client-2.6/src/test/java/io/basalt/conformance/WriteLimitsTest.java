package io.basalt.conformance;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.Map;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.TableNotFoundException;
import org.apache.hadoop.hbase.client.Append;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.regionserver.NoSuchColumnFamilyException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Writes and reads that cannot succeed fail fast with the exception HBase clients act on, and write nothing. */
class WriteLimitsTest {
  @RegisterExtension
  static final ConnectedBasalt BASALT = new ConnectedBasalt(
      Map.of("hbase.server.keyvalue.maxsize", "1000"));

  private static final byte[] F = toBytes("f");
  private static final byte[] Q = toBytes("q");
  private static Table table;

  @BeforeAll
  static void createTable() throws IOException {
    table = BASALT.createTable("limits", "f");
  }

  @Test
  void cellsOverTheServerLimitAreRefused() throws IOException {
    DoNotRetryIOException e = assertThrows(DoNotRetryIOException.class,
        () -> table.put(new Put(toBytes("big")).addColumn(F, Q, new byte[2000])));
    assertTrue(e.getMessage().contains("exceeds limit of 1000 bytes"), e.getMessage());
    assertTrue(table.get(new Get(toBytes("big"))).isEmpty());

    table.put(new Put(toBytes("grow")).addColumn(F, Q, new byte[600]));
    assertThrows(DoNotRetryIOException.class,
        () -> table.append(new Append(toBytes("grow")).addColumn(F, Q, new byte[600])));
    assertArrayEquals(new byte[600], table.get(new Get(toBytes("grow"))).getValue(F, Q));
  }

  @Test
  void missingTablesAndFamilies() throws IOException {
    try (Table missing = BASALT.connection().getTable(TableName.valueOf("no_such_table"))) {
      assertThrows(TableNotFoundException.class, () -> missing.get(new Get(toBytes("r"))));
      assertThrows(TableNotFoundException.class,
          () -> missing.put(new Put(toBytes("r")).addColumn(F, Q, toBytes("v"))));
    }
    assertThrows(NoSuchColumnFamilyException.class,
        () -> table.getScanner(new Scan().addFamily(toBytes("nope"))).next());
  }
}
