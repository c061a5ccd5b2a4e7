package io.basalt.conformance.mapreduce;

import io.basalt.conformance.harness.HBaseOracleProcess;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
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
 * Waits for a freshly launched HBase to serve writes. A standalone HBase says nowhere a parent process can read
 * that it is ready; the proof is a table created and a row written, polled once a second.
 */
final class OracleReadiness {
  private static final long TIMEOUT_MILLIS = 180_000;
  private static final TableName PROBE = TableName.valueOf("readiness_probe");

  private OracleReadiness() {}

  /** Returns a client on {@code conf} once HBase has taken a write; fails if HBase exits or the time runs out. */
  static Connection connectWhenReady(HBaseOracleProcess hbase, Configuration conf) throws Exception {
    Configuration probing = new Configuration(conf);
    probing.setInt("hbase.client.retries.number", 2);
    probing.setInt("hbase.client.operation.timeout", 10_000);
    probing.setInt("zookeeper.recovery.retry", 1);
    long deadline = System.currentTimeMillis() + TIMEOUT_MILLIS;
    IOException last = null;
    while (System.currentTimeMillis() < deadline) {
      if (!hbase.isAlive()) {
        throw new IOException("HBase exited while starting; see " + hbase.log());
      }
      try (Connection connection = ConnectionFactory.createConnection(probing);
          Admin admin = connection.getAdmin()) {
        if (!admin.tableExists(PROBE)) {
          admin.createTable(TableDescriptorBuilder.newBuilder(PROBE)
              .setColumnFamily(ColumnFamilyDescriptorBuilder.of("f")).build());
        }
        try (Table table = connection.getTable(PROBE)) {
          table.put(new Put(Bytes.toBytes("probe")).addColumn(Bytes.toBytes("f"), Bytes.toBytes("q"),
              Bytes.toBytes("v")));
        }
        return ConnectionFactory.createConnection(conf);
      } catch (IOException e) {
        last = e;
        // A poll, not a synchronisation: HBase offers nothing to wait on, and each failed probe is quick.
        Thread.sleep(1_000);
      }
    }
    throw new IOException("HBase was not ready within " + TIMEOUT_MILLIS / 1000 + " s; see " + hbase.log(), last);
  }
}
