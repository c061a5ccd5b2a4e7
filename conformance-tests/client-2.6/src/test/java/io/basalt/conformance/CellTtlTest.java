package io.basalt.conformance;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Append;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.CompactionState;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Per-cell TTLs ({@code Mutation.setTTL}) through a stock 2.6 client: a put, increment or append with a TTL is read
 * until its timestamp plus the TTL has passed, then passed over as if never written (an older version shows again),
 * never outliving its family's TTL; writes of either kind at the same coordinates replace each other; compactions
 * drop expired ones. Expiry is waited for by polling with a deadline.
 */
class CellTtlTest {
  @RegisterExtension
  static final ConnectedBasalt BASALT = new ConnectedBasalt();

  private static final byte[] F = toBytes("f");
  private static final byte[] Q = toBytes("q");
  /** Long enough for the first read after a put to come before expiry on a busy machine. */
  private static final long SHORT_TTL = 3_000;
  private static final long HOUR = 3_600_000;

  @Test
  void aPutIsReadUntilItsTtlRunsOutAndThenTheVersionBehindItShows() throws Exception {
    Table table = create("ttl_puts", 3, Integer.MAX_VALUE);
    long now = System.currentTimeMillis();
    table.put(new Put(toBytes("r")).addColumn(F, Q, now - 10_000, toBytes("old")));
    table.put(ttl(new Put(toBytes("r")).addColumn(F, Q, now, toBytes("new")), SHORT_TTL));
    table.put(ttl(new Put(toBytes("long")).addColumn(F, Q, toBytes("kept")), HOUR));

    assertEquals("new", value(table, "r"));
    awaitValue(table, "r", "old");
    assertEquals(List.of("old"), versions(table, "r"), "the expired put is no version at all");
    assertEquals("kept", value(table, "long"));
  }

  @Test
  void putsWithAndWithoutATtlAtTheSameCoordinatesReplaceEachOtherInEitherOrder() throws Exception {
    Table table = create("ttl_same_coordinates", 5, Integer.MAX_VALUE);
    long ts = System.currentTimeMillis() - 1_000;
    table.put(new Put(toBytes("r")).addColumn(F, Q, ts, toBytes("plain")));
    table.put(ttl(new Put(toBytes("r")).addColumn(F, Q, ts, toBytes("with ttl")), HOUR));
    assertEquals(List.of("with ttl"), versions(table, "r"));
    assertEquals(List.of("with ttl"), raw(table), "one stored cell");

    table.put(new Put(toBytes("r")).addColumn(F, Q, ts, toBytes("plain again")));
    assertEquals(List.of("plain again"), versions(table, "r"));
    assertEquals(List.of("plain again"), raw(table));

    // A put whose TTL ran out before it was written hides nothing, as on HBase.
    table.put(ttl(new Put(toBytes("r")).addColumn(F, Q, ts, toBytes("expired")), 10));
    assertEquals(List.of("plain again"), versions(table, "r"));
  }

  @Test
  void incrementsAndAppendsWithATtlExpireAndAnIncrementWithoutOneKeepsTheOldTtl() throws Exception {
    Table table = create("ttl_counters", 3, Integer.MAX_VALUE);
    Increment first = new Increment(toBytes("c")).addColumn(F, Q, 5);
    first.setTTL(SHORT_TTL);
    assertEquals(5, Bytes.toLong(table.increment(first).getValue(F, Q)));
    // No TTL of its own: the new version carries the one of the version it adds to, as HBase's does.
    assertEquals(6, Bytes.toLong(table.increment(new Increment(toBytes("c")).addColumn(F, Q, 1)).getValue(F, Q)));
    Append append = new Append(toBytes("a")).addColumn(F, Q, toBytes("ab"));
    append.setTTL(SHORT_TTL);
    table.append(append);
    assertEquals("ab", value(table, "a"));

    awaitValue(table, "c", null);
    awaitValue(table, "a", null);
    assertEquals(List.of(), versions(table, "c"), "every version of the counter carried the TTL");
    Increment fresh = new Increment(toBytes("c")).addColumn(F, Q, 1);
    assertEquals(1, Bytes.toLong(table.increment(fresh).getValue(F, Q)), "an expired counter counts from zero");
  }

  @Test
  void aCellTtlNeverOutlivesTheFamilyTtl() throws Exception {
    Table table = create("ttl_family", 1, 2);
    table.put(ttl(new Put(toBytes("r")).addColumn(F, Q, toBytes("v")), HOUR));
    awaitValue(table, "r", null); // the family's 2 s, not the cell's hour
  }

  @Test
  void compactionsDropExpiredPutsWithoutCountingThemAsVersions() throws Exception {
    TableName name = TableName.valueOf("ttl_compaction");
    Table table = create(name.getNameAsString(), 1, Integer.MAX_VALUE);
    long now = System.currentTimeMillis();
    table.put(new Put(toBytes("r")).addColumn(F, Q, now - 10_000, toBytes("older")));
    table.put(ttl(new Put(toBytes("r")).addColumn(F, Q, now, toBytes("expiring-value")), SHORT_TTL));
    awaitValue(table, "r", "older");

    BASALT.admin().flush(name);
    BASALT.admin().majorCompact(name);
    awaitCompactions(name);
    assertEquals("older", value(table, "r"), "VERSIONS 1 kept the older put: the expired one was no version");
    assertFalse(sstFilesContain("expiring-value"), "the expired put left the files");
    assertTrue(sstFilesContain("older"));
  }

  @Test
  void plainPutsStillReplaceTtlPutsAfterAnAlterAndInAClone() throws Exception {
    TableName name = TableName.valueOf("ttl_alter_clone");
    Table table = create(name.getNameAsString(), 5, Integer.MAX_VALUE);
    long ts = System.currentTimeMillis() - 1_000;
    table.put(ttl(new Put(toBytes("r")).addColumn(F, Q, ts, toBytes("with ttl")), HOUR));
    BASALT.admin().modifyColumnFamily(name, ColumnFamilyDescriptorBuilder.newBuilder(F).setMaxVersions(4).build());
    table.put(new Put(toBytes("r")).addColumn(F, Q, ts, toBytes("plain")));
    assertEquals(List.of("plain"), raw(table), "after the alter");

    table.put(ttl(new Put(toBytes("s")).addColumn(F, Q, ts, toBytes("with ttl")), HOUR));
    BASALT.admin().snapshot("ttl_snapshot", name);
    TableName cloneName = TableName.valueOf("ttl_clone");
    BASALT.admin().cloneSnapshot("ttl_snapshot", cloneName);
    try (Table clone = BASALT.connection().getTable(cloneName)) {
      clone.put(new Put(toBytes("s")).addColumn(F, Q, ts, toBytes("plain")));
      assertEquals(List.of("plain"), versions(clone, "s"), "in the clone");
      assertEquals(List.of("plain", "plain"), raw(clone));
    }
  }

  private static Table create(String name, int versions, int familyTtlSeconds) throws IOException {
    TableName table = TableName.valueOf(name);
    BASALT.admin().createTable(TableDescriptorBuilder.newBuilder(table).setColumnFamily(
        ColumnFamilyDescriptorBuilder.newBuilder(F).setMaxVersions(versions).setTimeToLive(familyTtlSeconds).build())
        .build());
    return BASALT.connection().getTable(table);
  }

  private static Put ttl(Put put, long ttl) {
    put.setTTL(ttl);
    return put;
  }

  private static String value(Table table, String row) throws IOException {
    byte[] value = table.get(new Get(toBytes(row))).getValue(F, Q);
    return value == null ? null : Bytes.toString(value);
  }

  private static List<String> versions(Table table, String row) throws IOException {
    List<String> values = new ArrayList<>();
    Result result = table.get(new Get(toBytes(row)).readAllVersions());
    for (Cell cell : result.listCells() == null ? List.<Cell>of() : result.listCells()) {
      values.add(Bytes.toString(CellUtil.cloneValue(cell)));
    }
    return values;
  }

  /** The values a raw scan of the whole table returns: every stored version and marker. */
  private static List<String> raw(Table table) throws IOException {
    List<String> values = new ArrayList<>();
    try (ResultScanner scanner = table.getScanner(new Scan().setRaw(true).readAllVersions())) {
      for (Result result : scanner) {
        for (Cell cell : result.rawCells()) {
          values.add(Bytes.toString(CellUtil.cloneValue(cell)));
        }
      }
    }
    return values;
  }

  /** Polls the row's value until it is {@code expected} (null: no value), failing after 30 s. */
  private static void awaitValue(Table table, String row, String expected) throws Exception {
    await(() -> expected == null ? value(table, row) == null : expected.equals(value(table, row)),
        "row " + row + " to read " + expected);
  }

  private static void awaitCompactions(TableName name) throws Exception {
    await(() -> BASALT.admin().getCompactionState(name) == CompactionState.NONE, "compaction of " + name);
  }

  private static void await(Callable<Boolean> condition, String what) throws Exception {
    long deadline = System.currentTimeMillis() + 30_000;
    while (!condition.call()) {
      assertTrue(System.currentTimeMillis() < deadline, "waited 30 s for " + what);
      Thread.sleep(50);
    }
  }

  private static boolean sstFilesContain(String text) throws IOException {
    byte[] needle = toBytes(text);
    try (Stream<Path> files = Files.walk(BASALT.process().dataDir())) {
      for (Path file : files.filter(p -> p.toString().endsWith(".sst")).toList()) {
        if (Bytes.indexOf(Files.readAllBytes(file), needle) >= 0) {
          return true;
        }
      }
    }
    return false;
  }
}
