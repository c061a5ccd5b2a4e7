package io.basalt.conformance.differential;

import static io.basalt.conformance.differential.SchemaSteps.F;
import static io.basalt.conformance.differential.SchemaSteps.Q;
import static io.basalt.conformance.differential.SchemaSteps.ROW;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.RetriesExhaustedWithDetailsException;
import org.apache.hadoop.hbase.client.Row;
import org.apache.hadoop.hbase.client.RowMutations;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A put whose own TTL ran out before it was written (its timestamp is milliseconds after the epoch), after other
 * puts of the same coordinates: in an earlier call it hides nothing, in the same call it replaces them. HBase gives
 * every cell of one write the same sequence number, and its memstore keeps one cell per coordinates and sequence
 * number, the last; the expired one is then passed over by every read, flush and compaction. DifferentialTest's seed
 * 2 found the difference at its 5,314th operation.
 */
class ExpiredPutOracleTest {
  /** Far past any run: the cell with it never expires during the test. */
  private static final long LONG_TTL = 1L << 50;
  /** Ran out some 1.7 trillion milliseconds before the put at timestamp 10 is written. */
  private static final long SHORT_TTL = 202;

  @RegisterExtension
  static final BasaltAndHBase SERVERS = BasaltAndHBase.shared();

  @Test
  void anExpiredPutInALaterCallHidesNothing() {
    SERVERS.same((connection, admin, table) -> stored(connection, admin, table, t -> {
      t.put(put("v1"));
      t.put(put("v2").setTTL(SHORT_TTL));
    }));
  }

  @Test
  void anExpiredPutReplacesAPutOfTheSameCoordinatesInTheSameMutateRow() {
    SERVERS.same((connection, admin, table) -> stored(connection, admin, table, t ->
        t.mutateRow(RowMutations.of(List.of(put("v2"), put("v11").setTTL(SHORT_TTL))))));
  }

  /** The put it replaces had replaced an older call's put; that one is what reads find again. */
  @Test
  void anOlderCallsPutShowsAgainWhenTheSameMutateRowsPutsEndExpired() {
    SERVERS.same((connection, admin, table) -> stored(connection, admin, table, t -> {
      t.put(put("v1"));
      t.mutateRow(RowMutations.of(List.of(put("v2").setTTL(LONG_TTL), put("v11").setTTL(SHORT_TTL))));
    }));
  }

  @Test
  void anExpiredPutReplacesAPutOfTheSameCoordinatesInTheSameBatch() {
    SERVERS.same((connection, admin, table) -> stored(connection, admin, table, t -> {
      t.put(put("v1"));
      List<Row> actions = List.of(put("v2"), new Put(Bytes.toBytes("other")).addColumn(F, Q, 10, Bytes.toBytes("o")),
          put("v11").setTTL(SHORT_TTL));
      t.batch(actions, new Object[actions.size()]);
    }));
  }

  @Test
  void anExpiredPutReplacesAPutOfTheSameCoordinatesInTheSameCheckAndMutate() {
    SERVERS.same((connection, admin, table) -> stored(connection, admin, table, t -> {
      t.put(put("v1"));
      t.checkAndMutate(CheckAndMutate.newBuilder(ROW).ifNotExists(F, Bytes.toBytes("absent"))
          .build(RowMutations.of(List.of(put("v2").setTTL(LONG_TTL), put("v11").setTTL(SHORT_TTL)))));
    }));
  }

  /** The expired put fails, naming a family the table lacks, and takes nothing's place. */
  @Test
  void aFailingExpiredPutInTheSameBatchReplacesNothing() {
    SERVERS.same((connection, admin, table) -> stored(connection, admin, table, t -> {
      List<Row> actions = List.of(put("v2"),
          put("v11").addColumn(Bytes.toBytes("zz"), Q, 10, Bytes.toBytes("x")).setTTL(SHORT_TTL));
      Object[] results = new Object[actions.size()];
      try {
        t.batch(actions, results);
      } catch (RetriesExhaustedWithDetailsException e) {
        return; // what each server stored is compared; the failure itself is the batch's second action's
      }
      throw new AssertionError("the put naming family zz did not fail");
    }));
  }

  /** An increment between the two puts of one batch. */
  @Test
  void anExpiredPutAfterAnIncrementInTheSameBatch() {
    SERVERS.same((connection, admin, table) -> stored(connection, admin, table, t -> {
      t.put(put("v1"));
      List<Row> actions = List.of(put("v2"), new Increment(ROW).addColumn(F, Bytes.toBytes("n"), 1),
          put("v11").setTTL(SHORT_TTL));
      t.batch(actions, new Object[actions.size()]);
    }));
  }

  @FunctionalInterface
  private interface Writes {
    void run(Table table) throws Exception;
  }

  /** What a raw scan finds after the writes, then after a flush. */
  private static String stored(Connection connection, Admin admin, TableName table, Writes writes) throws Exception {
    SchemaSteps.create(admin, table, SchemaSteps.family().setMaxVersions(5));
    try (Table t = connection.getTable(table)) {
      writes.run(t);
      String written = raw(t);
      admin.flush(table);
      return "written: " + written + "\nflushed: " + raw(t);
    }
  }

  private static Put put(String value) {
    return new Put(ROW).addColumn(F, Q, 10, Bytes.toBytes(value));
  }

  private static String raw(Table table) throws IOException {
    StringBuilder text = new StringBuilder();
    try (ResultScanner scanner = table.getScanner(new Scan().setRaw(true).readAllVersions())) {
      for (Result result : scanner) {
        text.append(Canonical.result(result)).append("; ");
      }
    }
    return text.toString();
  }
}
