package io.basalt.conformance;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.basalt.conformance.harness.BasaltProcess;
import io.basalt.conformance.harness.BasaltServerExtension;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A second Basalt that joins an existing ZooKeeper quorum (here: the first Basalt's embedded one) under its own
 * znode parent, as an operator would point it at an external ensemble. Clients reach each server through its parent.
 */
class ExternalZooKeeperTest {
  @RegisterExtension
  static final BasaltServerExtension ZOOKEEPER_HOST = new BasaltServerExtension();

  @TempDir
  Path dir;

  @Test
  void publishesUnderItsParentAndWithdrawsOnStop() throws Exception {
    BasaltProcess first = ZOOKEEPER_HOST.process();
    String quorum = first.zookeeperHost() + ":" + first.zookeeperPort();
    Path site = Files.writeString(dir.resolve("site.xml"), """
        <?xml version="1.0"?>
        <configuration>
          <property><name>zookeeper.znode.parent</name><value>/second</value></property>
        </configuration>
        """);
    TableName name = TableName.valueOf("external_zk");
    try (BasaltProcess second = BasaltProcess.start(dir.resolve("data"), "ExternalZooKeeperTest-second",
        "--zookeeper-quorum", quorum, "--config", site.toString())) {
      assertEquals(first.zookeeperPort(), second.zookeeperPort());
      Configuration conf = Clients.zookeeperConfiguration(first);
      conf.set("zookeeper.znode.parent", "/second");
      try (Connection viaSecond = ConnectionFactory.createConnection(conf);
          Connection viaFirst = Clients.connect(first)) {
        assertNotEquals(viaFirst.getClusterId(), viaSecond.getClusterId());
        try (Admin admin = viaSecond.getAdmin()) {
          admin.createTable(TableDescriptorBuilder.newBuilder(name)
              .setColumnFamily(ColumnFamilyDescriptorBuilder.of("f")).build());
        }
        try (Table table = viaSecond.getTable(name)) {
          table.put(new Put(toBytes("r")).addColumn(toBytes("f"), toBytes("q"), toBytes("v")));
          assertArrayEquals(toBytes("v"), table.get(new Get(toBytes("r"))).getValue(toBytes("f"), toBytes("q")));
        }
        try (Admin admin = viaFirst.getAdmin()) {
          assertFalse(admin.tableExists(name), "the first server has its own tables");
        }
      }
      try (ZooKeeper zk = connect(quorum)) {
        assertNotNull(zk.exists("/second/master", false));
        assertEquals(0, second.stop());
        // The master znode is ephemeral: it goes with the stopped server's session.
        assertNull(zk.exists("/second/master", false));
        assertNotNull(zk.exists("/hbase/master", false));
      }
    }
  }

  private static ZooKeeper connect(String quorum) throws IOException, InterruptedException {
    CountDownLatch connected = new CountDownLatch(1);
    ZooKeeper zk = new ZooKeeper(quorum, 30_000, event -> {
      if (event.getState() == Watcher.Event.KeeperState.SyncConnected) {
        connected.countDown();
      }
    });
    if (!connected.await(30, TimeUnit.SECONDS)) {
      zk.close();
      throw new IOException("cannot connect to ZooKeeper at " + quorum);
    }
    return zk;
  }
}
