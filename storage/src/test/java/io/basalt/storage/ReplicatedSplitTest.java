package io.basalt.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.storage.catalog.TableDefinition;
import io.basalt.storage.catalog.TabletDefinition;
import io.basalt.storage.data.RowMutation;
import io.basalt.storage.data.RowRange;
import io.basalt.storage.data.TableCursor;
import io.basalt.storage.errors.NotLeaderException;
import io.basalt.storage.errors.StorageException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Splits and merges in cluster mode: the replaced tablets' groups are fenced, one catalog entry replaces them, and
 * the successors' groups start on every member from the rows each already holds (no row moves), or, on a member
 * that was away, by installing them from their leaders. A split a master left half done is completed by the
 * catalog's leader.
 */
class ReplicatedSplitTest {
  private static final byte[] A = bytes("a");

  @TempDir
  Path directory;

  private ThreeStores cluster;

  @BeforeEach
  void startCluster() throws Exception {
    cluster = ThreeStores.start(directory, ThreeStores.testRaft(), Duration.ofSeconds(60));
    cluster.createTable("t", List.of(A), List.of());
  }

  @AfterEach
  void stopCluster() {
    cluster.close();
  }

  @Test
  void aSplitAndAMergeReplaceTheTabletsOnEveryMemberWithTheirRows() throws Exception {
    putRows("r", 0, 100);
    TabletDefinition parent = tablets(cluster.store(1)).get(0);
    TabletStore parentLeader = cluster.tabletLeader("t", bytes("r000"));
    List<TabletDefinition> daughters = cluster.fromCatalogLeader(leader -> leader.tablets().split("t", parent,
        bytes("r050")));
    cluster.awaitEqualReplicas("t");
    for (TabletStore store : cluster.running()) {
      assertEquals(daughters, tablets(store), "the daughters on " + store.directory());
      assertEquals(100, countRows(store));
      // The catalog's group and the daughters'; the parent's is gone.
      cluster.await(() -> store.replication().node().groups().size() == 3, "the parent's group removed on "
          + store.directory());
    }
    // The parent's leader applied the fence before answering it, so before the catalog entry was even submitted: it
    // starts the daughters from the rows it holds. A follower applies the catalog entry and the fence in either order
    // (two logs) and, where the catalog entry comes first, installs the daughters from their leaders by design.
    assertEquals(0, parentLeader.replication().tabletInstalls(), "no install on the parent's leader "
        + parentLeader.directory());
    putRows("r", 100, 120);
    putRows("a", 0, 10);
    cluster.awaitEqualReplicas("t");

    TabletDefinition merged = cluster.fromCatalogLeader(leader -> leader.tablets().merge("t", daughters));
    cluster.awaitEqualReplicas("t");
    putRows("z", 0, 10);
    cluster.awaitEqualReplicas("t");
    for (TabletStore store : cluster.running()) {
      assertEquals(List.of(merged), tablets(store));
      assertEquals(140, countRows(store));
    }
  }

  @Test
  void aMemberAwayDuringASplitInstallsTheDaughters() throws Exception {
    putRows("r", 0, 100);
    int away = cluster.nodeOf(cluster.awaitCatalogLeader()) == 3 ? 2 : 3;
    cluster.stop(away);
    putRows("r", 100, 200);
    TabletDefinition parent = tablets(cluster.running().get(0)).get(0);
    cluster.fromCatalogLeader(leader -> leader.tablets().split("t", parent, bytes("r100")));
    putRows("s", 0, 50);
    cluster.start(away);
    cluster.awaitTable("t");
    cluster.awaitEqualReplicas("t");
    assertEquals(250, countRows(cluster.store(away)));
  }

  @Test
  void aSplitLeftHalfDoneIsCompletedAndWritesToTheFencedTabletAreRefused() throws Exception {
    putRows("r", 0, 10);
    TabletStore leader = cluster.awaitCatalogLeader();
    TableDefinition table = leader.table("t").orElseThrow().definition();
    TabletDefinition parent = table.tablets().get(0);
    List<TabletDefinition> daughters = List.of(new TabletDefinition(parent.id() + 1, parent.startRow(),
        bytes("r005")), new TabletDefinition(parent.id() + 1, bytes("r005"), parent.endRow()));
    // A master that fenced the tablet and died before the catalog entry: the fence alone.
    TabletEntries.Fence change = new TabletEntries.Fence(table.id(), List.of(parent), daughters, false);
    leader.replication().node().submitThroughLeader(leader.replication().groupOf(table.id(), parent),
        TabletEntries.encodeFence(change), "fencing the tablet");
    for (TabletStore store : cluster.running()) {
      cluster.await(() -> tablets(store).equals(daughters), "the split completed on " + store.directory());
    }
    putRows("r", 10, 20);
    cluster.awaitEqualReplicas("t");
    assertEquals(20, countRows(cluster.store(1)));

    // A write a writer decided against the parent, after its fence: refused, so the writer looks again.
    TabletStore writer = cluster.tabletLeader("t", bytes("r001"));
    TableDefinition old = table;
    assertThrows(NotLeaderException.class, () -> writer.replication().tabletRequests().write(old,
        List.of(row("r001")), new byte[0]));
  }

  private void putRows(String prefix, int from, int to) throws Exception {
    for (int i = from; i < to; i++) {
      cluster.writeThroughLeader("t", List.of(row(String.format("%s%03d", prefix, i))));
    }
  }

  private static RowMutation row(String row) {
    return RowMutation.forRow(bytes(row)).add(A, bytes("q"), 1, 4, bytes(row)).build();
  }

  private static List<TabletDefinition> tablets(TabletStore store) {
    return store.table("t").orElseThrow().definition().tablets();
  }

  private static int countRows(TabletStore store) throws StorageException {
    int rows = 0;
    try (TableCursor cursor = store.table("t").orElseThrow().openSweepCursor(List.of(),
        RowRange.forward(new byte[0], new byte[0]))) {
      while (cursor.nextRow()) {
        rows++;
      }
    }
    return rows;
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
