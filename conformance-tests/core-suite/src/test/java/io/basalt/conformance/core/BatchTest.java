package io.basalt.conformance.core;

import static io.basalt.conformance.core.Tables.b;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.ClientFeature;
import io.basalt.conformance.harness.Feature;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Append;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Row;
import org.apache.hadoop.hbase.client.RowMutations;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.regionserver.NoSuchColumnFamilyException;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Batches of mixed actions across regions through the synchronous {@code Table}. */
@Feature({ClientFeature.BATCH, ClientFeature.TABLE_API})
class BatchTest {
  @RegisterExtension
  static final CoreCluster CLUSTER = new CoreCluster();

  private static final byte[] F = b("f");

  private static Table create(String name) throws IOException {
    return Tables.create(CLUSTER.connection(), TableName.valueOf(name), new String[] {"f"}, "g", "p");
  }

  @Test
  void runsMixedActionsAcrossRegionsWithAResultEach() throws Exception {
    try (Table table = create("batch_mixed")) {
      table.put(List.of(new Put(b("a-old")).addColumn(F, b("q"), b("old")),
          new Put(b("h-counter")).addColumn(F, b("n"), Bytes.toBytes(41L)),
          new Put(b("q-log")).addColumn(F, b("l"), b("x"))));
      RowMutations mutations = new RowMutations(b("z-row"));
      mutations.add(new Put(b("z-row")).addColumn(F, b("q"), b("mutated")));
      List<Row> actions = List.of(
          new Put(b("b-new")).addColumn(F, b("q"), b("new")),
          new Get(b("a-old")),
          new Delete(b("a-old")),
          new Increment(b("h-counter")).addColumn(F, b("n"), 1L),
          new Append(b("q-log")).addColumn(F, b("l"), b("y")),
          mutations);
      Object[] results = new Object[actions.size()];
      table.batch(actions, results);

      assertTrue(((Result) results[0]).isEmpty());
      assertArrayEquals(b("old"), ((Result) results[1]).getValue(F, b("q")));
      assertInstanceOf(Result.class, results[2]);
      assertEquals(42L, Bytes.toLong(((Result) results[3]).getValue(F, b("n"))));
      assertArrayEquals(b("xy"), ((Result) results[4]).getValue(F, b("l")));
      assertInstanceOf(Result.class, results[5]);
      assertEquals(List.of("b-new", "h-counter", "q-log", "z-row"), Tables.rows(table, new Scan()));
    }
  }

  @Test
  @Feature(ClientFeature.BAD_INPUT)
  void reportsAFailedActionWithoutFailingTheOthers() throws IOException {
    try (Table table = create("batch_errors")) {
      List<Row> actions = List.of(
          new Put(b("c-good")).addColumn(F, b("q"), b("1")),
          new Put(b("r-bad")).addColumn(b("no_such_family"), b("q"), b("2")),
          new Put(b("x-good")).addColumn(F, b("q"), b("3")));
      Object[] results = new Object[actions.size()];
      IOException error = assertThrows(IOException.class, () -> table.batch(actions, results));
      assertTrue(Tables.reports(error, NoSuchColumnFamilyException.class), error.toString());
      assertInstanceOf(Result.class, results[0]);
      assertNotNull(Tables.causeOfType((Throwable) results[1], NoSuchColumnFamilyException.class),
          String.valueOf(results[1]));
      assertInstanceOf(Result.class, results[2]);
      assertTrue(table.exists(new Get(b("c-good"))));
      assertTrue(table.exists(new Get(b("x-good"))));
    }
  }

  @Test
  void putsGetsAndDeletesHundredsOfRowsInLists() throws IOException {
    try (Table table = create("batch_lists")) {
      List<Put> puts = new ArrayList<>();
      List<Get> gets = new ArrayList<>();
      List<Delete> deletes = new ArrayList<>();
      for (int i = 0; i < 500; i++) {
        byte[] row = b(String.format("%c-bulk-%03d", (char) ('a' + i % 26), i));
        puts.add(new Put(row).addColumn(F, b("i"), Bytes.toBytes(i)));
        gets.add(new Get(row));
        if (i % 2 == 0) {
          deletes.add(new Delete(row));
        }
      }
      table.put(puts);
      Result[] results = table.get(gets);
      for (int i = 0; i < 500; i++) {
        assertEquals(i, Bytes.toInt(results[i].getValue(F, b("i"))));
      }
      table.delete(deletes);
      int remaining = 0;
      for (boolean exists : table.exists(gets)) {
        remaining += exists ? 1 : 0;
      }
      assertEquals(250, remaining);
    }
  }
}
