package io.basalt.conformance.security;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.basalt.conformance.harness.BasaltProcess;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Stock hbase-client 2.6.4 connections configured with the client's own TLS (or Kerberos) properties, and what
 * they do.
 */
final class TlsClients {
  private static final byte[] FAMILY = Bytes.toBytes("f");
  private static final byte[] QUALIFIER = Bytes.toBytes("q");
  private static final AtomicInteger TABLES = new AtomicInteger();

  private TlsClients() {}

  /** A client of {@code basalt} through its ZooKeeper client port, with these TLS properties. */
  static Configuration config(BasaltProcess basalt, Map<String, String> tls) {
    return config(basalt.zookeeperHost(), basalt.zookeeperPort(), tls);
  }

  static Configuration config(String zookeeperHost, int zookeeperPort, Map<String, String> tls) {
    Configuration conf = HBaseConfiguration.create();
    conf.set("hbase.zookeeper.quorum", zookeeperHost);
    conf.setInt("hbase.zookeeper.property.clientPort", zookeeperPort);
    tls.forEach(conf::set);
    return conf;
  }

  /**
   * The same client giving up quickly: a client that cannot connect retries for minutes by default, and what it
   * finally throws is the same after one attempt.
   */
  static Configuration failingFast(Configuration conf) {
    Configuration quick = new Configuration(conf);
    quick.setInt("hbase.client.retries.number", 1);
    quick.setInt("hbase.client.pause", 20);
    quick.setInt("hbase.rpc.timeout", 10_000);
    quick.setInt("hbase.client.operation.timeout", 10_000);
    return quick;
  }

  /** Creates a table, writes a row, reads it back by get and by scan, and drops the table. */
  static void roundTrip(Configuration conf) throws IOException {
    TableName name = TableName.valueOf("tls_" + TABLES.incrementAndGet() + "_" + System.nanoTime());
    byte[] row = Bytes.toBytes("row");
    byte[] value = Bytes.toBytes("value over " + conf.get("hbase.client.netty.tls.enabled", "false"));
    try (Connection connection = ConnectionFactory.createConnection(conf); Admin admin = connection.getAdmin()) {
      admin.createTable(TableDescriptorBuilder.newBuilder(name)
          .setColumnFamily(ColumnFamilyDescriptorBuilder.of(FAMILY)).build());
      try (Table table = connection.getTable(name)) {
        table.put(new Put(row).addColumn(FAMILY, QUALIFIER, value));
        assertArrayEquals(value, table.get(new Get(row)).getValue(FAMILY, QUALIFIER));
        List<Result> scanned = new ArrayList<>();
        try (ResultScanner scanner = table.getScanner(new Scan())) {
          scanner.forEach(scanned::add);
        }
        assertEquals(1, scanned.size());
        assertArrayEquals(value, scanned.get(0).getValue(FAMILY, QUALIFIER));
      }
      admin.disableTable(name);
      admin.deleteTable(name);
    }
  }

  /**
   * Writes a hundred rows of 64 KiB and one of 4 MiB and reads them back by scan and by get: answers and requests
   * that span many packets and cell blocks, for protections that wrap every byte.
   */
  static void largeRoundTrip(Configuration conf) throws IOException {
    TableName name = TableName.valueOf("large_" + TABLES.incrementAndGet() + "_" + System.nanoTime());
    Random random = new Random(name.hashCode());
    try (Connection connection = ConnectionFactory.createConnection(conf); Admin admin = connection.getAdmin()) {
      admin.createTable(TableDescriptorBuilder.newBuilder(name)
          .setColumnFamily(ColumnFamilyDescriptorBuilder.of(FAMILY)).build());
      try (Table table = connection.getTable(name)) {
        List<Put> puts = new ArrayList<>();
        List<byte[]> values = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
          byte[] value = new byte[64 * 1024];
          random.nextBytes(value);
          values.add(value);
          puts.add(new Put(Bytes.toBytes(String.format("row%03d", i))).addColumn(FAMILY, QUALIFIER, value));
        }
        table.put(puts);
        byte[] big = new byte[4 << 20];
        random.nextBytes(big);
        table.put(new Put(Bytes.toBytes("zbig")).addColumn(FAMILY, QUALIFIER, big));
        int index = 0;
        try (ResultScanner scanner = table.getScanner(new Scan().withStopRow(Bytes.toBytes("z")))) {
          for (Result result : scanner) {
            assertArrayEquals(values.get(index++), result.getValue(FAMILY, QUALIFIER));
          }
        }
        assertEquals(values.size(), index);
        assertArrayEquals(big, table.get(new Get(Bytes.toBytes("zbig"))).getValue(FAMILY, QUALIFIER));
      }
      admin.disableTable(name);
      admin.deleteTable(name);
    }
  }

  /** What the client throws when its first call (listing the tables) cannot be made. */
  static IOException refused(Configuration conf) {
    return assertThrows(IOException.class, () -> {
      try (Connection connection = ConnectionFactory.createConnection(failingFast(conf));
          Admin admin = connection.getAdmin()) {
        admin.listTableNames();
      }
    });
  }

  /** The classes and messages of an exception and its causes, one per line, for assertions and failures. */
  static String causes(Throwable thrown) {
    StringBuilder text = new StringBuilder();
    for (Throwable cause = thrown; cause != null; cause = cause.getCause()) {
      text.append(cause.getClass().getName()).append(": ").append(cause.getMessage()).append('\n');
    }
    return text.toString();
  }
}
