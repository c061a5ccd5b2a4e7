package io.basalt.conformance;

import static io.basalt.conformance.TestTables.cells;
import static io.basalt.conformance.TestTables.rows;
import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.basalt.conformance.harness.BasaltServerExtension;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.CompareOperator;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.filter.BinaryComparator;
import org.apache.hadoop.hbase.filter.BinaryPrefixComparator;
import org.apache.hadoop.hbase.filter.ColumnCountGetFilter;
import org.apache.hadoop.hbase.filter.ColumnPaginationFilter;
import org.apache.hadoop.hbase.filter.ColumnPrefixFilter;
import org.apache.hadoop.hbase.filter.ColumnRangeFilter;
import org.apache.hadoop.hbase.filter.FamilyFilter;
import org.apache.hadoop.hbase.filter.FilterList;
import org.apache.hadoop.hbase.filter.FirstKeyOnlyFilter;
import org.apache.hadoop.hbase.filter.FuzzyRowFilter;
import org.apache.hadoop.hbase.filter.InclusiveStopFilter;
import org.apache.hadoop.hbase.filter.KeyOnlyFilter;
import org.apache.hadoop.hbase.filter.MultiRowRangeFilter;
import org.apache.hadoop.hbase.filter.MultipleColumnPrefixFilter;
import org.apache.hadoop.hbase.filter.PageFilter;
import org.apache.hadoop.hbase.filter.PrefixFilter;
import org.apache.hadoop.hbase.filter.QualifierFilter;
import org.apache.hadoop.hbase.filter.RegexStringComparator;
import org.apache.hadoop.hbase.filter.RowFilter;
import org.apache.hadoop.hbase.filter.SingleColumnValueFilter;
import org.apache.hadoop.hbase.filter.SkipFilter;
import org.apache.hadoop.hbase.filter.SubstringComparator;
import org.apache.hadoop.hbase.filter.TimestampsFilter;
import org.apache.hadoop.hbase.filter.ValueFilter;
import org.apache.hadoop.hbase.filter.WhileMatchFilter;
import org.apache.hadoop.hbase.util.Pair;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Server-side filters from hbase-client, evaluated by Basalt with HBase's own filter classes. Rows r0..r9 hold
 * f:a = v<i>, f:b = b<i> on even rows only, and g:c; row "wide" holds many qualifiers; rows for fuzzy matching
 * sit in their own table.
 */
class FilterTest {
  @RegisterExtension
  static final BasaltServerExtension BASALT = new BasaltServerExtension();

  private static final byte[] F = toBytes("f");
  private static final byte[] G = toBytes("g");
  private static Connection connection;
  private static Table table;

  @BeforeAll
  static void load() throws IOException {
    connection = Clients.connect(BASALT.process());
    TableName name = TableName.valueOf("filters");
    TestTables.create(connection, name, 3, new String[] {"f", "g"}, "r5");
    table = connection.getTable(name);
    List<Put> puts = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      Put put = new Put(toBytes("r" + i)).addColumn(F, toBytes("a"), toBytes("v" + i))
          .addColumn(G, toBytes("c"), toBytes("c" + i));
      if (i % 2 == 0) {
        put.addColumn(F, toBytes("b"), toBytes("b" + i));
      }
      puts.add(put);
    }
    Put wide = new Put(toBytes("wide"));
    for (String qualifier : List.of("a1", "pa1", "pa2", "pb1", "q1", "q2")) {
      wide.addColumn(F, toBytes(qualifier), toBytes(qualifier));
    }
    puts.add(wide);
    for (long ts = 1; ts <= 3; ts++) {
      puts.add(new Put(toBytes("versions")).addColumn(F, toBytes("v"), ts, toBytes("t" + ts)));
    }
    table.put(puts);
  }

  @AfterAll
  static void close() throws IOException {
    table.close();
    connection.close();
  }

  private static Scan numbered() {
    return new Scan().withStartRow(toBytes("r0")).withStopRow(toBytes("r9"), true);
  }

  @Test
  void rowFilters() throws IOException {
    assertEquals(List.of("r3"), rows(table, new Scan().setFilter(new PrefixFilter(toBytes("r3")))));
    assertEquals(List.of("r2", "r3"), rows(table, numbered().setFilter(
        new RowFilter(CompareOperator.EQUAL, new RegexStringComparator("r[23]")))));
    assertEquals(List.of("r0", "r1", "r2"), rows(table, numbered().setFilter(
        new RowFilter(CompareOperator.LESS, new BinaryComparator(toBytes("r3"))))));
    assertEquals(List.of("r3", "r4", "r5"), rows(table, new Scan().withStartRow(toBytes("r3"))
        .setFilter(new InclusiveStopFilter(toBytes("r5")))));
    // The filter sorts the ranges it is given in place.
    List<MultiRowRangeFilter.RowRange> ranges = new ArrayList<>(List.of(
        new MultiRowRangeFilter.RowRange("r6", true, "r7", true),
        new MultiRowRangeFilter.RowRange("r1", true, "r3", false)));
    assertEquals(List.of("r1", "r2", "r6", "r7"), rows(table, new Scan().setFilter(new MultiRowRangeFilter(ranges))));
  }

  @Test
  void cellFilters() throws IOException {
    assertEquals(List.of("r3/f:a=v3"), cells(table, numbered().setFilter(
        new ValueFilter(CompareOperator.EQUAL, new BinaryComparator(toBytes("v3"))))));
    assertEquals(List.of("r0/f:b=b0", "r2/f:b=b2", "r4/f:b=b4", "r6/f:b=b6", "r8/f:b=b8"), cells(table,
        numbered().setFilter(new QualifierFilter(CompareOperator.EQUAL, new BinaryComparator(toBytes("b"))))));
    assertEquals(List.of("r1/g:c=c1", "r2/g:c=c2"), cells(table, new Scan().withStartRow(toBytes("r1"))
        .withStopRow(toBytes("r3")).setFilter(new FamilyFilter(CompareOperator.EQUAL,
            new BinaryComparator(G)))));
    assertEquals(List.of("r7/f:a=v7", "r7/g:c=c7"), cells(table, numbered().setFilter(
        new ValueFilter(CompareOperator.EQUAL, new SubstringComparator("7")))));
  }

  @Test
  void singleColumnValueFilterKeepsWholeRowsAndRowsMissingTheColumn() throws IOException {
    SingleColumnValueFilter b4 = new SingleColumnValueFilter(F, toBytes("b"), CompareOperator.EQUAL, toBytes("b4"));
    assertEquals(List.of("r1", "r3", "r4", "r5", "r7", "r9"), rows(table, numbered().setFilter(b4)));
    SingleColumnValueFilter strict = new SingleColumnValueFilter(F, toBytes("b"), CompareOperator.EQUAL,
        toBytes("b4"));
    strict.setFilterIfMissing(true);
    assertEquals(List.of("r4/f:a=v4", "r4/f:b=b4", "r4/g:c=c4"), cells(table, numbered().setFilter(strict)));
  }

  @Test
  void columnFiltersSeekWithinWideRows() throws IOException {
    Get wide = new Get(toBytes("wide"));
    assertEquals(List.of("pa1", "pa2", "pb1"), qualifiers(wide.setFilter(new ColumnPrefixFilter(toBytes("p")))));
    assertEquals(List.of("pa1", "pa2", "q1", "q2"), qualifiers(new Get(toBytes("wide")).setFilter(
        new MultipleColumnPrefixFilter(new byte[][] {toBytes("q"), toBytes("pa")}))));
    assertEquals(List.of("pa2", "pb1"), qualifiers(new Get(toBytes("wide")).setFilter(
        new ColumnRangeFilter(toBytes("pa2"), true, toBytes("pb1"), true))));
    assertEquals(List.of("a1", "pa1"), qualifiers(new Get(toBytes("wide")).setFilter(new ColumnCountGetFilter(2))));
    assertEquals(List.of("pa1", "pa2"), qualifiers(new Get(toBytes("wide")).setFilter(
        new ColumnPaginationFilter(2, 1))));
    assertEquals(List.of("pa2", "pb1", "q1"), qualifiers(new Get(toBytes("wide")).setFilter(
        new ColumnPaginationFilter(3, toBytes("pa2")))));
  }

  @Test
  void keyOnlyAndFirstKeyOnlyCountRowsTheWayTheShellDoes() throws IOException {
    FilterList count = new FilterList(FilterList.Operator.MUST_PASS_ALL, new FirstKeyOnlyFilter(),
        new KeyOnlyFilter());
    assertEquals(List.of("r0/f:a=", "r1/f:a=", "r2/f:a="), cells(table, new Scan().withStartRow(toBytes("r0"))
        .withStopRow(toBytes("r3")).setFilter(count)));
    assertEquals(List.of("r1/f:a=\\x00\\x00\\x00\\x02", "r1/g:c=\\x00\\x00\\x00\\x02"), cells(table,
        new Scan().withStartRow(toBytes("r1")).withStopRow(toBytes("r2")).setFilter(new KeyOnlyFilter(true))));
  }

  @Test
  void pageAndWhileMatchStopTheScan() throws IOException {
    // The table has two regions ([, r5) and [r5, )): PageFilter limits each region, as in HBase.
    assertEquals(List.of("r0", "r1", "r5", "r6"), rows(table, numbered().setFilter(new PageFilter(2))));
    assertEquals(List.of("r0", "r1", "r2"), rows(table, numbered().setFilter(new WhileMatchFilter(
        new RowFilter(CompareOperator.LESS, new BinaryComparator(toBytes("r3")))))));
  }

  @Test
  void skipFilterDropsWholeRows() throws IOException {
    assertEquals(List.of("r0", "r1", "r3"), rows(table, new Scan().withStartRow(toBytes("r0"))
        .withStopRow(toBytes("r4")).setFilter(new SkipFilter(
            new ValueFilter(CompareOperator.NOT_EQUAL, new BinaryComparator(toBytes("b2")))))));
  }

  @Test
  void timestampsFilterPicksVersions() throws IOException {
    Get get = new Get(toBytes("versions")).readAllVersions().setFilter(new TimestampsFilter(List.of(1L, 3L)));
    assertEquals(List.of("versions/f:v=t3", "versions/f:v=t1"), cells(table.get(get)));
  }

  @Test
  void filterListsCombineAndNest() throws IOException {
    FilterList either = new FilterList(FilterList.Operator.MUST_PASS_ONE, new PrefixFilter(toBytes("r2")),
        new PrefixFilter(toBytes("r7")));
    assertEquals(List.of("r2", "r7"), rows(table, numbered().setFilter(either)));
    FilterList nested = new FilterList(FilterList.Operator.MUST_PASS_ALL,
        new FamilyFilter(CompareOperator.EQUAL, new BinaryComparator(F)),
        new FilterList(FilterList.Operator.MUST_PASS_ONE,
            new ValueFilter(CompareOperator.EQUAL, new BinaryPrefixComparator(toBytes("b"))),
            new ValueFilter(CompareOperator.EQUAL, new BinaryComparator(toBytes("v1")))));
    assertEquals(List.of("r0/f:b=b0", "r1/f:a=v1", "r2/f:b=b2"), cells(table, new Scan()
        .withStartRow(toBytes("r0")).withStopRow(toBytes("r3")).setFilter(nested)));
  }

  @Test
  void fuzzyRowFilterJumpsBetweenMatchingRows() throws IOException {
    TableName name = TableName.valueOf("fuzzy");
    TestTables.create(connection, name, 1, new String[] {"f"});
    try (Table fuzzy = connection.getTable(name)) {
      List<Put> puts = new ArrayList<>();
      for (String row : List.of("aa01", "aa02", "ab01", "ab02", "ba01", "bb03")) {
        puts.add(new Put(toBytes(row)).addColumn(F, toBytes("q"), toBytes(row)));
      }
      fuzzy.put(puts);
      FuzzyRowFilter filter = new FuzzyRowFilter(List.of(new Pair<>(toBytes("??01"), new byte[] {1, 1, 0, 0})));
      assertEquals(List.of("aa01", "ab01", "ba01"), rows(fuzzy, new Scan().setFilter(filter)));
      assertEquals(List.of("ba01", "ab01", "aa01"), rows(fuzzy, new Scan().setReversed(true).setFilter(
          new FuzzyRowFilter(List.of(new Pair<>(toBytes("??01"), new byte[] {1, 1, 0, 0}))))));
    }
  }

  @Test
  void getWithAFilterThatRejectsTheRowIsEmpty() throws IOException {
    assertEquals(List.of(), cells(table.get(new Get(toBytes("r1")).setFilter(new PrefixFilter(toBytes("x"))))));
    assertEquals(List.of("r1/f:a=v1"), cells(table.get(new Get(toBytes("r1")).setFilter(
        new QualifierFilter(CompareOperator.EQUAL, new BinaryComparator(toBytes("a")))))));
  }

  private static List<String> qualifiers(Get get) throws IOException {
    List<String> qualifiers = new ArrayList<>();
    for (String cell : cells(table.get(get))) {
      qualifiers.add(cell.substring(cell.indexOf(':') + 1, cell.indexOf('=')));
    }
    return qualifiers;
  }
}
