package io.basalt.benchmarks.runner.servers;

import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Proves a server serves writes the way an application would first notice: a stock client connects, creates a
 * table and has a put acknowledged. Tries again every {@value #RETRY_MILLIS} ms with fast-failing client settings
 * until the deadline, so a server that is ready sooner is seen sooner.
 */
public final class FirstPutProbe {
  private static final long RETRY_MILLIS = 100;
  private static final TableName TABLE = TableName.valueOf("first_put_probe");
  private static final byte[] FAMILY = Bytes.toBytes("f");

  private FirstPutProbe() {}

  /** Client settings for a server's ZooKeeper registry. */
  public static Configuration clientConfiguration(String zookeeperHost, int zookeeperPort) {
    return clientConfiguration(zookeeperHost, zookeeperPort, Map.of());
  }

  /** Client settings for a server's ZooKeeper registry, with {@code extra} (TLS properties, say) on top. */
  public static Configuration clientConfiguration(String zookeeperHost, int zookeeperPort,
      Map<String, String> extra) {
    Configuration conf = HBaseConfiguration.create();
    conf.set("hbase.zookeeper.quorum", zookeeperHost);
    conf.setInt("hbase.zookeeper.property.clientPort", zookeeperPort);
    extra.forEach(conf::set);
    return conf;
  }

  /** Blocks until a put is acknowledged; fails when {@code alive} turns false or the deadline passes. */
  public static void awaitFirstPut(Configuration conf, BooleanSupplier alive, Duration timeout,
      String log) throws IOException, InterruptedException {
    Configuration probing = failingFast(conf);
    long deadline = System.nanoTime() + timeout.toNanos();
    IOException last = null;
    while (System.nanoTime() < deadline) {
      if (!alive.getAsBoolean()) {
        throw new IOException("the server exited while starting; see " + log);
      }
      try {
        putOnce(probing);
        return;
      } catch (IOException e) {
        last = e;
        Thread.sleep(RETRY_MILLIS);
      }
    }
    throw new IOException("no put was acknowledged within " + timeout.toSeconds() + " s; see " + log, last);
  }

  /** The same client settings, giving up after one attempt of at most a few seconds instead of retrying. */
  public static Configuration failingFast(Configuration conf) {
    Configuration probing = new Configuration(conf);
    probing.setInt("hbase.client.retries.number", 1);
    probing.setInt("hbase.client.pause", 50);
    probing.setInt("hbase.client.operation.timeout", 5_000);
    probing.setInt("hbase.rpc.timeout", 5_000);
    probing.setInt("zookeeper.recovery.retry", 0);
    probing.setInt("zookeeper.session.timeout", 5_000);
    return probing;
  }

  private static void putOnce(Configuration conf) throws IOException {
    try (Connection connection = ConnectionFactory.createConnection(conf);
        Admin admin = connection.getAdmin()) {
      if (!admin.tableExists(TABLE)) {
        admin.createTable(TableDescriptorBuilder.newBuilder(TABLE)
            .setColumnFamily(ColumnFamilyDescriptorBuilder.of(FAMILY)).build());
      }
      try (Table table = connection.getTable(TABLE)) {
        table.put(new Put(Bytes.toBytes("first")).addColumn(FAMILY, Bytes.toBytes("q"), Bytes.toBytes("v")));
      }
    }
  }
}
