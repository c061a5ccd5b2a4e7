package io.basalt.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.storage.catalog.TableDefinition;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.ratis.protocol.RaftGroupId;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A replica that starts a tablet with none of its rows where other members hold them (here a cloned tablet its
 * node's copy of the snapshot lacks) stays out of elections until it has installed them, also across a restart of
 * its node: two such replicas would otherwise elect each other and lead the tablet without its rows.
 */
class ReplicaAwaitingInstallTest {
  @TempDir
  Path directory;

  private ThreeStores cluster;

  @BeforeEach
  void startCluster() throws Exception {
    // A clone waits for its tablets' leaders up to the request timeout, and here one tablet has none for a while.
    cluster = ThreeStores.start(directory, ThreeStores.testRaft().withRequestTimeout(Duration.ofSeconds(3)),
        Duration.ofSeconds(60));
    cluster.createTable("t", List.of(bytes("a"), bytes("b")), List.of(bytes("m")));
  }

  @AfterEach
  void stopCluster() {
    cluster.close();
  }

  @Test
  void onlyANodeHoldingAClonedTabletLeadsIt() throws Exception {
    cluster.writeThroughLeader("t", List.of(ReplicatedSnapshotsTest.row("apple", "1")));
    cluster.writeThroughLeader("t", List.of(ReplicatedSnapshotsTest.row("zebra", "2")));
    cluster.fromCatalogLeader(leader -> leader.snapshots().create("t", "s1", Map.of()));
    // Tablet t1 of the snapshot gone from the copies of nodes 2 and 3, and node 1, the only one holding it, away
    // while the table is cloned: nodes 2 and 3 must not elect each other to lead the clone's tablet without its rows,
    // before or after a restart, and install it once node 1 is back.
    for (int node = 2; node <= 3; node++) {
      TabletStore store = cluster.store(node);
      cluster.await(() -> store.snapshots().directory().locate("s1").isPresent(), "the copy of s1 on node " + node);
      ThreeStores.deleteTree(store.snapshots().directory().locate("s1").orElseThrow().resolve("t1"));
    }
    cluster.await(() -> cluster.store(1).snapshots().directory().locate("s1").isPresent(), "the copy on node 1");
    cluster.stop(1);
    cluster.fromCatalogLeader(leader -> leader.snapshots().cloneTo("s1", "c", Map.of()));
    cluster.awaitTable("c");
    TableDefinition clone = cluster.store(2).table("c").orElseThrow().definition();
    RaftGroupId loaded = cluster.store(2).replication().groupOf(clone.id(), clone.tablets().get(0));
    RaftGroupId bare = cluster.store(2).replication().groupOf(clone.id(), clone.tablets().get(1));
    for (TabletStore store : cluster.running()) {
      cluster.await(() -> store.replication().node().keptOutOfElections(bare), "the replica of the bare tablet on "
          + store.directory() + " kept out of elections");
      assertFalse(store.replication().node().keptOutOfElections(loaded));
    }
    cluster.stop(2);
    cluster.start(2);
    assertTrue(cluster.store(2).replication().node().keptOutOfElections(bare),
        "the bare tablet's replica kept out of elections after its node restarted");
    assertEquals(0, cluster.store(2).replication().node().leaderNode(bare));
    assertEquals(0, cluster.store(3).replication().node().leaderNode(bare));

    cluster.start(1);
    cluster.awaitTable("c");
    assertEquals(1, cluster.nodeOf(cluster.tabletLeader("c", bytes("zebra"))), "the bare tablet's leader");
    cluster.awaitEqualReplicas("c");
    for (TabletStore store : cluster.running()) {
      assertEquals(Map.of("apple/a", "1", "apple/b", "1", "zebra/a", "2", "zebra/b", "2"),
          ReplicatedSnapshotsTest.cells(store, "c"), "the clone on " + store.directory());
      // The installed rows are visible a moment before the replica asks Ratis to let it stand again.
      cluster.await(() -> !store.replication().node().keptOutOfElections(bare), "the replica of the bare tablet on "
          + store.directory() + " standing for leader again after its install");
    }
    assertEquals(0, cluster.store(1).replication().tabletInstalls(), "installs on node 1, which held the tablet");
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
