package io.basalt.conformance.core;

import static io.basalt.conformance.core.Tables.b;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.basalt.conformance.harness.ClientFeature;
import io.basalt.conformance.harness.Feature;
import java.io.IOException;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Append;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Increments and appends through the synchronous {@code Table}. */
@Feature(ClientFeature.TABLE_API)
class CounterTest {
  @RegisterExtension
  static final CoreCluster CLUSTER = new CoreCluster();

  private static final TableName NAME = TableName.valueOf("counters");

  @BeforeAll
  static void createTable() throws IOException {
    try (Admin admin = CLUSTER.admin()) {
      admin.createTable(Tables.descriptor(NAME, 1, "a", "b"));
    }
  }

  @Test
  @Feature(ClientFeature.INCREMENT)
  void incrementsOneAndSeveralColumns() throws IOException {
    try (Table table = CLUSTER.connection().getTable(NAME)) {
      assertEquals(5L, table.incrementColumnValue(b("inc"), b("a"), b("hits"), 5L));
      assertEquals(3L, table.incrementColumnValue(b("inc"), b("a"), b("hits"), -2L));
      Result result = table.increment(new Increment(b("inc")).addColumn(b("a"), b("hits"), 10L)
          .addColumn(b("a"), b("misses"), 1L).addColumn(b("b"), b("total"), 100L));
      assertEquals(13L, Bytes.toLong(result.getValue(b("a"), b("hits"))));
      assertEquals(1L, Bytes.toLong(result.getValue(b("a"), b("misses"))));
      assertEquals(100L, Bytes.toLong(result.getValue(b("b"), b("total"))));
      assertArrayEquals(Bytes.toBytes(13L), table.get(new Get(b("inc"))).getValue(b("a"), b("hits")));
    }
  }

  @Test
  @Feature({ClientFeature.INCREMENT, ClientFeature.BAD_INPUT})
  void refusesToIncrementAValueThatIsNotALong() throws IOException {
    try (Table table = CLUSTER.connection().getTable(NAME)) {
      table.put(new Put(b("text")).addColumn(b("a"), b("q"), b("abc")));
      IOException error = assertThrows(IOException.class,
          () -> table.incrementColumnValue(b("text"), b("a"), b("q"), 1L));
      assertNotNull(Tables.causeOfType(error, DoNotRetryIOException.class), error.toString());
      assertArrayEquals(b("abc"), table.get(new Get(b("text"))).getValue(b("a"), b("q")));
    }
  }

  @Test
  @Feature(ClientFeature.APPEND)
  void appendsToNewAndExistingColumns() throws IOException {
    try (Table table = CLUSTER.connection().getTable(NAME)) {
      Result first = table.append(new Append(b("app")).addColumn(b("a"), b("log"), b("one")));
      assertArrayEquals(b("one"), first.getValue(b("a"), b("log")));
      Result second = table.append(new Append(b("app")).addColumn(b("a"), b("log"), b(",two"))
          .addColumn(b("b"), b("other"), b("x")));
      assertArrayEquals(b("one,two"), second.getValue(b("a"), b("log")));
      assertArrayEquals(b("x"), second.getValue(b("b"), b("other")));
      Append quiet = new Append(b("app")).addColumn(b("a"), b("log"), b(",three"));
      quiet.setReturnResults(false);
      table.append(quiet);
      assertArrayEquals(b("one,two,three"), table.get(new Get(b("app"))).getValue(b("a"), b("log")));
    }
  }
}
