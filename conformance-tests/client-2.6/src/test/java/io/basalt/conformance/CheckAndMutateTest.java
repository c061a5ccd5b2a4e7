package io.basalt.conformance;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.BasaltServerExtension;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.CompareOperator;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Append;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.CheckAndMutateResult;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.RowMutations;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.filter.BinaryComparator;
import org.apache.hadoop.hbase.filter.ValueFilter;
import org.apache.hadoop.hbase.io.TimeRange;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** checkAndMutate in all its forms, and atomic row mutations. */
class CheckAndMutateTest {
  @RegisterExtension
  static final BasaltServerExtension BASALT = new BasaltServerExtension();

  private static final byte[] F = toBytes("f");
  private static final byte[] Q = toBytes("q");
  private static Connection connection;
  private static Table table;

  @BeforeAll
  static void createTable() throws IOException {
    connection = Clients.connect(BASALT.process());
    TableName name = TableName.valueOf("check_and_mutate");
    TestTables.create(connection, name, 3, new String[] {"f", "g"}, "m");
    table = connection.getTable(name);
  }

  @AfterAll
  static void close() throws IOException {
    table.close();
    connection.close();
  }

  @Test
  void everyOperatorComparesTheExpectedValueWithTheStoredOne() throws IOException {
    byte[] row = toBytes("ops");
    table.put(new Put(row).addColumn(F, Q, toBytes("m")));
    // HBase's order is compare(expected, stored): GREATER passes when the expected value is greater.
    Map<CompareOperator, List<Boolean>> expected = Map.of(
        CompareOperator.LESS, List.of(true, false, false),
        CompareOperator.LESS_OR_EQUAL, List.of(true, true, false),
        CompareOperator.EQUAL, List.of(false, true, false),
        CompareOperator.NOT_EQUAL, List.of(true, false, true),
        CompareOperator.GREATER_OR_EQUAL, List.of(false, true, true),
        CompareOperator.GREATER, List.of(false, false, true));
    List<String> probes = List.of("a", "m", "z");
    for (Map.Entry<CompareOperator, List<Boolean>> entry : expected.entrySet()) {
      for (int i = 0; i < probes.size(); i++) {
        CheckAndMutateResult result = table.checkAndMutate(CheckAndMutate.newBuilder(row)
            .ifMatches(F, Q, entry.getKey(), toBytes(probes.get(i)))
            .build(new Put(row).addColumn(F, toBytes("hit"), toBytes(entry.getKey() + "/" + probes.get(i)))));
        assertEquals(entry.getValue().get(i), result.isSuccess(), entry.getKey() + " " + probes.get(i));
      }
    }
  }

  @Test
  void absenceChecks() throws IOException {
    byte[] row = toBytes("absent");
    assertTrue(table.checkAndMutate(CheckAndMutate.newBuilder(row).ifNotExists(F, Q)
        .build(new Put(row).addColumn(F, Q, toBytes("first")))).isSuccess());
    assertFalse(table.checkAndMutate(CheckAndMutate.newBuilder(row).ifNotExists(F, Q)
        .build(new Put(row).addColumn(F, Q, toBytes("second")))).isSuccess());
    assertArrayEquals(toBytes("first"), table.get(new Get(row)).getValue(F, Q));
  }

  @Test
  void filterConditionsAndTimeRanges() throws IOException {
    byte[] row = toBytes("filtered");
    table.put(new Put(row).addColumn(F, Q, 5, toBytes("old")));
    table.put(new Put(row).addColumn(F, Q, 10, toBytes("new")));
    ValueFilter isOld = new ValueFilter(CompareOperator.EQUAL, new BinaryComparator(toBytes("old")));
    // As in HBase, a filter condition reads like a filtered Get: it sees every version the family keeps.
    assertTrue(table.checkAndMutate(CheckAndMutate.newBuilder(row).ifMatches(isOld)
        .build(new Put(row).addColumn(F, toBytes("x"), toBytes("1")))).isSuccess());
    assertFalse(table.checkAndMutate(CheckAndMutate.newBuilder(row).ifMatches(isOld).timeRange(
        TimeRange.between(6, 11)).build(new Put(row).addColumn(F, toBytes("x"), toBytes("no")))).isSuccess(),
        "within [6, 11) there is only the new value");
    assertFalse(table.checkAndMutate(CheckAndMutate.newBuilder(row).ifEquals(F, Q, toBytes("old"))
        .build(new Put(row).addColumn(F, toBytes("x"), toBytes("no")))).isSuccess(), "the latest value is new");
    assertTrue(table.checkAndMutate(CheckAndMutate.newBuilder(row).ifEquals(F, Q, toBytes("old"))
        .timeRange(TimeRange.between(0, 6)).build(new Put(row).addColumn(F, toBytes("x"), toBytes("2"))))
        .isSuccess(), "within [0, 6) the latest value is old");
    assertArrayEquals(toBytes("2"), table.get(new Get(row)).getValue(F, toBytes("x")));
  }

  @Test
  void actionsOfEveryKind() throws IOException {
    byte[] row = toBytes("actions");
    table.put(new Put(row).addColumn(F, Q, toBytes("go")).addColumn(F, toBytes("n"), Bytes.toBytes(1L)));
    CheckAndMutateResult incremented = table.checkAndMutate(CheckAndMutate.newBuilder(row)
        .ifEquals(F, Q, toBytes("go")).build(new Increment(row).addColumn(F, toBytes("n"), 41)));
    assertTrue(incremented.isSuccess());
    assertEquals(42, Bytes.toLong(incremented.getResult().getValue(F, toBytes("n"))));

    table.put(new Put(row).addColumn(F, toBytes("s"), toBytes("ab")));
    CheckAndMutateResult appended = table.checkAndMutate(CheckAndMutate.newBuilder(row)
        .ifEquals(F, Q, toBytes("go")).build(new Append(row).addColumn(F, toBytes("s"), toBytes("cd"))));
    assertTrue(appended.isSuccess());
    assertArrayEquals(toBytes("abcd"), appended.getResult().getValue(F, toBytes("s")));
    assertFalse(table.checkAndMutate(CheckAndMutate.newBuilder(row).ifEquals(F, Q, toBytes("stop"))
        .build(new Append(row).addColumn(F, toBytes("s"), toBytes("no")))).isSuccess());
    assertArrayEquals(toBytes("abcd"), table.get(new Get(row)).getValue(F, toBytes("s")));

    assertTrue(table.checkAndMutate(CheckAndMutate.newBuilder(row).ifEquals(F, Q, toBytes("go"))
        .build(new Delete(row).addColumns(F, toBytes("n")))).isSuccess());
    assertNull(table.get(new Get(row)).getValue(F, toBytes("n")));

    RowMutations both = new RowMutations(row).add(List.of(
        new Put(row).addColumn(toBytes("g"), toBytes("p"), toBytes("put")),
        new Delete(row).addColumns(F, Q)));
    assertTrue(table.checkAndMutate(CheckAndMutate.newBuilder(row).ifEquals(F, Q, toBytes("go")).build(both))
        .isSuccess());
    Result after = table.get(new Get(row));
    assertNull(after.getValue(F, Q));
    assertArrayEquals(toBytes("put"), after.getValue(toBytes("g"), toBytes("p")));
  }

  @Test
  void aPutWithoutTimestampIsNeverHiddenBehindTheCheckedCell() throws IOException {
    byte[] row = toBytes("future");
    long future = System.currentTimeMillis() + 3_600_000;
    table.put(new Put(row).addColumn(F, Q, future, toBytes("a")));
    assertTrue(table.checkAndMutate(CheckAndMutate.newBuilder(row).ifEquals(F, Q, toBytes("a"))
        .build(new Put(row).addColumn(F, Q, toBytes("b")))).isSuccess());
    assertArrayEquals(toBytes("b"), table.get(new Get(row)).getValue(F, Q));
  }

  @Test
  void batchOfCheckAndMutates() throws IOException {
    table.put(new Put(toBytes("batch-a")).addColumn(F, Q, toBytes("1")));
    table.put(new Put(toBytes("zbatch-b")).addColumn(F, Q, toBytes("1")));
    List<CheckAndMutateResult> results = table.checkAndMutate(List.of(
        CheckAndMutate.newBuilder(toBytes("batch-a")).ifEquals(F, Q, toBytes("1"))
            .build(new Put(toBytes("batch-a")).addColumn(F, Q, toBytes("2"))),
        CheckAndMutate.newBuilder(toBytes("zbatch-b")).ifEquals(F, Q, toBytes("nope"))
            .build(new Put(toBytes("zbatch-b")).addColumn(F, Q, toBytes("2")))));
    assertTrue(results.get(0).isSuccess());
    assertFalse(results.get(1).isSuccess());
    assertArrayEquals(toBytes("2"), table.get(new Get(toBytes("batch-a"))).getValue(F, Q));
    assertArrayEquals(toBytes("1"), table.get(new Get(toBytes("zbatch-b"))).getValue(F, Q));
  }

  @Test
  void mutateRowIsAtomicAndReturnsCounterResults() throws IOException {
    byte[] row = toBytes("atomic");
    table.put(new Put(row).addColumn(F, toBytes("gone"), toBytes("x")));
    Result result = table.mutateRow(new RowMutations(row).add(List.of(
        new Put(row).addColumn(F, toBytes("a"), toBytes("1")),
        new Delete(row).addColumns(F, toBytes("gone")),
        new Increment(row).addColumn(F, toBytes("n"), 5))));
    assertEquals(5, Bytes.toLong(result.getValue(F, toBytes("n"))));
    Result after = table.get(new Get(row));
    assertArrayEquals(toBytes("1"), after.getValue(F, toBytes("a")));
    assertNull(after.getValue(F, toBytes("gone")));
  }
}
