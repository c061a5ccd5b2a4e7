package io.basalt.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.storage.data.RowMutation;
import io.basalt.storage.data.RowRange;
import io.basalt.storage.data.TableCursor;
import io.basalt.storage.errors.SnapshotExistsException;
import io.basalt.storage.errors.StorageException;
import io.basalt.storage.errors.TableExistsException;
import io.basalt.storage.errors.UnknownSnapshotException;
import io.basalt.storage.snapshotfiles.TableSnapshot;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.ratis.protocol.RaftGroupId;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Snapshots in cluster mode: each tablet's replicas write the same rows at one point of its log, one catalog entry
 * records the snapshot on every node, and a table cloned or restored from it holds those rows on every replica; a
 * node without its copy's rows (away when it was taken) installs the tablets from a node that has them.
 */
class ReplicatedSnapshotsTest {
  private static final byte[] A = bytes("a");
  private static final byte[] B = bytes("b");

  @TempDir
  Path directory;

  private ThreeStores cluster;

  @BeforeEach
  void startCluster() throws Exception {
    cluster = ThreeStores.start(directory, ThreeStores.testRaft(), Duration.ofSeconds(60));
    cluster.createTable("t", List.of(A, B), List.of(bytes("m")));
  }

  @AfterEach
  void stopCluster() {
    cluster.close();
  }

  @Test
  void aSnapshotIsTheSameRowsOnEveryNodeAndClonesAndRestoresFromThem() throws Exception {
    put("apple", "1");
    put("zebra", "2");
    TableSnapshot taken = cluster.fromCatalogLeader(leader -> leader.snapshots().create("t", "s1",
        Map.of("k", bytes("v"))));
    assertEquals("t", taken.table().name());
    put("apple", "3");
    put("mango", "4");
    for (TabletStore store : cluster.running()) {
      cluster.await(() -> store.snapshots().list().stream().map(TableSnapshot::name).toList().equals(List.of("s1")),
          "s1 listed on " + store.directory());
      // Each node's copy has both tablets' rows (a part its replica writes late joins the copy then).
      cluster.await(() -> {
        Path copy = store.snapshots().directory().locate("s1").orElseThrow();
        return Files.isDirectory(copy.resolve("t0")) && Files.isDirectory(copy.resolve("t1"));
      }, "both tablets in the copy on " + store.directory());
    }
    assertThrows(SnapshotExistsException.class,
        () -> cluster.fromCatalogLeader(leader -> leader.snapshots().create("t", "s1", Map.of())));

    byte[] nonce = bytes("clone-request-1");
    Table clone = cluster.fromCatalogLeader(leader -> leader.snapshots().cloneTo("s1", "c", Map.of(), nonce));
    // A retry of the same request (after a change of catalog leader lost the answer) gets the clone; another
    // request is refused.
    assertEquals(clone.definition().id(), cluster.fromCatalogLeader(leader -> leader.snapshots().cloneTo("s1", "c",
        Map.of(), nonce)).definition().id());
    assertThrows(TableExistsException.class,
        () -> cluster.fromCatalogLeader(leader -> leader.snapshots().cloneTo("s1", "c", Map.of(), bytes("other"))));
    cluster.awaitTable("c");
    cluster.awaitEqualReplicas("c");
    for (TabletStore store : cluster.running()) {
      assertEquals(Map.of("apple/a", "1", "apple/b", "1", "zebra/a", "2", "zebra/b", "2"), cells(store, "c"),
          "the clone on " + store.directory());
      assertEquals(0, store.replication().tabletInstalls(), "no install on " + store.directory());
    }
    cluster.writeThroughLeader("c", List.of(row("apple", "5")));
    cluster.awaitEqualReplicas("c");

    cluster.fromCatalogLeader(leader -> leader.snapshots().restore("s1", "t", Map.of()));
    cluster.awaitTable("t");
    cluster.awaitEqualReplicas("t");
    for (TabletStore store : cluster.running()) {
      assertEquals(Map.of("apple/a", "1", "apple/b", "1", "zebra/a", "2", "zebra/b", "2"), cells(store, "t"),
          "the restored table on " + store.directory());
    }
    put("mango", "6");
    cluster.awaitEqualReplicas("t");

    cluster.onCatalogLeader(leader -> leader.snapshots().delete("s1"));
    for (TabletStore store : cluster.running()) {
      cluster.await(() -> store.snapshots().list().isEmpty() && store.snapshots().directory().locate("s1").isEmpty(),
          "s1 gone from " + store.directory());
    }
    assertThrows(UnknownSnapshotException.class,
        () -> cluster.fromCatalogLeader(leader -> leader.snapshots().cloneTo("s1", "d", Map.of())));
    assertEquals(Map.of("apple/a", "5", "apple/b", "5", "zebra/a", "2", "zebra/b", "2"),
        cells(cluster.store(1), "c"), "the clone keeps its rows");
  }

  @Test
  void aNodeAwayWhenASnapshotWasTakenWritesItsPartsAsItCatchesUp() throws Exception {
    put("apple", "1");
    int away = cluster.nodeOf(cluster.awaitCatalogLeader()) == 3 ? 2 : 3;
    cluster.stop(away);
    cluster.fromCatalogLeader(leader -> leader.snapshots().create("t", "s1", Map.of()));
    put("apple", "2");
    cluster.start(away);
    // Its tablets apply the part entries from their logs, and the catalog entry then finds the parts.
    Path[] copy = new Path[1];
    cluster.await(() -> {
      copy[0] = cluster.store(away).snapshots().directory().locate("s1").orElse(null);
      return copy[0] != null && Files.isDirectory(copy[0].resolve("t0")) && Files.isDirectory(copy[0].resolve("t1"));
    }, "the copy of s1 on node " + away);
  }

  @Test
  void aNodeWhoseCopyLacksTabletsInstallsThemInATableClonedFromIt() throws Exception {
    put("apple", "1");
    put("zebra", "2");
    cluster.fromCatalogLeader(leader -> leader.snapshots().create("t", "s1", Map.of()));
    int bare = cluster.nodeOf(cluster.awaitCatalogLeader()) == 3 ? 2 : 3;
    // As on a node that installed the catalog after its disk was wiped: the snapshot recorded, its rows not there.
    cluster.await(() -> cluster.store(bare).snapshots().directory().locate("s1").isPresent(),
        "the copy of s1 on node " + bare);
    Path copy = cluster.store(bare).snapshots().directory().locate("s1").orElseThrow();
    ThreeStores.deleteTree(copy.resolve("t0"));
    ThreeStores.deleteTree(copy.resolve("t1"));
    cluster.fromCatalogLeader(leader -> leader.snapshots().cloneTo("s1", "c", Map.of()));
    cluster.awaitTable("c");
    cluster.awaitEqualReplicas("c");
    assertEquals(Map.of("apple/a", "1", "apple/b", "1", "zebra/a", "2", "zebra/b", "2"),
        cells(cluster.store(bare), "c"));
    // An install is counted once its tablet serves, so the count may trail the rows by a moment.
    cluster.await(() -> cluster.store(bare).replication().tabletInstalls() >= 2,
        "both tablets installed on node " + bare);
    assertEquals(2, cluster.store(bare).replication().tabletInstalls(), "both tablets installed on node " + bare);
  }

  @Test
  void partsOfASnapshotThatNeverCompletedAreRemovedWhenTheNextOneDoes() throws Exception {
    put("apple", "1");
    Map<TabletStore, Path[]> left = new HashMap<>();
    for (TabletStore store : cluster.running()) {
      SnapshotParts parts = store.replication().snapshots().parts();
      // As a snapshot whose master died after its tablets wrote their parts leaves them: one long ago, one just now.
      Path stale = parts.part("failed-long-ago", RaftGroupId.randomId());
      Path recent = parts.part("in-progress", RaftGroupId.randomId());
      Files.createDirectories(stale);
      Files.createDirectories(recent);
      Files.setLastModifiedTime(stale.getParent(), FileTime.from(Instant.now().minus(Duration.ofHours(2))));
      left.put(store, new Path[] {stale.getParent(), recent.getParent()});
    }
    cluster.fromCatalogLeader(leader -> leader.snapshots().create("t", "s1", Map.of()));
    for (TabletStore store : cluster.running()) {
      cluster.await(() -> !Files.exists(left.get(store)[0]), "the stale parts gone from " + store.directory());
      assertTrue(Files.isDirectory(left.get(store)[1]), "the recent parts kept on " + store.directory());
    }
  }

  private void put(String row, String value) throws Exception {
    cluster.writeThroughLeader("t", List.of(row(row, value)));
  }

  static RowMutation row(String row, String value) {
    return RowMutation.forRow(bytes(row)).add(A, bytes("q"), 1, 4, bytes(value)).add(B, bytes("q"), 1, 4,
        bytes(value)).build();
  }

  /** Every family's newest value of each row, as "row/family". */
  static Map<String, String> cells(TabletStore store, String table) throws StorageException {
    Map<String, String> cells = new TreeMap<>();
    try (TableCursor cursor = store.table(table).orElseThrow().openSweepCursor(List.of(),
        RowRange.forward(new byte[0], new byte[0]))) {
      while (cursor.nextRow()) {
        String row = new String(cursor.row(), StandardCharsets.UTF_8);
        while (cursor.nextCell()) {
          String cell = row + "/" + new String(cursor.family(), StandardCharsets.UTF_8);
          cells.putIfAbsent(cell, new String(cursor.value(), StandardCharsets.UTF_8));
        }
      }
    }
    return cells;
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
