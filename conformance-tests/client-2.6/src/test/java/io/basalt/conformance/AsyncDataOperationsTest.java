package io.basalt.conformance;

import static io.basalt.conformance.Futures.await;
import static io.basalt.conformance.Futures.failure;
import static io.basalt.conformance.TestTables.cells;
import static io.basalt.conformance.TestTables.stamped;
import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.hadoop.hbase.CompareOperator;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Append;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.RowMutations;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.filter.BinaryComparator;
import org.apache.hadoop.hbase.filter.ColumnPrefixFilter;
import org.apache.hadoop.hbase.filter.QualifierFilter;
import org.apache.hadoop.hbase.regionserver.NoSuchColumnFamilyException;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Gets, deletes and single-row writes through the stock 2.6 {@code AsyncTable}, which builds its requests apart
 * from the blocking Table's: every shape of Get, every kind of Delete, mutateRow, a batch with one failing action,
 * an increment of a value that is not a long, and an append that returns nothing.
 */
class AsyncDataOperationsTest {
  @RegisterExtension
  static final ConnectedBasalt BASALT = new ConnectedBasalt();

  private static final byte[] F1 = toBytes("f1");
  private static final byte[] F2 = toBytes("f2");
  private static final TableName NAME = TableName.valueOf("async_data_ops");

  private static AsyncConnection async;
  private static AsyncTable<?> table;

  @BeforeAll
  static void createTable() throws Exception {
    try (Admin admin = BASALT.connection().getAdmin()) {
      admin.createTable(TableDescriptorBuilder.newBuilder(NAME)
          .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(F1).setMaxVersions(5).build())
          .setColumnFamily(ColumnFamilyDescriptorBuilder.of(F2))
          .build(), new byte[][] {toBytes("m")});
    }
    async = BASALT.asyncConnection();
    table = async.getTable(NAME);
  }

  @Test
  void getsOfEveryShape() throws Exception {
    byte[] row = toBytes("shapes");
    for (long ts = 1; ts <= 6; ts++) {
      await(table.put(new Put(row).addColumn(F1, toBytes("q"), ts, toBytes("v" + ts))));
    }
    await(table.put(new Put(row).addColumn(F1, toBytes("r"), 3, toBytes("r3")).addColumn(F2, toBytes("s"), 2,
        toBytes("s2"))));

    assertEquals(List.of("f1:q@6=v6", "f1:r@3=r3", "f2:s@2=s2"), stamped(await(table.get(new Get(row)))));
    assertEquals(List.of("f2:s@2=s2"), stamped(await(table.get(new Get(row).addFamily(F2)))));
    assertEquals(List.of("f1:r@3=r3"), stamped(await(table.get(new Get(row).addColumn(F1, toBytes("r"))))));
    assertEquals(List.of("f1:q@6=v6", "f2:s@2=s2"),
        stamped(await(table.get(new Get(row).addColumn(F1, toBytes("q")).addFamily(F2)))));

    // [2, 5): versions 4, 3 and 2 of q, newest first, and the cells of other columns in range.
    assertEquals(List.of("f1:q@4=v4", "f1:q@3=v3", "f1:q@2=v2", "f1:r@3=r3", "f2:s@2=s2"),
        stamped(await(table.get(new Get(row).readAllVersions().setTimeRange(2, 5)))));
    assertEquals(List.of("f1:q@3=v3", "f1:r@3=r3"), stamped(await(table.get(new Get(row).setTimestamp(3)))));
    assertEquals(List.of("f1:q@6=v6", "f1:q@5=v5", "f1:q@4=v4"),
        stamped(await(table.get(new Get(row).addColumn(F1, toBytes("q")).readVersions(3)))));
    // The family keeps five versions of the six written.
    assertEquals(List.of("f1:q@6=v6", "f1:q@5=v5", "f1:q@4=v4", "f1:q@3=v3", "f1:q@2=v2"),
        stamped(await(table.get(new Get(row).addColumn(F1, toBytes("q")).readAllVersions()))));

    assertEquals(List.of("f1:r@3=r3"), stamped(await(table.get(new Get(row)
        .setFilter(new QualifierFilter(CompareOperator.EQUAL, new BinaryComparator(toBytes("r"))))))));
    assertEquals(List.of("f1:q@6=v6", "f1:q@5=v5"), stamped(await(table.get(new Get(row).readVersions(2)
        .setFilter(new ColumnPrefixFilter(toBytes("q")))))));

    assertTrue(await(table.exists(new Get(row))));
    assertTrue(await(table.exists(new Get(row).addColumn(F2, toBytes("s")))));
    assertFalse(await(table.exists(new Get(row).addColumn(F2, toBytes("nothing")))));
  }

  @Test
  void multiGetAcrossRegionsKeepsTheOrderOfTheGets() throws Exception {
    List<Put> puts = new ArrayList<>();
    List<Get> gets = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      byte[] row = toBytes((i % 2 == 0 ? "a" : "z") + "-multi-" + i);
      puts.add(new Put(row).addColumn(F1, toBytes("n"), toBytes(i)));
      gets.add(new Get(row));
    }
    await(table.putAll(puts));
    gets.add(5, new Get(toBytes("a-multi-missing")));
    List<Result> results = await(table.getAll(gets));
    assertEquals(41, results.size());
    assertTrue(results.get(5).isEmpty());
    results.remove(5);
    for (int i = 0; i < 40; i++) {
      assertEquals(i, Bytes.toInt(results.get(i).getValue(F1, toBytes("n"))), "get " + i);
    }
    List<CompletableFuture<Result>> one = table.get(List.of(new Get(toBytes("z-multi-1")),
        new Get(toBytes("a-multi-0"))));
    assertEquals(List.of("z-multi-1/f1:n=\\x00\\x00\\x00\\x01"), cells(await(one.get(0))));
    assertEquals(List.of("a-multi-0/f1:n=\\x00\\x00\\x00\\x00"), cells(await(one.get(1))));
    assertEquals(List.of(true, false, true), await(table.existsAll(List.of(new Get(toBytes("a-multi-2")),
        new Get(toBytes("z-multi-missing")), new Get(toBytes("z-multi-3"))))));
  }

  @Test
  void everyKindOfDelete() throws Exception {
    byte[] row = toBytes("deletes");
    byte[] a = toBytes("a");
    byte[] b = toBytes("b");
    for (long ts = 1; ts <= 3; ts++) {
      await(table.put(new Put(row).addColumn(F1, a, ts, toBytes("a" + ts)).addColumn(F1, b, ts, toBytes("b" + ts))));
    }
    await(table.put(new Put(row).addColumn(F1, toBytes("c"), 2, toBytes("c2")).addColumn(F2, toBytes("x"), 2,
        toBytes("x2"))));
    Get all = new Get(row).readAllVersions();

    await(table.delete(new Delete(row).addColumn(F1, a, 2)));
    assertEquals(List.of("f1:a@3=a3", "f1:a@1=a1"), stamped(await(table.get(new Get(row).addColumn(F1, a)
        .readAllVersions()))), "a column's exact version");

    await(table.delete(new Delete(row).addColumn(F1, a)));
    assertEquals(List.of("f1:a@1=a1"), stamped(await(table.get(new Get(row).addColumn(F1, a).readAllVersions()))),
        "a column's latest version");

    await(table.delete(new Delete(row).addColumns(F1, b, 2)));
    assertEquals(List.of("f1:b@3=b3"), stamped(await(table.get(new Get(row).addColumn(F1, b).readAllVersions()))),
        "a column's versions up to a timestamp");

    await(table.delete(new Delete(row).addFamilyVersion(F1, 3)));
    assertEquals(List.of("f1:a@1=a1", "f1:c@2=c2", "f2:x@2=x2"), stamped(await(table.get(all))),
        "a family's cells of one timestamp, in every column");

    await(table.delete(new Delete(row).addFamily(F2)));
    assertEquals(List.of("f1:a@1=a1", "f1:c@2=c2"), stamped(await(table.get(all))), "a whole family");

    await(table.put(new Put(row).addColumn(F1, toBytes("d"), 5, toBytes("d5"))));
    await(table.delete(new Delete(row).addFamily(F1, 2)));
    assertEquals(List.of("f1:d@5=d5"), stamped(await(table.get(all))), "a family up to a timestamp");

    await(table.delete(new Delete(row)));
    assertTrue(await(table.get(all)).isEmpty(), "the whole row");
  }

  @Test
  void mutateRowAppliesEveryKindAndReturnsTheCounters() throws Exception {
    byte[] row = toBytes("mutate-row");
    await(table.put(new Put(row).addColumn(F1, toBytes("gone"), toBytes("x")).addColumn(F1, toBytes("s"),
        toBytes("ab"))));
    Result result = await(table.mutateRow(new RowMutations(row).add(List.of(
        new Put(row).addColumn(F2, toBytes("p"), toBytes("put")),
        new Delete(row).addColumns(F1, toBytes("gone")),
        new Increment(row).addColumn(F1, toBytes("n"), 5),
        new Append(row).addColumn(F1, toBytes("s"), toBytes("cd"))))));
    assertEquals(5, Bytes.toLong(result.getValue(F1, toBytes("n"))));
    assertArrayEquals(toBytes("abcd"), result.getValue(F1, toBytes("s")));
    Result after = await(table.get(new Get(row)));
    assertEquals(List.of("mutate-row/f1:n=\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x05", "mutate-row/f1:s=abcd",
        "mutate-row/f2:p=put"), cells(after));
  }

  @Test
  void aBatchActionWithAnUnknownFamilyFailsAloneAndTheOthersAreApplied() throws Exception {
    await(table.put(new Put(toBytes("z-batch-counter")).addColumn(F1, toBytes("n"), Bytes.toBytes(1L))));
    List<CompletableFuture<Object>> results = table.batch(List.of(
        new Put(toBytes("a-batch-good")).addColumn(F1, toBytes("q"), toBytes("a")),
        new Put(toBytes("a-batch-bad")).addColumn(F1, toBytes("q"), toBytes("x"))
            .addColumn(toBytes("nope"), toBytes("q"), toBytes("x")),
        new Increment(toBytes("z-batch-counter")).addColumn(F1, toBytes("n"), 1),
        new Put(toBytes("z-batch-good")).addColumn(F2, toBytes("q"), toBytes("z"))));
    assertTrue(((Result) await(results.get(0))).isEmpty());
    failure(results.get(1), NoSuchColumnFamilyException.class);
    assertEquals(2, Bytes.toLong(((Result) await(results.get(2))).getValue(F1, toBytes("n"))));
    assertTrue(((Result) await(results.get(3))).isEmpty());

    assertArrayEquals(toBytes("a"), await(table.get(new Get(toBytes("a-batch-good")))).getValue(F1, toBytes("q")));
    assertArrayEquals(toBytes("z"), await(table.get(new Get(toBytes("z-batch-good")))).getValue(F2, toBytes("q")));
    assertTrue(await(table.get(new Get(toBytes("a-batch-bad")))).isEmpty(), "no family of the bad put is written");
  }

  @Test
  void incrementingAValueThatIsNotEightBytesFailsAndWritesNothing() throws Exception {
    byte[] row = toBytes("not-a-long");
    await(table.put(new Put(row).addColumn(F1, toBytes("int"), toBytes(5))));
    DoNotRetryIOException error = failure(table.increment(new Increment(row).addColumn(F1, toBytes("fresh"), 1)
        .addColumn(F1, toBytes("int"), 1)), DoNotRetryIOException.class);
    assertTrue(error.getMessage().contains("Field is not a long"), error.getMessage());
    assertEquals(List.of("not-a-long/f1:int=\\x00\\x00\\x00\\x05"), cells(await(table.get(new Get(row)))),
        "neither column of the failed increment is written");
  }

  @Test
  void anAppendThatReturnsNoResultsStillAppends() throws Exception {
    byte[] row = toBytes("quiet-append");
    await(table.append(new Append(row).addColumn(F1, toBytes("s"), toBytes("ab"))));
    Append quiet = new Append(row).addColumn(F1, toBytes("s"), toBytes("cd"));
    quiet.setReturnResults(false);
    Result result = await(table.append(quiet));
    assertTrue(result.isEmpty(), result.toString());
    assertArrayEquals(toBytes("abcd"), await(table.get(new Get(row))).getValue(F1, toBytes("s")));
    assertNull(await(table.get(new Get(row))).getValue(F2, toBytes("s")));
  }
}
