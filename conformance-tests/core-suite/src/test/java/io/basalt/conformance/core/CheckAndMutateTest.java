package io.basalt.conformance.core;

import static io.basalt.conformance.core.Tables.b;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.ClientFeature;
import io.basalt.conformance.harness.Feature;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.hbase.CompareOperator;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.CheckAndMutateResult;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RowMutations;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.filter.SingleColumnValueFilter;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Check-and-mutate through the synchronous {@code Table}, with the {@code CheckAndMutate} API of 2.4 and later. */
@Feature({ClientFeature.CHECK_AND_MUTATE, ClientFeature.TABLE_API})
class CheckAndMutateTest {
  @RegisterExtension
  static final CoreCluster CLUSTER = new CoreCluster();

  private static final TableName NAME = TableName.valueOf("check_and_mutate");
  private static final byte[] F = b("f");

  @BeforeAll
  static void createTable() throws IOException {
    try (Admin admin = CLUSTER.admin()) {
      admin.createTable(Tables.descriptor(NAME, 1, "f"), Tables.splitKeys("m"));
    }
  }

  @Test
  void putsOnlyWhenTheValueMatches() throws IOException {
    try (Table table = CLUSTER.connection().getTable(NAME)) {
      byte[] row = b("cas");
      CheckAndMutate create = CheckAndMutate.newBuilder(row).ifNotExists(F, b("state"))
          .build(new Put(row).addColumn(F, b("state"), b("new")));
      assertTrue(table.checkAndMutate(create).isSuccess());
      assertFalse(table.checkAndMutate(create).isSuccess());

      CheckAndMutate wrongGuess = CheckAndMutate.newBuilder(row).ifEquals(F, b("state"), b("old"))
          .build(new Put(row).addColumn(F, b("state"), b("lost")));
      assertFalse(table.checkAndMutate(wrongGuess).isSuccess());
      CheckAndMutate rightGuess = CheckAndMutate.newBuilder(row).ifEquals(F, b("state"), b("new"))
          .build(new Put(row).addColumn(F, b("state"), b("won")));
      assertTrue(table.checkAndMutate(rightGuess).isSuccess());
      assertArrayEquals(b("won"), table.get(new Get(row)).getValue(F, b("state")));

      // "value GREATER stored" reads as: the stored value is less than the given one.
      CheckAndMutate compare = CheckAndMutate.newBuilder(row).ifMatches(F, b("state"), CompareOperator.GREATER,
          b("zzz")).build(new Delete(row).addColumns(F, b("state")));
      assertTrue(table.checkAndMutate(compare).isSuccess());
      assertTrue(table.get(new Get(row)).isEmpty());
    }
  }

  @Test
  void mutatesWhenAFilterMatchesAndReturnsIncrementResults() throws IOException {
    try (Table table = CLUSTER.connection().getTable(NAME)) {
      byte[] row = b("zfilter");
      table.put(new Put(row).addColumn(F, b("status"), b("open")).addColumn(F, b("count"), Bytes.toBytes(1L)));
      CheckAndMutate ifOpen = CheckAndMutate.newBuilder(row)
          .ifMatches(new SingleColumnValueFilter(F, b("status"), CompareOperator.EQUAL, b("open")))
          .build(new Increment(row).addColumn(F, b("count"), 1L));
      CheckAndMutateResult result = table.checkAndMutate(ifOpen);
      assertTrue(result.isSuccess());
      assertEquals(2L, Bytes.toLong(result.getResult().getValue(F, b("count"))));

      CheckAndMutate ifClosed = CheckAndMutate.newBuilder(row)
          .ifMatches(new SingleColumnValueFilter(F, b("status"), CompareOperator.EQUAL, b("closed")))
          .build(new Increment(row).addColumn(F, b("count"), 1L));
      assertFalse(table.checkAndMutate(ifClosed).isSuccess());
      assertEquals(2L, Bytes.toLong(table.get(new Get(row)).getValue(F, b("count"))));
    }
  }

  @Test
  void appliesRowMutationsAtomicallyAndChecksLists() throws IOException {
    try (Table table = CLUSTER.connection().getTable(NAME)) {
      byte[] row = b("rowmut");
      table.put(new Put(row).addColumn(F, b("a"), b("1")).addColumn(F, b("b"), b("2")));
      RowMutations swap = new RowMutations(row);
      swap.add(new Put(row).addColumn(F, b("c"), b("3")));
      swap.add(new Delete(row).addColumns(F, b("a")));
      assertTrue(table.checkAndMutate(CheckAndMutate.newBuilder(row).ifEquals(F, b("b"), b("2")).build(swap))
          .isSuccess());
      assertEquals(List.of("rowmut/f:b=2", "rowmut/f:c=3"), Tables.cells(table.get(new Get(row))));

      byte[] other = b("zrowmut");
      List<CheckAndMutateResult> results = table.checkAndMutate(List.of(
          CheckAndMutate.newBuilder(row).ifEquals(F, b("c"), b("3")).build(new Put(row).addColumn(F, b("d"), b("4"))),
          CheckAndMutate.newBuilder(other).ifEquals(F, b("c"), b("3"))
              .build(new Put(other).addColumn(F, b("d"), b("4")))));
      assertTrue(results.get(0).isSuccess());
      assertFalse(results.get(1).isSuccess());
      assertArrayEquals(b("4"), table.get(new Get(row)).getValue(F, b("d")));
      assertFalse(table.exists(new Get(other)));
    }
  }
}
