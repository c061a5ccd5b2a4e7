package io.basalt.examples;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * A first program against Basalt using nothing but the stock HBase client: create a pre-split table, write rows,
 * read one back, scan a range that crosses tablets, delete a row, drop the table.
 *
 * <p>Arguments: {@code [zookeeper-host [zookeeper-port]]}, default {@code localhost 2181} (what
 * {@code bin/basalt start} uses).
 */
public final class QuickStart {
  private static final byte[] INFO = Bytes.toBytes("info");

  private QuickStart() {}

  public static void main(String[] args) throws IOException {
    Configuration conf = HBaseConfiguration.create();
    conf.set("hbase.zookeeper.quorum", args.length > 0 ? args[0] : "localhost");
    conf.set("hbase.zookeeper.property.clientPort", args.length > 1 ? args[1] : "2181");
    TableName name = TableName.valueOf("quickstart");
    long started = System.nanoTime();

    try (Connection connection = ConnectionFactory.createConnection(conf);
        Admin admin = connection.getAdmin()) {
      if (admin.tableExists(name)) {
        admin.disableTable(name);
        admin.deleteTable(name);
      }
      // Three tablets: [, "g"), ["g", "p"), ["p", ).
      admin.createTable(TableDescriptorBuilder.newBuilder(name)
          .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(INFO).setMaxVersions(3).build())
          .build(), new byte[][] {Bytes.toBytes("g"), Bytes.toBytes("p")});
      System.out.println("Created " + name + " with " + admin.getRegions(name).size() + " regions");

      try (Table table = connection.getTable(name)) {
        List<Put> puts = new ArrayList<>();
        for (String animal : List.of("aardvark", "bison", "heron", "ibex", "lynx", "otter", "puffin", "zebu")) {
          int legs = animal.equals("heron") || animal.equals("puffin") ? 2 : 4;
          puts.add(new Put(Bytes.toBytes(animal))
              .addColumn(INFO, Bytes.toBytes("legs"), Bytes.toBytes(legs))
              .addColumn(INFO, Bytes.toBytes("name"), Bytes.toBytes(animal)));
        }
        table.put(puts);
        System.out.println("Wrote " + puts.size() + " rows");

        Result heron = table.get(new Get(Bytes.toBytes("heron")));
        System.out.println("heron has " + Bytes.toInt(heron.getValue(INFO, Bytes.toBytes("legs"))) + " legs");

        System.out.print("Scan [b, q):");
        try (ResultScanner scanner = table.getScanner(new Scan().withStartRow(Bytes.toBytes("b"))
            .withStopRow(Bytes.toBytes("q")))) {
          for (Result row : scanner) {
            System.out.print(" " + Bytes.toString(row.getRow()));
          }
        }
        System.out.println();

        table.delete(new Delete(Bytes.toBytes("lynx")));
        System.out.println("After deleting lynx, it exists: " + table.exists(new Get(Bytes.toBytes("lynx"))));
      }
      admin.disableTable(name);
      admin.deleteTable(name);
      System.out.println("Dropped " + name + "; done in " + (System.nanoTime() - started) / 1_000_000 + " ms");
    }
  }
}
