package io.basalt.conformance.mapreduce;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The table most jobs here read: three regions, three families keeping three versions, several versions of some
 * columns and every kind of delete marker, written with explicit timestamps so that the same writes give the same
 * cells on Basalt and on HBase and jobs' outputs can be compared byte for byte.
 */
final class SampleTable {
  static final byte[] F = Bytes.toBytes("f");
  static final byte[] G = Bytes.toBytes("g");
  static final byte[] H = Bytes.toBytes("h");
  static final int ROWS = 60;
  static final int VERSIONS = 3;
  /** Region boundaries: three regions of twenty rows. */
  static final byte[][] SPLITS = {row(20), row(40)};
  /** The timestamps of the writes: {@code T[0]} oldest. Far in the past, so no TTL or clock matters. */
  static final long[] T = {1_500_000_001_000L, 1_500_000_002_000L, 1_500_000_003_000L, 1_500_000_004_000L};

  private SampleTable() {}

  static String rowKey(int r) {
    return String.format("row%03d", r);
  }

  static byte[] row(int r) {
    return Bytes.toBytes(rowKey(r));
  }

  /** Creates the empty table on {@code server}, split at {@link #SPLITS}. */
  static void create(Server server, TableName name) throws IOException {
    try (Admin admin = server.admin()) {
      TableDescriptorBuilder table = TableDescriptorBuilder.newBuilder(name);
      for (byte[] family : new byte[][] {F, G, H}) {
        table.setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(family).setMaxVersions(VERSIONS).build());
      }
      admin.createTable(table.build(), SPLITS);
    }
  }

  /** Creates the table on {@code server} and writes the sample into it. */
  static void createAndLoad(Server server, TableName name) throws IOException {
    create(server, name);
    load(server.connection(), name);
  }

  /**
   * Writes the sample: puts first, then the deletes, then puts newer than the deletes, each step a batch of its
   * own so that no marker and no put race within one call.
   */
  static void load(Connection connection, TableName name) throws IOException {
    try (Table table = connection.getTable(name)) {
      table.batch(puts(), new Object[ROWS]);
      List<Delete> deletes = deletes();
      table.batch(deletes, new Object[deletes.size()]);
      List<Put> late = latePuts();
      table.batch(late, new Object[late.size()]);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while loading " + name, e);
    }
  }

  /** Every row: f:a in three versions, f:b in two, g:c, g:d in every other row, h:e in every third. */
  private static List<Mutation> puts() {
    List<Mutation> puts = new ArrayList<>();
    for (int r = 0; r < ROWS; r++) {
      Put put = new Put(row(r));
      for (int v = 0; v < 3; v++) {
        put.addColumn(F, Bytes.toBytes("a"), T[v], value(r, "a", v));
      }
      for (int v = 0; v < 2; v++) {
        put.addColumn(F, Bytes.toBytes("b"), T[v], value(r, "b", v));
      }
      put.addColumn(G, Bytes.toBytes("c"), T[1], value(r, "c", 1));
      if (r % 2 == 0) {
        put.addColumn(G, Bytes.toBytes("d"), T[2], value(r, "d", 2));
      }
      if (r % 3 == 0) {
        put.addColumn(H, Bytes.toBytes("e"), T[0], value(r, "e", 0));
      }
      puts.add(put);
    }
    return puts;
  }

  /** One kind of delete for each of the rows ending in 3, 5, 7, 8 and 9. */
  private static List<Delete> deletes() {
    List<Delete> deletes = new ArrayList<>();
    for (int r = 0; r < ROWS; r++) {
      switch (r % 10) {
        case 3 -> deletes.add(new Delete(row(r), T[2])); // the whole row, up to T[2]
        case 5 -> deletes.add(new Delete(row(r)).addFamily(G, T[2])); // family g
        case 7 -> deletes.add(new Delete(row(r)).addColumns(F, Bytes.toBytes("b"), T[2])); // every f:b
        case 8 -> deletes.add(new Delete(row(r)).addColumn(F, Bytes.toBytes("a"), T[1])); // f:a at T[1] only
        case 9 -> deletes.add(new Delete(row(r)).addFamilyVersion(F, T[0])); // family f at T[0] only
        default -> { }
      }
    }
    return deletes;
  }

  /** A cell newer than the row delete in each deleted row: the row lives on with it. */
  private static List<Put> latePuts() {
    List<Put> puts = new ArrayList<>();
    for (int r = 3; r < ROWS; r += 10) {
      puts.add(new Put(row(r)).addColumn(F, Bytes.toBytes("z"), T[3], value(r, "z", 3)));
    }
    return puts;
  }

  private static byte[] value(int r, String qualifier, int version) {
    return Bytes.toBytes(qualifier + r + "v" + version);
  }
}
