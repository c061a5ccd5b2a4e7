package io.basalt.conformance.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.OwnCluster;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A node whose clock is off is checked at start against the cluster's (the ZooKeeper ensemble leader's), as HBase's
 * master checks a region server's: one 60 s behind is refused with exit status 1 and a message naming the skew and
 * {@code hbase.master.maxclockskew} (30 s); one 15 s ahead starts with a warning naming
 * {@code hbase.master.warningclockskew} (10 s) and serves. The clocks are moved with the node's
 * {@code basalt.clock.offset.ms}, which shifts the clock its timestamps and its check use.
 */
class ClockSkewTest {
  private static final byte[] FAMILY = Bytes.toBytes("f");
  private static final byte[] QUALIFIER = Bytes.toBytes("q");
  private static final int NODE = 3;

  @RegisterExtension
  final OwnCluster nodes = OwnCluster.perTest("clock");

  @Test
  void aNodeFarOffIsRefusedAndOneSlightlyOffStartsWithAWarning() throws Exception {
    Configuration conf = ClusterClients.configuration(nodes.cluster());
    TableName name = TableName.valueOf("clock");
    try (Connection connection = ConnectionFactory.createConnection(conf);
        Admin admin = connection.getAdmin()) {
      admin.createTable(TableDescriptorBuilder.newBuilder(name)
          .setColumnFamily(ColumnFamilyDescriptorBuilder.of(FAMILY)).build());
      try (Table table = connection.getTable(name)) {
        table.put(new Put(Bytes.toBytes("before")).addColumn(FAMILY, QUALIFIER, Bytes.toBytes("v")));

        nodes.cluster().kill(NODE);
        IOException refused = assertThrows(IOException.class,
            () -> nodes.cluster().restartWith(NODE, "--config", offsetConfig("behind", -60_000).toString()));
        String message = refused.getMessage();
        assertTrue(message.contains("exit status 1"), message);
        Matcher skew = Pattern.compile("clock is (\\d+) ms \\(within \\d+ ms\\) behind the cluster's")
            .matcher(message);
        assertTrue(skew.find() && Math.abs(Long.parseLong(skew.group(1)) - 60_000) < 5_000, message);
        assertTrue(message.contains("hbase.master.maxclockskew allows (30000 ms)"), message);

        nodes.cluster().restartWith(NODE, "--config", offsetConfig("ahead", 15_000).toString());
        assertTrue(nodes.cluster().node(NODE).logLines().stream()
            .anyMatch(line -> line.contains("ahead of the cluster's")
                && line.contains("hbase.master.warningclockskew (10000 ms)")), "warned of the skew");
        table.put(new Put(Bytes.toBytes("after")).addColumn(FAMILY, QUALIFIER, Bytes.toBytes("w")));
        assertArrayEquals(Bytes.toBytes("v"), table.get(new Get(Bytes.toBytes("before"))).getValue(FAMILY, QUALIFIER));
        assertArrayEquals(Bytes.toBytes("w"), table.get(new Get(Bytes.toBytes("after"))).getValue(FAMILY, QUALIFIER));
      }
    }
  }

  private Path offsetConfig(String name, long offsetMillis) throws IOException {
    Path config = nodes.root().resolve(name + ".xml");
    Files.writeString(config, """
        <?xml version="1.0"?>
        <configuration>
          <property><name>basalt.clock.offset.ms</name><value>%d</value></property>
        </configuration>
        """.formatted(offsetMillis));
    return config;
  }
}
