package io.basalt.conformance.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.BasaltCluster;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.RowMutations;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.mapreduce.replication.VerifyReplication;
import org.apache.hadoop.hbase.replication.ReplicationPeerConfig;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.mapreduce.Job;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Basalt as a replication peer of real HBase 2.6.4: HBase's {@code addReplicationPeer} with Basalt's cluster key,
 * and HBase's own replication source finds Basalt's region server in its ZooKeeper and ships the WAL edits of a
 * table with two replicated families (ReplicateWALEntry). Puts of several versions, every kind of delete, an
 * increment and a row mutation written to HBase afterwards arrive in Basalt with their original timestamps, until
 * every version Basalt reads is HBase's; a family not replicated stays empty on Basalt. HBase's own
 * {@code VerifyReplication} then finds every row of the source alike in Basalt, and a row changed in Basalt alone
 * different. The same edits shipped to a three-node Basalt cluster arrive alike.
 */
class ReplicationFromHBaseTest {
  @RegisterExtension
  static final BasaltAndHBase SERVERS = new BasaltAndHBase();

  @TempDir
  Path work;

  private static final byte[] F = Bytes.toBytes("f");
  private static final byte[] G = Bytes.toBytes("g");
  private static final byte[] LOCAL = Bytes.toBytes("local");
  private static final byte[] Q = Bytes.toBytes("q");
  private static final long DEADLINE_NANOS = 90_000_000_000L;
  /** Between two reads of Basalt's table while the edits travel: the source ships a batch about every second. */
  private static final long POLL_MILLIS = 200;

  @Test
  void hbasesEditsArriveInBasaltAsWritten() throws Exception {
    TableName name = SERVERS.newTable("replicated");
    TableDescriptor descriptor = replicatedTable(name);
    byte[][] splits = {Bytes.toBytes("m")};
    String peer = "basalt_" + name.getNameAsString();
    try (Admin hbaseAdmin = SERVERS.hbase().admin(); Admin basaltAdmin = SERVERS.basalt().admin()) {
      hbaseAdmin.createTable(descriptor, splits);
      basaltAdmin.createTable(descriptor, splits);
      hbaseAdmin.addReplicationPeer(peer, peerOf(clusterKey(), name));
      try (Table hbase = SERVERS.hbase().connection().getTable(name);
          Table basalt = SERVERS.basalt().connection().getTable(name)) {
        List<String> expected = writeAndRead(hbase);
        List<String> arrived = awaitSame(expected, basalt);
        assertEquals(expected, arrived, "HBase's cells (expected) and those replicated to Basalt (actual)");
        assertTrue(arrived.stream().noneMatch(cell -> cell.contains("/local:")), "the local family is not shipped");

        long rows = expected.stream().map(cell -> cell.substring(0, cell.indexOf('/'))).distinct().count();
        assertEquals(List.of(rows, 0L), verifyReplication(name), "VerifyReplication's good and bad rows");
        basalt.put(new Put(Bytes.toBytes("a000")).addColumn(G, Q, 3000, Bytes.toBytes("changed in Basalt")));
        assertEquals(List.of(rows - 1, 1L), verifyReplication(name), "after a row changed in Basalt alone");
      } finally {
        hbaseAdmin.removeReplicationPeer(peer);
      }
    }
  }

  /**
   * A three-node Basalt cluster as the peer: the source ships each batch to whichever node it picked among the
   * cluster's region servers, which writes each tablet's edits through the tablet's leader wherever it is; with
   * six tablets, most are led by other nodes than the one a batch reaches.
   */
  @Test
  void hbasesEditsArriveInABasaltClusterAsWritten() throws Exception {
    TableName name = SERVERS.newTable("replicated_to_cluster");
    TableDescriptor descriptor = replicatedTable(name);
    byte[][] splits = {Bytes.toBytes("e"), Bytes.toBytes("i"), Bytes.toBytes("m"), Bytes.toBytes("q"),
        Bytes.toBytes("u")};
    String peer = "basalt_cluster_" + name.getNameAsString();
    try (BasaltCluster cluster = BasaltCluster.start(work.resolve("cluster"), 3, "replication-cluster");
        Connection basalt = ConnectionFactory.createConnection(clusterClient(cluster));
        Admin hbaseAdmin = SERVERS.hbase().admin(); Admin basaltAdmin = basalt.getAdmin()) {
      hbaseAdmin.createTable(descriptor, splits);
      basaltAdmin.createTable(descriptor, splits);
      // Each node's ZooKeeper with its own port; the client port between them is then not used.
      hbaseAdmin.addReplicationPeer(peer, peerOf(cluster.zookeeperQuorum() + ":2181:/hbase", name));
      try (Table hbase = SERVERS.hbase().connection().getTable(name); Table replica = basalt.getTable(name)) {
        List<String> expected = writeAndRead(hbase);
        assertEquals(expected, awaitSame(expected, replica),
            "HBase's cells (expected) and those replicated to the Basalt cluster (actual)");
      } finally {
        hbaseAdmin.removeReplicationPeer(peer);
      }
    }
  }

  private static TableDescriptor replicatedTable(TableName name) {
    return TableDescriptorBuilder.newBuilder(name)
        .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(F).setMaxVersions(3)
            .setScope(HConstants.REPLICATION_SCOPE_GLOBAL).build())
        .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(G).setScope(HConstants.REPLICATION_SCOPE_GLOBAL)
            .build())
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of(LOCAL))
        .build();
  }

  private static ReplicationPeerConfig peerOf(String clusterKey, TableName table) {
    return ReplicationPeerConfig.newBuilder().setClusterKey(clusterKey).setReplicateAllUserTables(false)
        .setTableCFsMap(Map.of(table, List.of())).build();
  }

  /** Writes to HBase ({@link #write}) and returns every version of its replicated families' cells. */
  private static List<String> writeAndRead(Table hbase) throws IOException {
    write(hbase);
    List<String> expected = cells(hbase, new Scan().addFamily(F).addFamily(G));
    assertTrue(expected.size() > 100, "the source holds " + expected.size() + " cells");
    return expected;
  }

  private static Configuration clusterClient(BasaltCluster cluster) {
    Configuration conf = Server.clientConfiguration(0);
    conf.set("hbase.zookeeper.quorum", cluster.zookeeperQuorum());
    return conf;
  }

  /** Writes of every kind, to both regions and both replicated families, and to the family kept local. */
  private static void write(Table table) throws IOException {
    List<Put> puts = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      byte[] row = Bytes.toBytes(String.format("%c%03d", 'a' + i % 26, i));
      for (long version = 1; version <= 3; version++) {
        puts.add(new Put(row).addColumn(F, Q, version * 1000, Bytes.toBytes("v" + version + "-" + i))
            .addColumn(G, Q, version * 1000, Bytes.toBytes("g" + i)).addColumn(LOCAL, Q, Bytes.toBytes("x")));
      }
    }
    table.put(puts);
    table.delete(new Delete(Bytes.toBytes("a000")).addColumns(F, Q, 2000)); // versions up to 2000
    table.delete(new Delete(Bytes.toBytes("b001")).addColumn(F, Q, 3000)); // one version
    table.delete(new Delete(Bytes.toBytes("c002")).addFamily(G));
    table.delete(new Delete(Bytes.toBytes("n013")));
    table.delete(new Delete(Bytes.toBytes("o014")).addFamilyVersion(F, 1000));
    table.increment(new Increment(Bytes.toBytes("z999")).addColumn(F, Bytes.toBytes("count"), 5));
    table.increment(new Increment(Bytes.toBytes("z999")).addColumn(F, Bytes.toBytes("count"), 7));
    RowMutations both = new RowMutations(Bytes.toBytes("p015"));
    both.add(new Put(Bytes.toBytes("p015")).addColumn(G, Bytes.toBytes("new"), 5000, Bytes.toBytes("n")));
    both.add(new Delete(Bytes.toBytes("p015")).addColumns(F, Q));
    table.mutateRow(both);
  }

  /** Polls Basalt until it reads what HBase read, or the deadline passes; returns what it read last. */
  private static List<String> awaitSame(List<String> expected, Table basalt)
      throws IOException, InterruptedException {
    long deadline = System.nanoTime() + DEADLINE_NANOS;
    List<String> arrived = cells(basalt, new Scan());
    while (!arrived.equals(expected) && System.nanoTime() < deadline) {
      Thread.sleep(POLL_MILLIS);
      arrived = cells(basalt, new Scan());
    }
    return arrived;
  }

  /** Basalt's cluster key, as HBase's add_peer takes it: its ZooKeeper's host, port and parent znode. */
  private static String clusterKey() {
    return SERVERS.basalt().clusterKey();
  }

  /**
   * HBase's VerifyReplication of the table's replicated families from HBase against Basalt (the peer named by its
   * cluster key), in the local job runner: its good and bad rows.
   */
  private List<Long> verifyReplication(TableName name) throws Exception {
    Configuration conf = SERVERS.hbase().jobConfiguration(work.resolve("verify-" + System.nanoTime()));
    Job job = new VerifyReplication().createSubmittableJob(conf, new String[] {"--families=f,g", clusterKey(),
        name.getNameAsString()});
    assertTrue(job.waitForCompletion(false), "VerifyReplication's job succeeded");
    return List.of(job.getCounters().findCounter(VerifyReplication.Verifier.Counters.GOODROWS).getValue(),
        job.getCounters().findCounter(VerifyReplication.Verifier.Counters.BADROWS).getValue());
  }

  /** Every version of every cell the scan reads, as row/family:qualifier@timestamp=value. */
  private static List<String> cells(Table table, Scan scan) throws IOException {
    List<String> cells = new ArrayList<>();
    try (ResultScanner scanner = table.getScanner(scan.readAllVersions())) {
      for (Result result : scanner) {
        for (Cell cell : result.rawCells()) {
          cells.add(Bytes.toString(CellUtil.cloneRow(cell)) + "/" + Bytes.toString(CellUtil.cloneFamily(cell)) + ":"
              + Bytes.toString(CellUtil.cloneQualifier(cell)) + "@" + cell.getTimestamp() + "="
              + Bytes.toStringBinary(CellUtil.cloneValue(cell)));
        }
      }
    }
    return cells;
  }
}
