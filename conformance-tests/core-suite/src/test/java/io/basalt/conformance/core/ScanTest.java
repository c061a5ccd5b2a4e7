package io.basalt.conformance.core;

import static io.basalt.conformance.core.Tables.b;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.basalt.conformance.harness.ClientFeature;
import io.basalt.conformance.harness.Feature;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.CompareOperator;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.filter.BinaryComparator;
import org.apache.hadoop.hbase.filter.ColumnPrefixFilter;
import org.apache.hadoop.hbase.filter.FilterList;
import org.apache.hadoop.hbase.filter.FirstKeyOnlyFilter;
import org.apache.hadoop.hbase.filter.KeyOnlyFilter;
import org.apache.hadoop.hbase.filter.PageFilter;
import org.apache.hadoop.hbase.filter.PrefixFilter;
import org.apache.hadoop.hbase.filter.QualifierFilter;
import org.apache.hadoop.hbase.filter.RegexStringComparator;
import org.apache.hadoop.hbase.filter.RowFilter;
import org.apache.hadoop.hbase.filter.SingleColumnValueFilter;
import org.apache.hadoop.hbase.filter.SubstringComparator;
import org.apache.hadoop.hbase.filter.ValueFilter;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Scans and filters through the synchronous {@code Table}, on a table of rows {@code r00..r19}, each with
 * {@code f:n} (its number), {@code f:parity} and {@code f:tag-<n mod 3>}.
 */
@Feature(ClientFeature.TABLE_API)
class ScanTest {
  @RegisterExtension
  static final CoreCluster CLUSTER = new CoreCluster();

  private static final TableName NAME = TableName.valueOf("scan_filters");
  private static final byte[] F = b("f");

  @BeforeAll
  static void fill() throws IOException {
    try (Admin admin = CLUSTER.admin()) {
      admin.createTable(Tables.descriptor(NAME, 1, "f"), Tables.splitKeys("r07", "r14"));
    }
    List<Put> puts = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      puts.add(new Put(b(row(i))).addColumn(F, b("n"), b(String.format("%02d", i)))
          .addColumn(F, b("parity"), b(i % 2 == 0 ? "even" : "odd")).addColumn(F, b("tag-" + i % 3), b("t")));
    }
    try (Table table = CLUSTER.connection().getTable(NAME)) {
      table.put(puts);
    }
  }

  private static String row(int i) {
    return String.format("r%02d", i);
  }

  private static List<String> rows(int... numbers) {
    List<String> rows = new ArrayList<>();
    for (int n : numbers) {
      rows.add(row(n));
    }
    return rows;
  }

  @Test
  @Feature(ClientFeature.SCAN)
  void scansRangesInBothDirectionsWithLimitsCachingAndBatches() throws IOException {
    try (Table table = CLUSTER.connection().getTable(NAME)) {
      assertEquals(20, Tables.rows(table, new Scan()).size());
      assertEquals(rows(5, 6, 7, 8), Tables.rows(table, new Scan().withStartRow(b("r05")).withStopRow(b("r09"))));
      assertEquals(rows(6, 7, 8, 9), Tables.rows(table,
          new Scan().withStartRow(b("r05"), false).withStopRow(b("r09"), true)));
      assertEquals(rows(9, 8, 7, 6, 5), Tables.rows(table,
          new Scan().withStartRow(b("r09")).withStopRow(b("r04")).setReversed(true)));
      assertEquals(rows(0, 1, 2), Tables.rows(table, new Scan().setLimit(3)));
      assertEquals(rows(19, 18), Tables.rows(table, new Scan().setReversed(true).setLimit(2)));
      assertEquals(20, Tables.rows(table, new Scan().setCaching(1)).size());
      assertEquals(List.of("r03/f:n=03"), Tables.cells(table,
          new Scan().withStartRow(b("r03")).withStopRow(b("r04")).addColumn(F, b("n"))));
      // Batches of one cell: every cell comes as a result of its own.
      assertEquals(3 * 20, Tables.rows(table, new Scan().setBatch(1)).size());
    }
  }

  @Test
  @Feature({ClientFeature.SCAN, ClientFeature.FILTERS})
  void filtersRowsColumnsAndValues() throws IOException {
    try (Table table = CLUSTER.connection().getTable(NAME)) {
      SingleColumnValueFilter odd = new SingleColumnValueFilter(F, b("parity"), CompareOperator.EQUAL, b("odd"));
      odd.setFilterIfMissing(true);
      assertEquals(rows(1, 3, 5, 7, 9, 11, 13, 15, 17, 19), Tables.rows(table, new Scan().setFilter(odd)));
      assertEquals(rows(10, 11, 12, 13, 14, 15, 16, 17, 18, 19),
          Tables.rows(table, new Scan().setFilter(new PrefixFilter(b("r1")))));
      assertEquals(rows(3, 13), Tables.rows(table,
          new Scan().setFilter(new RowFilter(CompareOperator.EQUAL, new RegexStringComparator("^r.3$")))));
      assertEquals(rows(16, 17, 18, 19), Tables.rows(table,
          new Scan().setFilter(new RowFilter(CompareOperator.GREATER, new BinaryComparator(b("r15"))))));
      assertEquals(List.of("r04/f:n=04", "r14/f:n=14"), Tables.cells(table, new Scan().setFilter(
          new ValueFilter(CompareOperator.EQUAL, new SubstringComparator("4")))));
      assertEquals(List.of("r02/f:tag-2=t", "r05/f:tag-2=t"), Tables.cells(table,
          new Scan().withStopRow(b("r06")).setFilter(new ColumnPrefixFilter(b("tag-2")))));
      assertEquals(List.of("r00/f:parity=even"), Tables.cells(table, new Scan().withStopRow(b("r01"))
          .setFilter(new QualifierFilter(CompareOperator.EQUAL, new BinaryComparator(b("parity"))))));
      assertEquals(List.of("r00/f:n=", "r01/f:n="), Tables.cells(table, new Scan().withStopRow(b("r02"))
          .setFilter(new FilterList(new FirstKeyOnlyFilter(), new KeyOnlyFilter()))));
    }
  }

  @Test
  @Feature({ClientFeature.SCAN, ClientFeature.FILTERS})
  void combinesFiltersAndPagesAcrossRegions() throws IOException {
    try (Table table = CLUSTER.connection().getTable(NAME)) {
      FilterList eitherEnd = new FilterList(FilterList.Operator.MUST_PASS_ONE,
          new RowFilter(CompareOperator.LESS, new BinaryComparator(b("r02"))),
          new RowFilter(CompareOperator.GREATER_OR_EQUAL, new BinaryComparator(b("r18"))));
      assertEquals(rows(0, 1, 18, 19), Tables.rows(table, new Scan().setFilter(eitherEnd)));
      // A page filter counts per region: every region the scan touches returns up to two rows.
      assertEquals(rows(0, 1, 7, 8, 14, 15), Tables.rows(table, new Scan().setFilter(new PageFilter(2))));
    }
  }

  @Test
  @Feature({ClientFeature.GET, ClientFeature.FILTERS})
  void filtersAGet() throws IOException {
    try (Table table = CLUSTER.connection().getTable(NAME)) {
      assertEquals(List.of("r06/f:n=06", "r06/f:parity=even"), Tables.cells(table.get(new Get(b("r06"))
          .setFilter(new QualifierFilter(CompareOperator.NOT_EQUAL, new BinaryComparator(b("tag-0")))))));
    }
  }
}
