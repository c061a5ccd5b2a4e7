package io.basalt.tools.snapshot;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.regionserver.BloomType;

/**
 * The Basalt table the export tests write, small but holding what an export must carry: four regions (the last one
 * empty), two families with different HFile settings (one GZ-compressed, FAST_DIFF-encoded, with a row-and-column
 * Bloom filter and small blocks; one with a family TTL and a row Bloom filter), up to five versions of a column in a
 * family that keeps three, delete markers of every type, cells with a TTL of their own, an empty qualifier, row keys
 * with bytes 0x00 and 0xFF, and a value spanning several blocks.
 */
final class ExportedBasaltTable {
  static final TableName TABLE = TableName.valueOf("ex", "orders");
  static final byte[] D = toBytes("d");
  static final byte[] T = toBytes("t");
  static final byte[] Q = toBytes("q");
  static final byte[] TTL_Q = toBytes("ttl");
  /** The cells with a TTL of their own: a day, so that none expires during the test. */
  static final long CELL_TTL_MILLIS = 86_400_000;
  static final int TTL_CELLS = 15;
  private static final long BASE = System.currentTimeMillis() - 3_600_000;

  private ExportedBasaltTable() {}

  /** Creates the namespace and the table in {@code basalt}, and writes it. */
  static void createAndWrite(Connection basalt) throws IOException {
    try (Admin admin = basalt.getAdmin()) {
      admin.createNamespace(NamespaceDescriptor.create(TABLE.getNamespaceAsString()).build());
      admin.createTable(TableDescriptorBuilder.newBuilder(TABLE)
          .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(D).setMaxVersions(3)
              .setCompressionType(Compression.Algorithm.GZ).setDataBlockEncoding(DataBlockEncoding.FAST_DIFF)
              .setBloomFilterType(BloomType.ROWCOL).setBlocksize(4096).build())
          .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(T).setTimeToLive(10 * 86_400)
              .setBloomFilterType(BloomType.ROW).build())
          .build(), new byte[][] {toBytes("g"), toBytes("p"), toBytes("zz")});
    }
    try (Table table = basalt.getTable(TABLE)) {
      table.put(puts());
      table.delete(deletes());
    }
  }

  private static List<Put> puts() {
    List<Put> puts = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      Put row = new Put(row(i));
      for (int version = 1; version <= 1 + i % 3; version++) {
        row.addColumn(D, Q, BASE + version, toBytes("v" + i + "-" + version));
      }
      if (i % 5 == 0) {
        row.addColumn(D, Q, BASE + 10, toBytes("v" + i + "-10")).addColumn(D, Q, BASE + 11, toBytes("v" + i + "-11"));
      }
      row.addColumn(T, Q, BASE, toBytes("t" + i));
      puts.add(row);
    }
    for (int i = 0; i < TTL_CELLS; i++) {
      Put expiring = new Put(row(i * 13)).addColumn(D, TTL_Q, BASE + 5, toBytes("with a TTL of its own"));
      expiring.setTTL(CELL_TTL_MILLIS);
      puts.add(expiring);
    }
    puts.add(new Put(new byte[] {'k', 0, (byte) 0xFF, 1}).addColumn(D, new byte[0], BASE, toBytes("binary row")));
    puts.add(new Put(toBytes("m-large")).addColumn(T, Q, BASE, new byte[20_000]));
    return puts;
  }

  private static List<Delete> deletes() {
    return new ArrayList<>(List.of(
        new Delete(row(1)).addColumn(D, Q, BASE + 1),
        new Delete(row(29)).addColumns(D, Q, BASE + 2),
        new Delete(row(60)).addFamily(D),
        new Delete(row(88)).addFamilyVersion(D, BASE + 1),
        new Delete(row(150)),
        new Delete(row(175)).addColumns(T, Q)));
  }

  private static byte[] row(int i) {
    return toBytes(String.format("%c%03d", 'a' + i % 26, i / 26));
  }
}
