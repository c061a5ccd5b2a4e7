package io.basalt.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.BasaltProcess;
import io.basalt.conformance.harness.SiteFileWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.LogEntry;
import org.apache.hadoop.hbase.client.OnlineLogRecord;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.ServerType;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The slow and large log through the stock client's Admin.getLogEntries and clearSlowLogResponses, on a server
 * that keeps it ({@code hbase.regionserver.slowlog.buffer.enabled}) with thresholds every call of this test passes:
 * its puts and gets are there, newest first, with HBase's fields, filtered by table; clearing empties it; a server
 * that keeps none answers with nothing.
 */
class SlowLogTest {
  private static final byte[] F = Bytes.toBytes("f");

  @TempDir
  Path dir;

  @Test
  void slowAndLargeCallsAreListedFilteredAndCleared() throws Exception {
    Path site = SiteFileWriter.write(dir.resolve("slowlog-site.xml"), Map.of(
        "hbase.regionserver.slowlog.buffer.enabled", "true", "hbase.ipc.warn.response.time", "-1",
        "hbase.ipc.warn.response.size", "100"));
    try (BasaltProcess basalt = BasaltProcess.start(dir.resolve("data"), "SlowLogTest", "--config", site.toString());
        Connection connection = ConnectionFactory.createConnection(client(basalt));
        Admin admin = connection.getAdmin()) {
      TableName name = TableName.valueOf("slow_logged");
      admin.createTable(TableDescriptorBuilder.newBuilder(name)
          .setColumnFamily(ColumnFamilyDescriptorBuilder.of(F)).build());
      try (Table table = connection.getTable(name)) {
        table.put(new Put(Bytes.toBytes("small")).addColumn(F, F, Bytes.toBytes("v")));
        table.put(new Put(Bytes.toBytes("big")).addColumn(F, F, new byte[1000]));
        table.get(new Get(Bytes.toBytes("big")));
      }
      Set<ServerName> servers = Set.copyOf(admin.getRegionServers());
      List<LogEntry> large = admin.getLogEntries(servers, "LARGE_LOG", ServerType.REGION_SERVER, 10,
          Map.of("tableName", "slow_logged"));
      assertEquals(1, large.size(), large::toString);
      OnlineLogRecord get = (OnlineLogRecord) large.get(0);
      assertEquals("Get", get.getMethodName());
      assertTrue(get.getParam().startsWith("region= slow_logged,,") && get.getParam().endsWith(", row= big"),
          get.getParam());
      assertTrue(get.getResponseSize() > 1000, get::toString);
      assertEquals("HRegionServer", get.getServerClass());
      assertEquals(System.getProperty("user.name"), get.getUserName());
      assertTrue(get.getClientAddress().startsWith("127.0.0.1:"), get.getClientAddress());
      assertEquals(List.of(), admin.getLogEntries(servers, "SLOW_LOG", ServerType.REGION_SERVER, 10, Map.of()),
          "no call is slow with the time check off");

      assertEquals(List.of(true), admin.clearSlowLogResponses(servers));
      assertTrue(admin.getLogEntries(servers, "LARGE_LOG", ServerType.REGION_SERVER, 10,
          Map.of("tableName", "slow_logged")).isEmpty());
    }
  }

  @Test
  void aServerKeepingNoLogAnswersWithNothing() throws Exception {
    try (BasaltProcess basalt = BasaltProcess.start(dir.resolve("data"), "SlowLogTest-off");
        Connection connection = ConnectionFactory.createConnection(client(basalt));
        Admin admin = connection.getAdmin()) {
      Set<ServerName> servers = Set.copyOf(admin.getRegionServers());
      assertTrue(admin.getLogEntries(servers, "SLOW_LOG", ServerType.REGION_SERVER, 10, Map.of()).isEmpty());
      assertEquals(List.of(false), admin.clearSlowLogResponses(servers));
      assertFalse(admin.getLogEntries(null, "BALANCER_DECISION", ServerType.MASTER, 10, Map.of()).iterator()
          .hasNext());
    }
  }

  private static Configuration client(BasaltProcess basalt) {
    Configuration conf = HBaseConfiguration.create();
    conf.set("hbase.zookeeper.quorum", basalt.zookeeperQuorum());
    return conf;
  }
}
