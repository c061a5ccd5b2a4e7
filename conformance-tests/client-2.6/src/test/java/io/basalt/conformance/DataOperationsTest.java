package io.basalt.conformance;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.BasaltServerExtension;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.RetriesExhaustedWithDetailsException;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.regionserver.NoSuchColumnFamilyException;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Put, Get and Delete through a stock hbase-client 2.6 Table, asserting every value read back. */
class DataOperationsTest {
  @RegisterExtension
  static final BasaltServerExtension BASALT = new BasaltServerExtension();

  private static final byte[] F1 = toBytes("f1");
  private static final byte[] F2 = toBytes("f2");
  private static final TableName NAME = TableName.valueOf("data_ops");

  private static Connection connection;
  private static Table table;

  @BeforeAll
  static void createTable() throws IOException {
    connection = Clients.connect(BASALT.process());
    try (Admin admin = connection.getAdmin()) {
      admin.createTable(TableDescriptorBuilder.newBuilder(NAME)
          .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(F1).setMaxVersions(5).build())
          .setColumnFamily(ColumnFamilyDescriptorBuilder.of(F2))
          .build(), new byte[][] {toBytes("m")});
    }
    table = connection.getTable(NAME);
  }

  @AfterAll
  static void close() throws IOException {
    table.close();
    connection.close();
  }

  @Test
  void putThenGetAcrossFamilies() throws IOException {
    byte[] row = toBytes("alpha");
    table.put(new Put(row)
        .addColumn(F1, toBytes("a"), toBytes("1"))
        .addColumn(F1, toBytes("b"), toBytes("2"))
        .addColumn(F2, toBytes("c"), toBytes("3")));

    Result result = table.get(new Get(row));
    assertArrayEquals(row, result.getRow());
    assertEquals(3, result.size());
    assertArrayEquals(toBytes("1"), result.getValue(F1, toBytes("a")));
    assertArrayEquals(toBytes("2"), result.getValue(F1, toBytes("b")));
    assertArrayEquals(toBytes("3"), result.getValue(F2, toBytes("c")));
    // Cells come back in HBase order: family, then qualifier.
    assertEquals(List.of("f1:a", "f1:b", "f2:c"), columns(result));

    Result onlyF2 = table.get(new Get(row).addFamily(F2));
    assertEquals(List.of("f2:c"), columns(onlyF2));
    Result oneColumn = table.get(new Get(row).addColumn(F1, toBytes("b")));
    assertEquals(List.of("f1:b"), columns(oneColumn));
    assertTrue(table.exists(new Get(row)));
  }

  @Test
  void missingRowIsAnEmptyResult() throws IOException {
    Result result = table.get(new Get(toBytes("no-such-row")));
    assertTrue(result.isEmpty());
    assertNull(result.getRow());
    assertFalse(table.exists(new Get(toBytes("no-such-row"))));
  }

  @Test
  void putListLandsInEveryRegionAndMultiGetReadsItBack() throws IOException {
    List<Put> puts = new ArrayList<>();
    List<Get> gets = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      // Rows on both sides of the split at "m".
      byte[] row = toBytes((i % 2 == 0 ? "a" : "z") + String.format("-%04d", i));
      puts.add(new Put(row).addColumn(F1, toBytes("n"), toBytes(i)));
      gets.add(new Get(row));
    }
    table.put(puts);
    Result[] results = table.get(gets);
    assertEquals(200, results.length);
    for (int i = 0; i < results.length; i++) {
      assertEquals(i, Bytes.toInt(results[i].getValue(F1, toBytes("n"))), "row " + i);
    }
  }

  @Test
  void versionsAndExplicitTimestamps() throws IOException {
    byte[] row = toBytes("versions");
    byte[] q = toBytes("q");
    for (long ts = 1; ts <= 7; ts++) {
      table.put(new Put(row).addColumn(F1, q, ts, toBytes("v" + ts)));
    }
    Result latest = table.get(new Get(row).addColumn(F1, q));
    assertEquals(7, latest.getColumnLatestCell(F1, q).getTimestamp());
    assertArrayEquals(toBytes("v7"), latest.getValue(F1, q));

    // The family keeps 5 versions, so asking for 10 gives 5, newest first.
    List<Cell> cells = table.get(new Get(row).addColumn(F1, q).readVersions(10)).getColumnCells(F1, q);
    assertEquals(List.of(7L, 6L, 5L, 4L, 3L), timestamps(cells));

    // The range is [min, max): 6 and 5 qualify, 7 is too new.
    List<Cell> ranged = table.get(new Get(row).addColumn(F1, q).readAllVersions().setTimeRange(5, 7))
        .getColumnCells(F1, q);
    assertEquals(List.of(6L, 5L), timestamps(ranged));
    Result exact = table.get(new Get(row).addColumn(F1, q).setTimestamp(6));
    assertArrayEquals(toBytes("v6"), exact.getValue(F1, q));
  }

  @Test
  void deletesMaskOlderCellsTheWayHBaseDoes() throws IOException {
    byte[] row = toBytes("deletes");
    byte[] q = toBytes("q");
    for (long ts = 1; ts <= 3; ts++) {
      table.put(new Put(row).addColumn(F1, q, ts, toBytes("v" + ts)));
    }
    table.put(new Put(row).addColumn(F1, toBytes("other"), 1, toBytes("o")).addColumn(F2, q, 1, toBytes("f2")));

    // Delete of the latest version only: the previous one shows through.
    table.delete(new Delete(row).addColumn(F1, q));
    assertArrayEquals(toBytes("v2"), table.get(new Get(row)).getValue(F1, q));

    // All versions of a column up to a timestamp.
    table.delete(new Delete(row).addColumns(F1, q, 2));
    assertNull(table.get(new Get(row)).getValue(F1, q));
    // A later put with an older timestamp stays hidden behind the marker.
    table.put(new Put(row).addColumn(F1, q, 2, toBytes("late")));
    assertNull(table.get(new Get(row)).getValue(F1, q));
    table.put(new Put(row).addColumn(F1, q, 10, toBytes("newer")));
    assertArrayEquals(toBytes("newer"), table.get(new Get(row)).getValue(F1, q));

    // A whole family.
    table.delete(new Delete(row).addFamily(F2));
    assertNull(table.get(new Get(row)).getValue(F2, q));
    assertArrayEquals(toBytes("o"), table.get(new Get(row)).getValue(F1, toBytes("other")));

    // The whole row.
    table.delete(new Delete(row));
    assertTrue(table.get(new Get(row)).isEmpty());
  }

  @Test
  void aPutWithoutTimestampIsStampedWithTheServersClockInMilliseconds() throws IOException {
    byte[] q = toBytes("q");
    long before = System.currentTimeMillis();
    table.put(new Put(toBytes("stamped")).addColumn(F1, q, toBytes("one")));
    table.put(List.of(new Put(toBytes("stamped-a")).addColumn(F1, q, toBytes("a")),
        new Put(toBytes("stamped-z")).addColumn(F2, q, toBytes("z"))));
    long after = System.currentTimeMillis();
    // Client and server share this machine's clock; nanoseconds or seconds would land far outside.
    for (String row : List.of("stamped", "stamped-a", "stamped-z")) {
      Cell cell = table.get(new Get(toBytes(row))).rawCells()[0];
      assertTrue(before <= cell.getTimestamp() && cell.getTimestamp() <= after,
          row + " stamped " + cell.getTimestamp() + ", not within [" + before + ", " + after + "]");
    }
  }

  @Test
  void aFamilyVersionDeleteRemovesThatTimestampInEveryColumnOfTheFamily() throws IOException {
    byte[] row = toBytes("family-version");
    for (long ts = 1; ts <= 3; ts++) {
      table.put(new Put(row).addColumn(F1, toBytes("a"), ts, toBytes("a" + ts))
          .addColumn(F1, toBytes("b"), ts, toBytes("b" + ts)).addColumn(F2, toBytes("c"), ts, toBytes("c" + ts)));
    }
    table.delete(new Delete(row).addFamilyVersion(F1, 2));
    Result result = table.get(new Get(row).readAllVersions());
    assertEquals(List.of(3L, 1L), timestamps(result.getColumnCells(F1, toBytes("a"))));
    assertEquals(List.of(3L, 1L), timestamps(result.getColumnCells(F1, toBytes("b"))));
    assertArrayEquals(toBytes("c3"), result.getValue(F2, toBytes("c")), "another family is untouched");
    assertArrayEquals(toBytes("a1"), table.get(new Get(row).addColumn(F1, toBytes("a")).setTimeRange(0, 3))
        .getValue(F1, toBytes("a")), "the version before the deleted one shows through");
    // The marker stays: a cell written again at its timestamp is hidden too.
    table.put(new Put(row).addColumn(F1, toBytes("a"), 2, toBytes("again")));
    assertEquals(List.of(3L, 1L), timestamps(table.get(new Get(row).readAllVersions()).getColumnCells(F1,
        toBytes("a"))));
  }

  @Test
  void unknownFamilyIsRejectedAndNothingIsWritten() throws IOException {
    byte[] row = toBytes("bad-family");
    Put put = new Put(row).addColumn(F1, toBytes("q"), toBytes("v")).addColumn(toBytes("nope"), toBytes("q"),
        toBytes("v"));
    assertThrows(NoSuchColumnFamilyException.class, () -> table.put(put));
    assertTrue(table.get(new Get(row)).isEmpty());

    List<Put> batch = List.of(new Put(toBytes("good")).addColumn(F1, toBytes("q"), toBytes("ok")), put);
    RetriesExhaustedWithDetailsException failure =
        assertThrows(RetriesExhaustedWithDetailsException.class, () -> table.put(batch));
    assertEquals(1, failure.getNumExceptions());
    assertTrue(failure.getCause(0) instanceof NoSuchColumnFamilyException, failure.getCause(0).toString());
    assertArrayEquals(toBytes("ok"), table.get(new Get(toBytes("good"))).getValue(F1, toBytes("q")));
    assertTrue(table.get(new Get(row)).isEmpty());
  }

  private static List<String> columns(Result result) {
    List<String> columns = new ArrayList<>();
    for (Cell cell : result.rawCells()) {
      columns.add(Bytes.toString(CellUtil.cloneFamily(cell)) + ":" + Bytes.toString(CellUtil.cloneQualifier(cell)));
    }
    return columns;
  }

  private static List<Long> timestamps(List<Cell> cells) {
    List<Long> out = new ArrayList<>();
    for (Cell cell : cells) {
      out.add(cell.getTimestamp());
    }
    return out;
  }
}
