package io.basalt.conformance.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.OwnCluster;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.hbase.DoNotRetryIOException;
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
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Writes against the size of a Raft log entry ({@code basalt.cluster.raft.entry.max.bytes}, 2 MB by default) on a
 * three-node cluster with its default settings, through a stock client: a batch larger than an entry is written
 * whole, a single row larger than one is refused with DoNotRetryIOException and leaves nothing behind, and a node
 * hosts a hundred regions' replicas within the test's -Xmx512m (with Ratis's own 8 MB log buffer per group, some 63
 * groups filled the direct memory that allows and the next group's add stopped the node).
 */
class LargeWritesTest {
  private static final byte[] FAMILY = Bytes.toBytes("f");
  private static final byte[] QUALIFIER = Bytes.toBytes("q");

  @RegisterExtension
  static final OwnCluster NODES = OwnCluster.perClass("large-writes");

  private static Connection connection;

  @BeforeAll
  static void connect() throws Exception {
    connection = ConnectionFactory.createConnection(ClusterClients.configuration(NODES.cluster()));
  }

  @AfterAll
  static void disconnect() throws Exception {
    connection.close();
  }

  @Test
  void aBatchLargerThanAnEntryIsWrittenWhole() throws Exception {
    TableName name = TableName.valueOf("batch");
    create(name, new byte[0][]);
    Random random = new Random(11);
    List<Put> puts = new ArrayList<>();
    List<byte[]> values = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      byte[] value = new byte[100_000]; // 5 MB in one call to one region: three entries or more
      random.nextBytes(value);
      values.add(value);
      puts.add(new Put(Bytes.toBytes(String.format("row-%03d", i))).addColumn(FAMILY, QUALIFIER, value));
    }
    try (Table table = connection.getTable(name)) {
      table.put(puts);
      for (int i = 0; i < puts.size(); i++) {
        assertArrayEquals(values.get(i), table.get(new Get(puts.get(i).getRow())).getValue(FAMILY, QUALIFIER),
            "row " + i);
      }
    }
    ReplicaDigests.awaitSame(NODES.cluster(), regions(), 60_000);
  }

  @Test
  void aRowLargerThanAnEntryIsRefusedAndLeavesNothing() throws Exception {
    TableName name = TableName.valueOf("huge");
    create(name, new byte[0][]);
    byte[] row = Bytes.toBytes("huge-row");
    try (Table table = connection.getTable(name)) {
      // Within HBase's 10 MB cell limit, beyond one entry: half in one family, half in another is still one row.
      Put put = new Put(row).addColumn(FAMILY, QUALIFIER, new byte[1_500_000])
          .addColumn(FAMILY, Bytes.toBytes("q2"), new byte[1_500_000]);
      DoNotRetryIOException refused = assertThrows(DoNotRetryIOException.class, () -> table.put(put));
      assertTrue(refused.getMessage().contains("basalt.cluster.raft.entry.max.bytes"), refused.getMessage());
      assertTrue(table.get(new Get(row)).isEmpty(), "nothing of the refused row was written");
      table.put(new Put(row).addColumn(FAMILY, QUALIFIER, Bytes.toBytes("small")));
      assertArrayEquals(Bytes.toBytes("small"), table.get(new Get(row)).getValue(FAMILY, QUALIFIER));
    }
  }

  @Test
  void aHundredRegionsAreServedOnEveryNode() throws Exception {
    TableName name = TableName.valueOf("many");
    byte[][] splits = new byte[99][];
    for (int i = 1; i < 100; i++) {
      splits[i - 1] = Bytes.toBytes(String.format("r%03d", i));
    }
    create(name, splits);
    try (Table table = connection.getTable(name)) {
      List<Put> puts = new ArrayList<>();
      for (int i = 0; i < 100; i++) {
        puts.add(new Put(Bytes.toBytes(String.format("r%03d-x", i))).addColumn(FAMILY, QUALIFIER, Bytes.toBytes(i)));
      }
      table.put(puts);
      for (int i = 0; i < 100; i++) {
        assertEquals(i, Bytes.toInt(table.get(new Get(puts.get(i).getRow())).getValue(FAMILY, QUALIFIER)));
      }
    }
    for (int node = 1; node <= NODES.cluster().size(); node++) {
      assertTrue(NODES.cluster().node(node).isAlive(), "node " + node + " still runs");
    }
  }

  /** The regions of every table the class created so far: each node holds a replica of each. */
  private static int regions() throws Exception {
    int regions = 0;
    try (Admin admin = connection.getAdmin()) {
      for (TableName table : admin.listTableNames()) {
        regions += admin.getRegions(table).size();
      }
    }
    return regions;
  }

  private static void create(TableName name, byte[][] splits) throws Exception {
    try (Admin admin = connection.getAdmin()) {
      TableDescriptorBuilder table = TableDescriptorBuilder.newBuilder(name)
          .setColumnFamily(ColumnFamilyDescriptorBuilder.of(FAMILY));
      if (splits.length == 0) {
        admin.createTable(table.build());
      } else {
        admin.createTable(table.build(), splits);
      }
    }
  }
}
