package io.basalt.tools.snapshot;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The table the snapshot tests take from real HBase, written so that its snapshots hold what an import must get
 * right: three regions, two families, more versions than the family keeps, delete markers of every type, a cell of
 * the same coordinates in two files, cells whose own TTL runs out before the import, several files per family, and
 * a region split after its files were written, with compactions off, so that its daughters hold references to
 * the parent's files when the first snapshot is taken. The second snapshot follows more writes into both daughters.
 */
final class SnapshottedHBaseTable {
  static final TableName TABLE = TableName.valueOf("shop", "orders");
  static final String FIRST = "orders_first";
  static final String SECOND = "orders_second";
  static final byte[] D = toBytes("d");
  static final byte[] T = toBytes("t");
  static final byte[] Q = toBytes("q");
  /** Cells written with a TTL of their own, expired by the time the import runs. */
  static final long CELL_TTL_MILLIS = 8_000;
  private static final long BASE = System.currentTimeMillis() - 3_600_000;
  private static final long SPLIT_TIMEOUT_MILLIS = 60_000;

  private final Connection hbase;
  private long ttlCellsExpireAt;

  SnapshottedHBaseTable(Connection hbase) {
    this.hbase = hbase;
  }

  /** When the cells with a TTL of their own have all expired. */
  long ttlCellsExpireAt() {
    return ttlCellsExpireAt;
  }

  /** Creates and writes the table, splits it, and takes both snapshots. */
  void writeAndSnapshot() throws Exception {
    try (Admin admin = hbase.getAdmin(); Table table = hbase.getTable(TABLE)) {
      admin.compactionSwitch(false, List.of());
      firstFiles(table);
      admin.flush(TABLE);
      secondFiles(table);
      admin.flush(TABLE);
      admin.split(TABLE, toBytes("k"));
      awaitDaughters(admin);
      admin.snapshot(FIRST, TABLE);
      table.put(List.of(put("j100", BASE + 30, "bottom daughter, later"), put("l100", BASE + 30, "top, later"),
          put("z100", BASE + 30, "last region, later")));
      table.delete(new Delete(toBytes("a001")));
      admin.flush(TABLE);
      table.put(put("m200", BASE + 31, "in the memstore when the snapshot flushes it"));
      admin.snapshot(SECOND, TABLE);
    }
  }

  /** Creates the namespace and the table, split at g and p. */
  static void create(Admin admin) throws IOException {
    admin.createNamespace(NamespaceDescriptor.create("shop").build());
    admin.createTable(TableDescriptorBuilder.newBuilder(TABLE)
        .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(D).setMaxVersions(3).build())
        .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(T).setTimeToLive(10 * 86_400).build())
        .build(), new byte[][] {toBytes("g"), toBytes("p")});
  }

  private void firstFiles(Table table) throws IOException {
    List<Put> puts = new ArrayList<>();
    for (int i = 0; i < 260; i++) {
      Put row = new Put(toBytes(String.format("%c%03d", 'a' + i % 26, i / 26)));
      for (int version = 1; version <= 1 + i % 3; version++) {
        row.addColumn(D, Q, BASE + version, toBytes("v" + i + "-" + version));
      }
      row.addColumn(T, Q, BASE, toBytes("t" + i));
      puts.add(row);
    }
    puts.add(put("h-dup", BASE + 50, "first write"));
    long now = System.currentTimeMillis();
    for (int i = 0; i < 5; i++) {
      Put expiring = new Put(toBytes("c-ttl-" + i)).addColumn(D, Q, now, toBytes("expires"));
      expiring.setTTL(CELL_TTL_MILLIS);
      puts.add(expiring);
    }
    ttlCellsExpireAt = now + CELL_TTL_MILLIS + 1;
    table.put(puts);
  }

  private static void secondFiles(Table table) throws IOException {
    List<Put> puts = new ArrayList<>();
    for (int i = 0; i < 260; i += 3) {
        // Versions beyond the family's three, in a file of their own: stored until a compaction.
      puts.add(new Put(toBytes(String.format("%c%03d", 'a' + i % 26, i / 26)))
          .addColumn(D, Q, BASE + 10, toBytes("v" + i + "-10")).addColumn(D, Q, BASE + 11, toBytes("v" + i + "-11")));
    }
    puts.add(put("h-dup", BASE + 50, "second write, same coordinates"));
    table.put(puts);
    table.delete(new ArrayList<>(List.of(
        new Delete(toBytes("d001")).addColumns(D, Q, BASE + 2),
        new Delete(toBytes("i002")).addColumn(D, Q, BASE + 1),
        new Delete(toBytes("n005")).addColumns(D, Q),
        new Delete(toBytes("q000")).addFamily(D),
        new Delete(toBytes("m004")).addFamilyVersion(D, BASE + 1),
        new Delete(toBytes("x003")))));
  }

  private static Put put(String row, long timestamp, String value) {
    return new Put(toBytes(row)).addColumn(D, Q, timestamp, toBytes(value));
  }

  /** Waits until the daughters of the split at k serve, the parent gone from the online regions. */
  private static void awaitDaughters(Admin admin) throws Exception {
    long deadline = System.currentTimeMillis() + SPLIT_TIMEOUT_MILLIS;
    while (true) {
      List<RegionInfo> regions = admin.getRegions(TABLE);
      List<String> starts = regions.stream().map(region -> Bytes.toString(region.getStartKey())).sorted().toList();
      if (starts.equals(Arrays.asList("", "g", "k", "p")) && admin.isTableAvailable(TABLE)) {
        return;
      }
      if (System.currentTimeMillis() > deadline) {
        throw new IOException("the split at k did not complete: regions start at " + starts);
      }
      Thread.sleep(200);
    }
  }
}
