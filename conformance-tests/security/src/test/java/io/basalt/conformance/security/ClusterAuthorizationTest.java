package io.basalt.conformance.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.BasaltCluster;
import io.basalt.conformance.harness.SiteFileWriter;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.security.AccessDeniedException;
import org.apache.hadoop.hbase.security.User;
import org.apache.hadoop.hbase.security.access.AccessControlClient;
import org.apache.hadoop.hbase.security.access.Permission;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.security.UserGroupInformation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Permissions in a three-node cluster: the grants live in the replicated catalog, so a grant made through the
 * active master reaches the regions every node serves, and outlives that master: after it is killed, its successor
 * enforces the same grants and takes a revoke, which the killed node, restarted, follows too. Other nodes apply a
 * change a moment after the master answers it (as HBase's servers learn of one through ZooKeeper), so each check
 * waits a bounded while for it.
 */
class ClusterAuthorizationTest {
  private static final byte[] F = Bytes.toBytes("f");
  private static final byte[] Q = Bytes.toBytes("q");
  private static final long SETTLE_MILLIS = 60_000;

  @TempDir
  Path dir;

  @Test
  void grantsReachEveryNodeAndOutliveTheMaster() throws Throwable {
    Path site = SiteFileWriter.write(dir.resolve("authorization-site.xml"), Map.of(
        "hbase.security.authorization", "true", "hadoop.user.group.static.mapping.overrides", "bob=;"));
    TableName name = TableName.valueOf("spread");
    try (BasaltCluster cluster = BasaltCluster.start(dir.resolve("cluster"), 3, "authorization-cluster",
        "--config", site.toString())) {
      Configuration conf = TlsClients.config(cluster.node(1).zookeeperHost(), 0, Map.of());
      conf.set("hbase.zookeeper.quorum", cluster.zookeeperQuorum());
      try (Connection admin = ConnectionFactory.createConnection(conf);
          Connection bob = ConnectionFactory.createConnection(conf,
              User.create(UserGroupInformation.createRemoteUser("bob")))) {
        admin.getAdmin().createTable(TableDescriptorBuilder.newBuilder(name)
            .setColumnFamily(ColumnFamilyDescriptorBuilder.of(F)).build(),
            new byte[][] {Bytes.toBytes("g"), Bytes.toBytes("n"), Bytes.toBytes("t")});
        try (Table table = admin.getTable(name)) {
          for (String row : new String[] {"a", "h", "o", "u"}) {
            table.put(new Put(Bytes.toBytes(row)).addColumn(F, Q, Bytes.toBytes(row)));
          }
        }
        assertEquals("denied", rowsBobSees(bob, name));

        AccessControlClient.grant(admin, name, "bob", null, null, Permission.Action.READ);
        assertEquals("4", settle(bob, name, "4"), "every region's node lets bob read once it has the grant");

        Admin clusterAdmin = admin.getAdmin();
        int master = cluster.nodeWithRpcPort(clusterAdmin.getClusterMetrics().getMasterName().getPort());
        cluster.kill(master);
        assertEquals("4", settle(bob, name, "4"), "the grant outlives the master that took it");

        AccessControlClient.revoke(admin, name, "bob", null, null);
        assertEquals("denied", settle(bob, name, "denied"), "the new master's revoke reaches every node");
        cluster.restart(master);
        assertTrue(cluster.node(master).isAlive());
        assertEquals("denied", settle(bob, name, "denied"), "the restarted node follows the revoke");
      }
    }
  }

  /** The rows bob can scan, or "denied". */
  private static String rowsBobSees(Connection bob, TableName name) throws Exception {
    try (Table table = bob.getTable(name); ResultScanner scanner = table.getScanner(new Scan())) {
      int rows = 0;
      for (Result ignored : scanner) {
        rows++;
      }
      return Integer.toString(rows);
    } catch (Exception e) {
      for (Throwable cause = e; cause != null; cause = cause.getCause()) {
        if (cause instanceof AccessDeniedException) {
          return "denied";
        }
      }
      return "failed: " + TlsClients.causes(e);
    }
  }

  /** Asks until bob's scan answers {@code expected}, a bounded while; the last answer. */
  private static String settle(Connection bob, TableName name, String expected) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(SETTLE_MILLIS);
    String seen = rowsBobSees(bob, name);
    while (!seen.equals(expected) && System.nanoTime() < deadline) {
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(100));
      seen = rowsBobSees(bob, name);
    }
    return seen;
  }
}
