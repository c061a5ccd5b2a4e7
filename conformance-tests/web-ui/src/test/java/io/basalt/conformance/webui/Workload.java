package io.basalt.conformance.webui;

import io.basalt.conformance.harness.BasaltProcess;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.CompactionState;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * What the pages are looked at after, done through the stock HBase 2.6 client: a table of orders whose split keys
 * and family name hold markup (shown as text, or the page's security policy would log the script it blocked), rows
 * written and read, a snapshot and a major compaction; a table of 150 regions, for the regions' paging; and enough
 * small tables that the tables list has a second page.
 */
final class Workload {
  static final TableName ORDERS = TableName.valueOf("shop:orders");
  static final TableName EVENTS = TableName.valueOf("shop:events");
  static final String MARKUP_KEY = "<script>alert(1)</script>";
  static final String MARKUP_FAMILY = "<em>";
  static final String SNAPSHOT = "orders_snapshot";
  static final int EVENT_REGIONS = 150;
  static final int SMALL_TABLES = 110;
  static final int ROWS = 500;
  static final int READS = 100;
  /** The Key Visualizer's table: rows a000..z399, then gets of the m rows only. */
  static final TableName HOT = TableName.valueOf("shop:hot");
  static final int HOT_GETS = 20_000;

  private Workload() {}

  static void run(BasaltProcess basalt) throws IOException {
    Configuration conf = HBaseConfiguration.create();
    conf.set("hbase.zookeeper.quorum", basalt.zookeeperHost());
    conf.set("hbase.zookeeper.property.clientPort", String.valueOf(basalt.zookeeperPort()));
    try (Connection connection = ConnectionFactory.createConnection(conf); Admin admin = connection.getAdmin()) {
      admin.createNamespace(NamespaceDescriptor.create("shop").build());
      admin.createTable(TableDescriptorBuilder.newBuilder(ORDERS)
          .setColumnFamily(ColumnFamilyDescriptorBuilder.of("d"))
          .setColumnFamily(ColumnFamilyDescriptorBuilder.of(MARKUP_FAMILY))
          .build(), new byte[][] {Bytes.toBytes(MARKUP_KEY), Bytes.toBytes("g"), Bytes.toBytes("n"),
              Bytes.toBytes("t")});
      try (Table orders = connection.getTable(ORDERS)) {
        List<Put> puts = new ArrayList<>();
        for (int i = 0; i < ROWS; i++) {
          puts.add(new Put(row(i)).addColumn(Bytes.toBytes("d"), Bytes.toBytes("amount"), Bytes.toBytes(i)));
        }
        orders.put(puts);
        for (int i = 0; i < READS; i++) {
          orders.get(new Get(row(i)));
        }
      }
      admin.snapshot(SNAPSHOT, ORDERS);
      admin.majorCompact(ORDERS);
      awaitNoCompaction(admin);
      byte[][] eventSplits = new byte[EVENT_REGIONS - 1][];
      for (int i = 1; i < EVENT_REGIONS; i++) {
        eventSplits[i - 1] = Bytes.toBytes(String.format("e%04d", i));
      }
      admin.createTable(TableDescriptorBuilder.newBuilder(EVENTS)
          .setColumnFamily(ColumnFamilyDescriptorBuilder.of("e")).build(), eventSplits);
      for (int i = 0; i < SMALL_TABLES; i++) {
        admin.createTable(TableDescriptorBuilder.newBuilder(TableName.valueOf(String.format("shop:t%03d", i)))
            .setColumnFamily(ColumnFamilyDescriptorBuilder.of("f")).build());
      }
    }
  }

  /** Fills {@link #HOT} evenly, a000 to z399. */
  static void fillHotTable(BasaltProcess basalt) throws IOException {
    try (Connection connection = ConnectionFactory.createConnection(configuration(basalt));
        Admin admin = connection.getAdmin()) {
      admin.createTable(TableDescriptorBuilder.newBuilder(HOT).setColumnFamily(ColumnFamilyDescriptorBuilder.of("h"))
          .build());
      try (Table table = connection.getTable(HOT)) {
        List<Put> puts = new ArrayList<>();
        for (char letter = 'a'; letter <= 'z'; letter++) {
          for (int i = 0; i < 400; i++) {
            puts.add(new Put(Bytes.toBytes(letter + String.format("%03d", i)))
                .addColumn(Bytes.toBytes("h"), Bytes.toBytes("v"), new byte[200]));
          }
        }
        table.put(puts);
      }
    }
  }

  /** Reads the m rows of {@link #HOT} {@code count} times: the hot spot the heatmap must show. */
  static void readHotSpot(BasaltProcess basalt, int count) throws IOException {
    try (Connection connection = ConnectionFactory.createConnection(configuration(basalt));
        Table table = connection.getTable(HOT)) {
      for (int batch = 0; batch < count / 100; batch++) {
        List<Get> gets = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
          gets.add(new Get(Bytes.toBytes("m" + String.format("%03d", (batch * 100 + i) % 400))));
        }
        table.get(gets);
      }
    }
  }

  private static Configuration configuration(BasaltProcess basalt) {
    Configuration conf = HBaseConfiguration.create();
    conf.set("hbase.zookeeper.quorum", basalt.zookeeperHost());
    conf.set("hbase.zookeeper.property.clientPort", String.valueOf(basalt.zookeeperPort()));
    return conf;
  }

  /** Rows spread over the orders' regions: a-order-0000, b-order-0001, ... */
  private static byte[] row(int i) {
    return Bytes.toBytes(String.format("%c-order-%04d", 'a' + i % 26, i));
  }

  /** A compaction runs in the background: the client follows it through the table's compaction state. */
  private static void awaitNoCompaction(Admin admin) throws IOException {
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (admin.getCompactionState(ORDERS) != CompactionState.NONE) {
      if (System.nanoTime() > deadline) {
        throw new IOException("the major compaction of " + ORDERS + " did not end within 60 s");
      }
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
    }
  }
}
