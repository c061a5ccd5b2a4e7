package io.basalt.conformance;

import static io.basalt.conformance.TestTables.cells;
import static io.basalt.conformance.TestTables.rows;
import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.basalt.conformance.harness.BasaltServerExtension;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CompareOperator;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.CheckAndMutateResult;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.filter.BinaryComparator;
import org.apache.hadoop.hbase.filter.ColumnCountGetFilter;
import org.apache.hadoop.hbase.filter.ColumnValueFilter;
import org.apache.hadoop.hbase.filter.Filter;
import org.apache.hadoop.hbase.filter.FilterList;
import org.apache.hadoop.hbase.filter.FuzzyRowFilter;
import org.apache.hadoop.hbase.filter.InclusiveStopFilter;
import org.apache.hadoop.hbase.filter.LongComparator;
import org.apache.hadoop.hbase.filter.MultiRowRangeFilter;
import org.apache.hadoop.hbase.filter.RowFilter;
import org.apache.hadoop.hbase.filter.SingleColumnValueFilter;
import org.apache.hadoop.hbase.filter.ValueFilter;
import org.apache.hadoop.hbase.filter.WhileMatchFilter;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.hbase.util.Pair;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The parts of HBase's read path that the differential test against real HBase brought out: families loaded on
 * demand, a filter ending families one by one, reversed filters, version limits after a filter, and reads whose
 * filter cannot succeed. Each expectation is what HBase 2.6.4 returns for the same data, except where HBase hangs.
 */
class FilterLifecycleTest {
  @RegisterExtension
  static final BasaltServerExtension BASALT = new BasaltServerExtension();

  private static final byte[] A = toBytes("a");
  private static final byte[] B = toBytes("b");
  private static Connection connection;

  @BeforeAll
  static void connect() throws IOException {
    Configuration conf = Clients.zookeeperConfiguration(BASALT.process());
    conf.setInt("hbase.client.retries.number", 3);
    connection = ConnectionFactory.createConnection(conf);
  }

  @AfterAll
  static void close() throws IOException {
    connection.close();
  }

  private static Table table(String name, int versions) throws IOException {
    TableName tableName = TableName.valueOf(name);
    TestTables.create(connection, tableName, versions, new String[] {"a", "b"});
    return connection.getTable(tableName);
  }

  @Test
  void existsForManyGetsAnswersEachRow() throws IOException {
    try (Table table = table("exists_many", 1)) {
      table.put(new Put(toBytes("r1")).addColumn(A, toBytes("q"), toBytes("v")));
      boolean[] exists = table.exists(List.of(new Get(toBytes("r1")), new Get(toBytes("r2")),
          new Get(toBytes("r1")).addColumn(B, toBytes("q"))));
      assertArrayEquals(new boolean[] {true, false, false}, exists);
    }
  }

  @Test
  void familiesTheFilterDoesNotNeedAreLoadedOnDemandAndCannotBeReversed() throws IOException {
    try (Table table = table("on_demand", 1)) {
      table.put(new Put(toBytes("r1")).addColumn(A, toBytes("q"), toBytes("x")).addColumn(B, toBytes("k"),
          toBytes("yes")));
      table.put(new Put(toBytes("r2")).addColumn(A, toBytes("q"), toBytes("y")).addColumn(B, toBytes("k"),
          toBytes("no")));
      SingleColumnValueFilter onB = new SingleColumnValueFilter(B, toBytes("k"), CompareOperator.EQUAL,
          toBytes("yes"));
      onB.setFilterIfMissing(true);
      assertEquals(List.of("r1/a:q=x", "r1/b:k=yes"), cells(table, new Scan().setFilter(onB)));
      // A filter that judges whole rows is never cut mid-row by the byte limit, so the row arrives in cell order.
      assertEquals(List.of("r1/a:q=x", "r1/b:k=yes"), cells(table, new Scan().setFilter(onB).setMaxResultSize(1)));

      // Region servers refuse to load families on demand backwards; without on-demand loading the scan works.
      Scan reversed = new Scan().setReversed(true).setFilter(onB);
      UncheckedIOException refused = assertThrows(UncheckedIOException.class, () -> cells(table, reversed));
      assertEquals(DoNotRetryIOException.class, refused.getCause().getClass());
      assertEquals(List.of("r1/a:q=x", "r1/b:k=yes"),
          cells(table, new Scan().setReversed(true).setFilter(onB).setLoadColumnFamiliesOnDemand(false)));
    }
  }

  @Test
  void aFilterThatWantsNothingMoreEndsEachFamilyAsItStepsIntoTheNextRow() throws IOException {
    try (Table table = table("family_end", 1)) {
      table.put(new Put(toBytes("r1")).addColumn(A, toBytes("x"), toBytes("1")).addColumn(B, toBytes("y"),
          toBytes("1")));
      table.put(new Put(toBytes("r2")).addColumn(B, toBytes("y"), toBytes("2")));
      table.put(new Put(toBytes("r3")).addColumn(A, toBytes("x"), toBytes("3")).addColumn(B, toBytes("y"),
          toBytes("3")));
      // In r1 the count passes the limit at b:y, so family b stops on reaching r2 and never reads again in this
      // region; family a stepped into r2 while the count was still within the limit and reads on.
      assertEquals(List.of("r1/a:x=1", "r3/a:x=3"), cells(table, new Scan().setFilter(new ColumnCountGetFilter(1))));
    }
  }

  @Test
  void aBackwardHintMovesOnlyTheFamilyThatAskedForIt() throws IOException {
    try (Table table = table("hint_per_family", 1)) {
      table.put(new Put(toBytes("r9")).addColumn(A, toBytes("x"), toBytes("r9")).addColumn(B, toBytes("y"),
          toBytes("r9")).addColumn(B, toBytes("z"), toBytes("r9")));
      table.put(new Put(toBytes("r8")).addColumn(B, toBytes("y"), toBytes("r8")));
      table.put(new Put(toBytes("r5")).addColumn(A, toBytes("x"), toBytes("r5")));
      table.put(new Put(toBytes("r2")).addColumn(A, toBytes("x"), toBytes("r2")).addColumn(B, toBytes("y"),
          toBytes("r2")));
      // In r9 the count is used up at b:y, so at b:z only the range filter speaks: it hints at its range, and
      // family b alone jumps there. r8 has only family b, so it is passed over; family a still reads r5.
      Filter rangeOrCount = new FilterList(FilterList.Operator.MUST_PASS_ONE,
          new MultiRowRangeFilter(new ArrayList<>(List.of(new MultiRowRangeFilter.RowRange("r1", true, "r3",
              false)))),
          new ColumnCountGetFilter(1));
      assertEquals(List.of("r9/a:x=r9", "r5/a:x=r5", "r2/a:x=r2", "r2/b:y=r2"),
          cells(table, new Scan().setReversed(true).setFilter(rangeOrCount)));
    }
  }

  @Test
  void rowsRejectedByKeyStillPassTheirCellsThroughTheFilter() throws IOException {
    try (Table table = table("rejected_rows", 1)) {
      table.put(new Put(toBytes("r1")).addColumn(A, toBytes("q"), toBytes("stop")));
      table.put(new Put(toBytes("r3")).addColumn(A, toBytes("q"), toBytes("go")));
      table.put(new Put(toBytes("r5")).addColumn(A, toBytes("q"), toBytes("stop")));
      // The row filter rejects r1 by its key, yet HBase reads through r1 to pass over it, and its "stop" trips the
      // while-match filter: the scan ends with nothing, r3 included.
      Filter tripOnStop = new WhileMatchFilter(new ValueFilter(CompareOperator.NOT_EQUAL,
          new BinaryComparator(toBytes("stop"))));
      Filter onlyR3 = new RowFilter(CompareOperator.EQUAL, new BinaryComparator(toBytes("r3")));
      assertEquals(List.of(), cells(table,
          new Scan().setFilter(new FilterList(FilterList.Operator.MUST_PASS_ALL, tripOnStop, onlyR3))));
      // Backwards HBase seeks past a rejected row without reading it: r5's "stop" is never seen, r3 comes back.
      Filter tripOnStopAgain = new WhileMatchFilter(new ValueFilter(CompareOperator.NOT_EQUAL,
          new BinaryComparator(toBytes("stop"))));
      assertEquals(List.of("r3/a:q=go"), cells(table, new Scan().setReversed(true)
          .setFilter(new FilterList(FilterList.Operator.MUST_PASS_ALL, tripOnStopAgain, onlyR3))));
    }
  }

  @Test
  void aCheckAndMutateFilterSeesEveryFamilyUpFront() throws IOException {
    try (Table table = table("check_filter_families", 1)) {
      byte[] row = toBytes("r");
      table.put(new Put(row).addColumn(A, toBytes("x"), toBytes("1")).addColumn(B, toBytes("k"), toBytes("yes")));
      // The condition reads family a before b (no on-demand loading here), so the while-match filter trips on a:x
      // before it reaches b:k, and the condition fails.
      CheckAndMutateResult result = table.checkAndMutate(CheckAndMutate.newBuilder(row)
          .ifMatches(new WhileMatchFilter(new ColumnValueFilter(B, toBytes("k"), CompareOperator.EQUAL,
              toBytes("yes"))))
          .build(new Put(row).addColumn(A, toBytes("y"), toBytes("2"))));
      assertFalse(result.isSuccess());
    }
  }

  @Test
  void reversedScansTellTheFilterTheirDirection() throws IOException {
    try (Table table = table("reversed_filters", 1)) {
      for (String row : List.of("r05", "r15", "r17", "r25", "r35")) {
        table.put(new Put(toBytes(row)).addColumn(A, toBytes("q"), toBytes(row)));
      }
      assertEquals(List.of("r35", "r25", "r17"),
          rows(table, new Scan().setReversed(true).setFilter(new InclusiveStopFilter(toBytes("r17")))));
      // HBase 2.6's own FuzzyRowFilter can spin forever on its backwards hint; Basalt steps through instead.
      Scan fuzzy = new Scan().withStartRow(toBytes("r30")).setReversed(true).setFilter(
          new FuzzyRowFilter(List.of(new Pair<>(toBytes("r05"), new byte[] {0, 1, 0}))));
      assertEquals(List.of("r25", "r15", "r05"),
          assertTimeoutPreemptively(Duration.ofSeconds(30), () -> rows(table, fuzzy)));
    }
  }

  @Test
  void aFilterNeverLetsAColumnReturnMoreVersionsThanAsked() throws IOException {
    try (Table table = table("versions_after_filter", 3)) {
      byte[] row = toBytes("r1");
      table.put(new Put(row).addColumn(A, toBytes("q"), 1, toBytes("v")));
      table.delete(new Delete(row).addFamily(A, 5));
      table.delete(new Delete(row).addFamily(A, 3));
      // The two family markers share the empty column; one version of it is all a one-version read may return.
      List<String> raw = new ArrayList<>();
      try (ResultScanner scanner = table.getScanner(new Scan().setRaw(true).readVersions(1)
          .setFilter(new ColumnCountGetFilter(10)))) {
        for (Result result : scanner) {
          for (Cell cell : result.rawCells()) {
            raw.add(Bytes.toString(cell.getQualifierArray(), cell.getQualifierOffset(), cell.getQualifierLength())
                + "/" + cell.getTimestamp() + "/" + cell.getType());
          }
        }
      }
      assertEquals(List.of("/5/DeleteFamily", "q/1/Put"), raw);
    }
  }

  @Test
  void readsWhoseFilterCannotSucceedFailAtOnce() throws IOException {
    try (Table table = table("failing_filters", 1)) {
      table.put(new Put(toBytes("r1")).addColumn(A, toBytes("q"), toBytes("ab")));
      // A LongComparator cannot read a 2-byte value: the same cells would fail every retry.
      Get get = new Get(toBytes("r1")).setFilter(new ValueFilter(CompareOperator.EQUAL, new LongComparator(1)));
      assertThrows(DoNotRetryIOException.class, () -> table.get(get));
      // A batch size with a filter that must see whole rows is refused when the scanner opens.
      Scan scan = new Scan().setBatch(1);
      scan.setFilter(new SingleColumnValueFilter(A, toBytes("q"), CompareOperator.EQUAL, toBytes("ab")));
      UncheckedIOException refused = assertThrows(UncheckedIOException.class, () -> cells(table, scan));
      assertEquals(DoNotRetryIOException.class, refused.getCause().getClass());
    }
  }
}
