package io.basalt.conformance;

import static io.basalt.conformance.Futures.await;
import static io.basalt.conformance.TestTables.cells;
import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.apache.hadoop.hbase.CompareOperator;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Append;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.CheckAndMutateResult;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.RowMutations;
import org.apache.hadoop.hbase.filter.BinaryComparator;
import org.apache.hadoop.hbase.filter.FilterList;
import org.apache.hadoop.hbase.filter.SingleColumnValueFilter;
import org.apache.hadoop.hbase.filter.ValueFilter;
import org.apache.hadoop.hbase.io.TimeRange;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** checkAndMutate through the stock 2.6 {@code AsyncTable}: every condition, every action, one and many at once. */
class AsyncCheckAndMutateTest {
  @RegisterExtension
  static final ConnectedBasalt BASALT = new ConnectedBasalt();

  private static final byte[] F = toBytes("f");
  private static final byte[] G = toBytes("g");
  private static final byte[] Q = toBytes("q");
  private static AsyncConnection async;
  private static AsyncTable<?> table;

  @BeforeAll
  static void createTable() throws Exception {
    TableName name = TableName.valueOf("async_check_and_mutate");
    TestTables.create(BASALT.connection(), name, 3, new String[] {"f", "g"}, "m");
    async = BASALT.asyncConnection();
    table = async.getTable(name);
  }

  @Test
  void everyOperatorComparesTheExpectedValueWithTheStoredOne() throws Exception {
    byte[] row = toBytes("ops");
    await(table.put(new Put(row).addColumn(F, Q, toBytes("m"))));
    // compare(expected, stored), as in HBase: GREATER passes when the expected value is the greater.
    Map<CompareOperator, List<Boolean>> expected = Map.of(
        CompareOperator.LESS, List.of(true, false, false),
        CompareOperator.LESS_OR_EQUAL, List.of(true, true, false),
        CompareOperator.EQUAL, List.of(false, true, false),
        CompareOperator.NOT_EQUAL, List.of(true, false, true),
        CompareOperator.GREATER_OR_EQUAL, List.of(false, true, true),
        CompareOperator.GREATER, List.of(false, false, true));
    List<String> probes = List.of("a", "m", "z");
    List<String> written = new ArrayList<>();
    for (Map.Entry<CompareOperator, List<Boolean>> entry : expected.entrySet()) {
      for (int i = 0; i < probes.size(); i++) {
        String column = entry.getKey() + "/" + probes.get(i);
        CheckAndMutateResult result = await(table.checkAndMutate(CheckAndMutate.newBuilder(row)
            .ifMatches(F, Q, entry.getKey(), toBytes(probes.get(i)))
            .build(new Put(row).addColumn(G, toBytes(column), toBytes("hit")))));
        assertEquals(entry.getValue().get(i), result.isSuccess(), column);
        if (result.isSuccess()) {
          written.add(column);
        }
      }
    }
    // Exactly the puts whose check passed were applied.
    Result row1 = await(table.get(new Get(row).addFamily(G)));
    List<String> applied = new ArrayList<>();
    row1.listCells().forEach(cell -> applied.add(Bytes.toString(cell.getQualifierArray(), cell.getQualifierOffset(),
        cell.getQualifierLength())));
    assertEquals(written.stream().sorted().toList(), applied);
  }

  @Test
  void ifNotExistsAndIfEqualsAnAbsentValue() throws Exception {
    byte[] row = toBytes("absent");
    assertTrue(await(table.checkAndMutate(CheckAndMutate.newBuilder(row).ifNotExists(F, Q)
        .build(new Put(row).addColumn(F, Q, toBytes("first"))))).isSuccess());
    assertFalse(await(table.checkAndMutate(CheckAndMutate.newBuilder(row).ifNotExists(F, Q)
        .build(new Put(row).addColumn(F, Q, toBytes("second"))))).isSuccess());
    assertArrayEquals(toBytes("first"), await(table.get(new Get(row))).getValue(F, Q));
  }

  @Test
  void filterConditionsAndTimeRanges() throws Exception {
    byte[] row = toBytes("filtered");
    await(table.put(new Put(row).addColumn(F, Q, 5, toBytes("old"))));
    await(table.put(new Put(row).addColumn(F, Q, 10, toBytes("new")).addColumn(G, Q, 10, toBytes("g"))));
    ValueFilter isOld = new ValueFilter(CompareOperator.EQUAL, new BinaryComparator(toBytes("old")));
    assertTrue(await(table.checkAndMutate(CheckAndMutate.newBuilder(row).ifMatches(isOld)
        .build(new Put(row).addColumn(F, toBytes("x"), toBytes("1"))))).isSuccess());
    assertFalse(await(table.checkAndMutate(CheckAndMutate.newBuilder(row).ifMatches(isOld)
        .timeRange(TimeRange.between(6, 11)).build(new Put(row).addColumn(F, toBytes("x"), toBytes("no")))))
        .isSuccess(), "within [6, 11) there is only the new value");
    SingleColumnValueFilter gIsG = new SingleColumnValueFilter(G, Q, CompareOperator.EQUAL, toBytes("g"));
    gIsG.setFilterIfMissing(true);
    SingleColumnValueFilter fIsNew = new SingleColumnValueFilter(F, Q, CompareOperator.EQUAL, toBytes("new"));
    fIsNew.setFilterIfMissing(true);
    assertTrue(await(table.checkAndMutate(CheckAndMutate.newBuilder(row).ifMatches(new FilterList(gIsG, fIsNew))
        .build(new Put(row).addColumn(F, toBytes("y"), toBytes("both"))))).isSuccess());

    assertFalse(await(table.checkAndMutate(CheckAndMutate.newBuilder(row).ifEquals(F, Q, toBytes("old"))
        .build(new Put(row).addColumn(F, toBytes("x"), toBytes("no"))))).isSuccess(), "the latest value is new");
    assertTrue(await(table.checkAndMutate(CheckAndMutate.newBuilder(row).ifEquals(F, Q, toBytes("old"))
        .timeRange(TimeRange.between(0, 6)).build(new Put(row).addColumn(F, toBytes("x"), toBytes("2")))))
        .isSuccess(), "within [0, 6) the latest value is old");
    Result after = await(table.get(new Get(row)));
    assertArrayEquals(toBytes("2"), after.getValue(F, toBytes("x")));
    assertArrayEquals(toBytes("both"), after.getValue(F, toBytes("y")));
  }

  @Test
  void actionsOfEveryKindWithTheirResults() throws Exception {
    byte[] row = toBytes("actions");
    await(table.put(new Put(row).addColumn(F, Q, toBytes("go")).addColumn(F, toBytes("n"), Bytes.toBytes(1L))
        .addColumn(F, toBytes("s"), toBytes("ab"))));
    CheckAndMutate.Builder ifGo = CheckAndMutate.newBuilder(row).ifEquals(F, Q, toBytes("go"));

    CheckAndMutateResult put = await(table.checkAndMutate(ifGo.build(new Put(row).addColumn(G, toBytes("p"),
        toBytes("put")))));
    assertTrue(put.isSuccess());
    assertTrue(put.getResult() == null || put.getResult().isEmpty(), "a put returns no cells");

    CheckAndMutateResult incremented = await(table.checkAndMutate(ifGo.build(new Increment(row)
        .addColumn(F, toBytes("n"), 41))));
    assertTrue(incremented.isSuccess());
    assertEquals(42, Bytes.toLong(incremented.getResult().getValue(F, toBytes("n"))));

    CheckAndMutateResult appended = await(table.checkAndMutate(ifGo.build(new Append(row)
        .addColumn(F, toBytes("s"), toBytes("cd")))));
    assertTrue(appended.isSuccess());
    assertEquals(List.of("actions/f:s=abcd"), cells(appended.getResult()));

    CheckAndMutateResult failed = await(table.checkAndMutate(CheckAndMutate.newBuilder(row)
        .ifEquals(F, Q, toBytes("stop")).build(new Increment(row).addColumn(F, toBytes("n"), 100))));
    assertFalse(failed.isSuccess());

    assertTrue(await(table.checkAndMutate(ifGo.build(new Delete(row).addColumns(F, toBytes("n"))))).isSuccess());

    CheckAndMutateResult mutations = await(table.checkAndMutate(ifGo.build(new RowMutations(row).add(List.of(
        new Put(row).addColumn(G, toBytes("r"), toBytes("rm")),
        new Increment(row).addColumn(G, toBytes("c"), 3),
        new Delete(row).addColumns(F, Q))))));
    assertTrue(mutations.isSuccess());
    assertEquals(3, Bytes.toLong(mutations.getResult().getValue(G, toBytes("c"))));

    assertEquals(List.of("actions/f:s=abcd", "actions/g:c=\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x03",
        "actions/g:p=put", "actions/g:r=rm"), cells(await(table.get(new Get(row)))));
    assertNull(await(table.get(new Get(row))).getValue(F, toBytes("n")), "the increment whose check failed");
  }

  @Test
  void manyChecksAcrossTabletsAtOnce() throws Exception {
    await(table.putAll(List.of(new Put(toBytes("batch-a")).addColumn(F, Q, toBytes("1")),
        new Put(toBytes("zbatch-b")).addColumn(F, Q, toBytes("1")),
        new Put(toBytes("zbatch-c")).addColumn(F, Q, toBytes("1")))));
    List<CheckAndMutate> checks = List.of(
        CheckAndMutate.newBuilder(toBytes("batch-a")).ifEquals(F, Q, toBytes("1"))
            .build(new Put(toBytes("batch-a")).addColumn(F, Q, toBytes("2"))),
        CheckAndMutate.newBuilder(toBytes("zbatch-b")).ifEquals(F, Q, toBytes("nope"))
            .build(new Put(toBytes("zbatch-b")).addColumn(F, Q, toBytes("2"))),
        CheckAndMutate.newBuilder(toBytes("zbatch-c")).ifNotExists(G, Q)
            .build(new Increment(toBytes("zbatch-c")).addColumn(G, Q, 7)));
    List<CompletableFuture<CheckAndMutateResult>> each = table.checkAndMutate(checks);
    assertTrue(await(each.get(0)).isSuccess());
    assertFalse(await(each.get(1)).isSuccess());
    assertEquals(7, Bytes.toLong(await(each.get(2)).getResult().getValue(G, Q)));

    // The same checks again, all together: now every condition fails (the value is 2, still 1, the column exists).
    List<CheckAndMutateResult> all = await(table.checkAndMutateAll(checks));
    assertEquals(List.of(false, false, false), all.stream().map(CheckAndMutateResult::isSuccess).toList());

    assertArrayEquals(toBytes("2"), await(table.get(new Get(toBytes("batch-a")))).getValue(F, Q));
    assertArrayEquals(toBytes("1"), await(table.get(new Get(toBytes("zbatch-b")))).getValue(F, Q));
    assertEquals(7, Bytes.toLong(await(table.get(new Get(toBytes("zbatch-c")))).getValue(G, Q)));
  }
}
