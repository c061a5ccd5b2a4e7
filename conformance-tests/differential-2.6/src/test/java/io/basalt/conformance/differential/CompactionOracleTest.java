package io.basalt.conformance.differential;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.CompactionState;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Delete;
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
 * What flushes and major compactions keep of a one-version family, through the stock 2.6.4 client against Basalt
 * and against real HBase 2.6.4: expired per-cell TTLs, family and version markers and a latest-version delete in the
 * memstore over a version already in a file. Where the answer differs because HBase's compactions honour an open
 * scanner's read point, which Basalt's do not, the test says what each server keeps.
 */
// Both cases flush, which on a cluster fails when the active master does not lead the table's tablet.
class CompactionOracleTest {
  private static final byte[] F = Bytes.toBytes("b");
  private static final byte[] Q = Bytes.toBytes("q0");
  private static final byte[] ROW = Bytes.toBytes("r08");
  /** A second row, so that a scanner that has read the first one stays open on the region server. */
  private static final byte[] NEXT_ROW = Bytes.toBytes("r09");

  @RegisterExtension
  static final BasaltAndHBase SERVERS = BasaltAndHBase.shared();

  /**
   * The writes DifferentialTest's seed 1 made to r08 b:q0 between two of its compaction checks, in order: puts with
   * TTLs that had run out when written (timestamps are milliseconds after the epoch), a put replacing another of the
   * same timestamp, family and family-version markers, and a latest-version delete that lands on the version at 35
   * already in a file. Expired puts count as no version in the flush or the compaction, the delete hides 35 alone,
   * and 31 is the version both keep.
   */
  @Test
  void expiredTtlsAndMarkersLeaveTheVersionBelowTheDeletedOne() throws Exception {
    String expected = "r08 { b:q0/31/Put=v9 }";
    for (Connection connection : new Connection[] {SERVERS.hbase(), SERVERS.basalt()}) {
      TableName table = createTable(connection);
      try (Table t = connection.getTable(table); Admin admin = connection.getAdmin()) {
        t.put(put(35, "v1"));
        flushAndMajorCompact(admin, table);
        t.put(put(29, "v9"));
        t.put(put(14, "v8"));
        t.put(put(13, "v1").setTTL(788));
        t.put(put(32, "v3").setTTL(23));
        t.delete(new Delete(ROW).addFamilyVersion(F, 17));
        t.put(put(31, "v9").addColumn(F, Q, 6, Bytes.toBytes("v0")));
        t.delete(new Delete(ROW).addFamilyVersion(F, 33));
        t.put(put(33, "v6").setTTL(954));
        t.delete(new Delete(ROW).addFamily(F, 24));
        t.delete(new Delete(ROW).addFamilyVersion(F, 14));
        t.put(put(14, "v6"));
        t.delete(new Delete(ROW).addFamilyVersion(F, 21));
        t.put(put(40, "v2"));
        t.delete(new Delete(ROW).addFamilyVersion(F, 2));
        t.delete(new Delete(ROW).addFamilyVersion(F, 40));
        t.delete(new Delete(ROW).addColumn(F, Q));
        t.delete(new Delete(ROW).addFamily(F, 24));
        assertEquals("r08 { b:/40/DeleteFamilyVersion= b:/33/DeleteFamilyVersion= b:/24/DeleteFamily="
            + " b:/21/DeleteFamilyVersion= b:/17/DeleteFamilyVersion= b:/14/DeleteFamilyVersion= b:/2/DeleteFamilyVersion="
            + " b:q0/40/Put=v2"
            + " b:q0/35/Delete= b:q0/35/Put=v1 b:q0/31/Put=v9 b:q0/29/Put=v9 b:q0/14/Put=v6 b:q0/6/Put=v0 }",
            raw(t), serverName(connection));
        flushAndMajorCompact(admin, table);
        assertEquals(expected, raw(t), serverName(connection));
      }
    }
  }

  /**
   * HBase's flushes and compactions treat cells newer than the oldest open scanner's read point as that scanner may
   * still need them: a delete marker newer than it is neither applied nor dropped, yet the put it hides is counted
   * as a version, so with VERSIONS 1 a compaction then drops the older version readers see; once the scanner is
   * gone, the next major compaction drops the marker and the put it hid, and nothing is left of the column. Basalt's
   * scanners read snapshots a compaction cannot change, so its compactions keep what reads show whatever is open.
   */
  @Test
  void aScannerOpenOnHBaseAcrossADeleteAndACompactionCostsTheColumnItsVisibleVersion() throws Exception {
    assertEquals(List.of("r08 { b:q0/35/Delete= b:q0/35/Put=v1 }", "empty"),
        keptWithAScannerOpen(SERVERS.hbase()));
    assertEquals(List.of("r08 { b:q0/31/Put=v9 }", "r08 { b:q0/31/Put=v9 }"),
        keptWithAScannerOpen(SERVERS.basalt()));
  }

  /** Row r08 after a major compaction run while a scanner is open, then after another once it is closed. */
  private static List<String> keptWithAScannerOpen(Connection connection) throws Exception {
    List<String> kept = new ArrayList<>();
    TableName table = createTable(connection);
    try (Table t = connection.getTable(table); Admin admin = connection.getAdmin()) {
      t.put(new Put(NEXT_ROW).addColumn(F, Q, 1, Bytes.toBytes("x")));
      t.put(put(35, "v1"));
      flushAndMajorCompact(admin, table);
      t.put(put(31, "v9"));
      try (ResultScanner open = t.getScanner(new Scan().setCaching(1))) {
        open.next(); // the region server keeps the scanner, and its read point, for the row still to come
        t.delete(new Delete(ROW).addColumn(F, Q)); // lands on 35, the newest version
        assertEquals("r08 { b:q0/35/Delete= b:q0/35/Put=v1 b:q0/31/Put=v9 }", rowOf(raw(t)), serverName(connection));
        flushAndMajorCompact(admin, table);
        kept.add(rowOf(raw(t)));
      }
      flushAndMajorCompact(admin, table);
      kept.add(rowOf(raw(t)));
    }
    return kept;
  }

  private static Put put(long timestamp, String value) {
    return new Put(ROW).addColumn(F, Q, timestamp, Bytes.toBytes(value));
  }

  private static TableName createTable(Connection connection) throws IOException {
    TableName table = SERVERS.newTable("compaction");
    try (Admin admin = connection.getAdmin()) {
      admin.createTable(TableDescriptorBuilder.newBuilder(table)
          .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(F).setMaxVersions(1).build()).build());
    }
    return table;
  }

  /** Flushes, major-compacts and waits for the compaction as HBase's clients do, by polling its state. */
  private static void flushAndMajorCompact(Admin admin, TableName table) throws Exception {
    admin.flush(table);
    admin.majorCompact(table);
    long deadline = System.currentTimeMillis() + 60_000;
    while (admin.getCompactionState(table) != CompactionState.NONE) {
      if (System.currentTimeMillis() > deadline) {
        throw new AssertionError("major compaction of " + table + " did not finish in 60 s");
      }
      Thread.sleep(50); // the poll's interval
    }
  }

  /** Every cell and marker stored, all versions, one canonical line per row. */
  private static String raw(Table table) throws IOException {
    StringBuilder text = new StringBuilder();
    try (ResultScanner scanner = table.getScanner(new Scan().setRaw(true).readAllVersions())) {
      for (Result result : scanner) {
        text.append(Canonical.result(result)).append('\n');
      }
    }
    return text.toString().strip();
  }

  /** The line of row r08, or "empty" if nothing of it is stored. */
  private static String rowOf(String raw) {
    return raw.lines().filter(line -> line.startsWith("r08 ")).findFirst().orElse("empty");
  }

  private static String serverName(Connection connection) {
    return connection == SERVERS.hbase() ? "HBase" : "Basalt";
  }
}
