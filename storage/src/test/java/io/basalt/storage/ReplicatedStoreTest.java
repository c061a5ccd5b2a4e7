package io.basalt.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.storage.catalog.NewFamily;
import io.basalt.storage.data.Durability;
import io.basalt.storage.data.RowMutation;
import io.basalt.storage.data.TableCursor;
import io.basalt.storage.errors.NotLeaderException;
import io.basalt.storage.errors.StorageException;
import io.basalt.storage.errors.TableExistsException;
import io.basalt.storage.replication.ClusterMembership;
import io.basalt.storage.replication.ClusterSettings;
import io.basalt.storage.replication.RaftSettings;
import io.basalt.storage.transfer.SstTabletTransfer;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three stores in one JVM, each a cluster member with its own Raft server on a loopback port: the catalog and the
 * tablets replicate, only leaders take writes and linearizable reads, a stopped leader is replaced and a restarted
 * member catches up from the log.
 */
class ReplicatedStoreTest {
  private static final byte[] FAMILY_A = bytes("a");
  private static final byte[] FAMILY_B = bytes("b");

  @TempDir
  Path directory;

  private ThreeStores cluster;

  @BeforeEach
  void startCluster() throws Exception {
    cluster = ThreeStores.start(directory, ThreeStores.testRaft(), Duration.ofSeconds(60));
  }

  @AfterEach
  void stopCluster() {
    cluster.close();
  }

  @Test
  void tablesAndWritesReachEveryReplicaThroughTheLeaders() throws Exception {
    cluster.onCatalogLeader(leader -> leader.createTable("t", NewFamily.withDefaults(List.of(FAMILY_A, FAMILY_B)),
        List.of(bytes("m")), Map.of("p", bytes("v"))));
    cluster.awaitTable("t");
    assertThrows(TableExistsException.class, () -> cluster.onCatalogLeader(leader -> leader.createTable("t",
        NewFamily.withDefaults(List.of(FAMILY_A)), List.of(), Map.of())));
    // A request retried after its first attempt created the table (its answer lost with a leader that stepped
    // down) carries the same nonce, and is told it succeeded; another request for the name is refused.
    byte[] nonce = {1, 2, 3};
    Table created = cluster.fromCatalogLeader(leader -> leader.createTable("n",
        NewFamily.withDefaults(List.of(FAMILY_A)), List.of(), Map.of(), nonce));
    assertEquals(created.definition().id(), cluster.fromCatalogLeader(leader -> leader.createTable("n",
        NewFamily.withDefaults(List.of(FAMILY_A)), List.of(), Map.of(), nonce)).definition().id());
    assertThrows(TableExistsException.class, () -> cluster.onCatalogLeader(leader -> leader.createTable("n",
        NewFamily.withDefaults(List.of(FAMILY_A)), List.of(), Map.of(), new byte[] {4})));

    for (String row : List.of("apple", "zebra")) {
      TabletStore leader = cluster.tabletLeader("t", bytes(row));
      leader.table("t").orElseThrow().write(RowMutation.forRow(bytes(row))
          .add(FAMILY_A, bytes("q"), 1, 4, bytes(row + "-a"))
          .add(FAMILY_B, bytes("q"), 1, 4, bytes(row + "-b")).build(), Durability.LOG);
      assertEquals(Map.of(row + "/a/q", row + "-a", row + "/b/q", row + "-b"),
          read(leader, row, true), "read on the leader of " + row);
      for (TabletStore store : cluster.running()) {
        if (store != leader) {
          assertThrows(NotLeaderException.class, () -> read(store, row, true));
          NotLeaderException refused = assertThrows(NotLeaderException.class, () -> store.table("t").orElseThrow()
              .write(RowMutation.forRow(bytes(row)).add(FAMILY_A, bytes("x"), 1, 4, bytes("x")).build(),
                  Durability.LOG));
          assertTrue(refused.leaderNode().isPresent(), refused.getMessage());
        }
        cluster.await(() -> read(store, row, false).size() == 2, row + " replicated to " + store.directory());
      }
    }
  }

  @Test
  void aStoppedLeaderIsReplacedAndCatchesUpWhenRestarted() throws Exception {
    cluster.onCatalogLeader(leader -> leader.createTable("t", NewFamily.withDefaults(List.of(FAMILY_A)), List.of(),
        Map.of()));
    cluster.awaitTable("t");
    TabletStore leader = cluster.tabletLeader("t", bytes("r"));
    write(leader, "r1");
    int stopped = cluster.nodeOf(leader);
    cluster.stop(stopped);

    TabletStore successor = cluster.tabletLeader("t", bytes("r"));
    write(successor, "r2");
    assertEquals(2, read(successor, "r", true).size());

    cluster.start(stopped);
    TabletStore restarted = cluster.store(stopped);
    cluster.await(() -> restarted.table("t").isPresent() && read(restarted, "r", false).size() == 2,
        "node " + stopped + " caught up");
  }

  /**
   * Writes decided elsewhere (an HBase cluster's replicated edits) reach every replica from a node that leads
   * neither tablet they touch, through each tablet's leader, where the same node's own write is refused; written
   * twice, they change nothing.
   */
  @Test
  void aFollowerWritesCellsDecidedElsewhereThroughTheLeaders() throws Exception {
    cluster.onCatalogLeader(leader -> leader.createTable("t", NewFamily.withDefaults(List.of(FAMILY_A)),
        List.of(bytes("m")), Map.of()));
    cluster.awaitTable("t");
    // Two tablets have two leaders at most: one of the three nodes leads neither.
    TabletStore follower = null;
    for (TabletStore store : cluster.running()) {
      if (store != cluster.tabletLeader("t", bytes("a")) && store != cluster.tabletLeader("t", bytes("z"))) {
        follower = store;
      }
    }
    Table table = follower.table("t").orElseThrow();
    List<RowMutation> edits = List.of(
        RowMutation.forRow(bytes("a1")).add(FAMILY_A, bytes("q"), 7, 4, bytes("first")).build(),
        RowMutation.forRow(bytes("z1")).add(FAMILY_A, bytes("q"), 7, 4, bytes("second")).build());
    assertThrows(NotLeaderException.class, () -> table.writeAll(edits.subList(0, 1), Durability.LOG));
    table.writeAtLeaders(edits);
    table.writeAtLeaders(edits);
    for (TabletStore store : cluster.running()) {
      cluster.await(() -> store.table("t").isPresent() && read(store, "a", false).equals(Map.of("a1/a/q", "first"))
          && read(store, "z", false).equals(Map.of("z1/a/q", "second")), "both rows on node "
          + cluster.nodeOf(store));
    }
    cluster.awaitEqualReplicas("t");
  }

  /**
   * A tablet's timestamp floor, which the HBase writer stamps no cell below, follows what every replica applied: a
   * leader whose clock ran 5 s ahead stamped a cell, and the leader elected after it, its clock behind, knows that
   * stamp, and so does a node restarted on its store. A client's own timestamp an hour ahead, past the tolerated
   * clock skew (30 s), does not count.
   */
  @Test
  void aNewLeaderKnowsTheHighestTimestampItsTabletHolds() throws Exception {
    cluster.onCatalogLeader(leader -> leader.createTable("t", NewFamily.withDefaults(List.of(FAMILY_A)), List.of(),
        Map.of()));
    cluster.awaitTable("t");
    TabletStore leader = cluster.tabletLeader("t", bytes("r"));
    long aheadStamp = System.currentTimeMillis() + 5_000;
    long clientStamp = System.currentTimeMillis() + 3_600_000;
    leader.table("t").orElseThrow().write(RowMutation.forRow(bytes("r"))
        .add(FAMILY_A, bytes("q"), aheadStamp, 4, bytes("v"))
        .add(FAMILY_A, bytes("client"), clientStamp, 4, bytes("w")).build(), Durability.LOG);
    for (TabletStore store : cluster.running()) {
      cluster.await(() -> store.table("t").orElseThrow().timestampFloor(bytes("r")) == aheadStamp,
          "the floor applied on " + store.directory());
    }
    cluster.stop(cluster.nodeOf(leader));
    TabletStore successor = cluster.tabletLeader("t", bytes("r"));
    assertEquals(aheadStamp, successor.table("t").orElseThrow().timestampFloor(bytes("r")));

    // Recorded with the cells: a node restarted on a flushed store, which applies none of those entries again,
    // still knows it.
    int restarted = cluster.nodeOf(successor);
    successor.flush();
    cluster.stop(restarted);
    cluster.start(restarted);
    assertEquals(aheadStamp, cluster.store(restarted).table("t").orElseThrow().timestampFloor(bytes("r")));
  }

  @Test
  void aDataDirectoryOfAnotherClusterOrNodeOrOfASingleNodeIsRefused() throws Exception {
    int node = 2;
    Path own = cluster.directory(node);
    cluster.stop(node);
    List<InetSocketAddress> members = cluster.members();
    RaftSettings raft = RaftSettings.defaults();
    StorageException otherCluster = assertThrows(StorageException.class, () -> TabletStore.openReplicated(own,
        StoreOptions.defaults(), new ClusterSettings("another-cluster", new ClusterMembership(node, members), raft),
        new SstTabletTransfer()));
    assertTrue(otherCluster.getMessage().contains("belongs to cluster " + ThreeStores.CLUSTER_ID),
        otherCluster.getMessage());
    StorageException otherNode = assertThrows(StorageException.class, () -> TabletStore.openReplicated(own,
        StoreOptions.defaults(), new ClusterSettings(ThreeStores.CLUSTER_ID, new ClusterMembership(3, members), raft),
        new SstTabletTransfer()));
    assertTrue(otherNode.getMessage().contains("node 2"), otherNode.getMessage());

    Path single = directory.resolve("single");
    try (TabletStore store = TabletStore.open(single, StoreOptions.defaults())) {
      store.createTable("s", NewFamily.withDefaults(List.of(FAMILY_A)), List.of(), Map.of());
    }
    StorageException singleNode = assertThrows(StorageException.class, () -> TabletStore.openReplicated(single,
        StoreOptions.defaults(), new ClusterSettings(ThreeStores.CLUSTER_ID, new ClusterMembership(node, members),
        raft), new SstTabletTransfer()));
    assertTrue(singleNode.getMessage().contains("single node"), singleNode.getMessage());
  }

  private void write(TabletStore store, String row) throws StorageException {
    store.table("t").orElseThrow().write(RowMutation.forRow(bytes(row))
        .add(FAMILY_A, bytes("q"), 1, 4, bytes(row)).build(), Durability.LOG);
  }

  /** Every cell of rows starting with {@code prefix}, as "row/family/qualifier" to value. */
  private static Map<String, String> read(TabletStore store, String prefix, boolean linearizable)
      throws StorageException {
    Map<String, String> cells = new TreeMap<>();
    Table table = store.table("t").orElseThrow();
    try (TableCursor cursor = linearizable
        ? table.openCursor(List.of(), bytes(prefix), bytes(prefix + "\uffff"))
        : table.openSweepCursor(List.of(), io.basalt.storage.data.RowRange.forward(bytes(prefix),
            bytes(prefix + "\uffff")))) {
      while (cursor.nextRow()) {
        while (cursor.nextCell()) {
          cells.put(string(cursor.row()) + "/" + string(cursor.family()) + "/" + string(cursor.qualifier()),
              string(cursor.value()));
        }
      }
    }
    return cells;
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static String string(byte[] b) {
    return new String(b, StandardCharsets.UTF_8);
  }
}
