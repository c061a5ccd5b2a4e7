package io.basalt.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.storage.catalog.FamilyDefinition;
import io.basalt.storage.catalog.FamilyOptions;
import io.basalt.storage.catalog.NewFamily;
import io.basalt.storage.catalog.TableDefinition;
import io.basalt.storage.catalog.TabletDefinition;
import io.basalt.storage.data.RowMutation;
import io.basalt.storage.data.RowRange;
import io.basalt.storage.data.TableCursor;
import io.basalt.storage.errors.StorageException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteOptions;

/**
 * Altering and truncating a table in cluster mode: one catalog entry changes the table the same way on every
 * replica (families added empty, moved with their cells when their options change, dropped with their cells; a
 * truncate empties every family and gives the table new tablets, and groups), and a write decided before a family
 * was dropped and added again never reaches the new family on any replica. The flush a schema change makes is judged
 * from one node's memtables, once they hold every acknowledged write, and then made on every replica.
 */
class ReplicatedSchemaChangeTest {
  private static final byte[] A = bytes("a");
  private static final byte[] B = bytes("b");

  @TempDir
  Path directory;

  private ThreeStores cluster;

  @BeforeEach
  void startCluster() throws Exception {
    cluster = ThreeStores.start(directory, ThreeStores.testRaft(), Duration.ofSeconds(60));
    cluster.createTable("t", List.of(A), List.of(bytes("m")));
  }

  @AfterEach
  void stopCluster() {
    cluster.close();
  }

  @Test
  void anAlterAddsMovesAndDropsFamiliesOnEveryReplica() throws Exception {
    put("apple", A, "1");
    FamilyOptions compressed = new FamilyOptions(FamilyOptions.Compression.ZSTD, FamilyOptions.Bloom.KEY, 16 * 1024,
        true, false);
    cluster.onCatalogLeader(leader -> leader.alterTable("t", NewFamily.withDefaults(List.of(B)), List.of(),
        List.of(new NewFamily(A, compressed)), Map.of("p", bytes("v"))));
    cluster.awaitEqualReplicas("t");
    put("apple", B, "2");
    put("zebra", A, "3");
    cluster.awaitEqualReplicas("t");
    for (TabletStore store : cluster.running()) {
      TableDefinition definition = store.table("t").orElseThrow().definition();
      assertEquals(compressed, family(definition, A).options(), "a's new options on " + store.directory());
      assertEquals("v", new String(definition.properties().get("p"), StandardCharsets.UTF_8));
      assertEquals(Map.of("apple/a", "1", "apple/b", "2", "zebra/a", "3"), cells(store));
    }

    cluster.onCatalogLeader(leader -> leader.alterTable("t", List.of(), List.of(B), List.of(), Map.of()));
    cluster.onCatalogLeader(leader -> leader.alterTable("t", NewFamily.withDefaults(List.of(B)), List.of(),
        List.of(), Map.of()));
    cluster.awaitEqualReplicas("t");
    long createdAgain = family(cluster.store(1).table("t").orElseThrow().definition(), B).createdAt();
    for (TabletStore store : cluster.running()) {
      assertEquals(Map.of("apple/a", "1", "zebra/a", "3"), cells(store), "b empty again on " + store.directory());
      assertEquals(createdAgain, family(store.table("t").orElseThrow().definition(), B).createdAt());
    }
  }

  @Test
  void aWriteDecidedBeforeAFamilyWasAddedAgainDoesNotReachIt() throws Exception {
    cluster.onCatalogLeader(leader -> leader.alterTable("t", NewFamily.withDefaults(List.of(B)), List.of(),
        List.of(), Map.of()));
    cluster.awaitTable("t");
    long firstB = cluster.fromCatalogLeader(leader -> family(leader.table("t").orElseThrow().definition(), B)
        .createdAt());
    cluster.onCatalogLeader(leader -> leader.alterTable("t", List.of(), List.of(B), List.of(), Map.of()));
    cluster.onCatalogLeader(leader -> leader.alterTable("t", NewFamily.withDefaults(List.of(B)), List.of(),
        List.of(), Map.of()));
    cluster.awaitEqualReplicas("t");
    // What a replica does with an entry a leader decided while b was first there, reaching it only now: the cells
    // for b are left out (on the replicas that applied it in time, the drop deleted them), those for a are kept.
    for (TabletStore store : cluster.running()) {
      Table table = store.table("t").orElseThrow();
      assertNotEquals(firstB, family(table.definition(), B).createdAt());
      try (WriteBatch batch = new WriteBatch(); WriteOptions options = new WriteOptions().setDisableWAL(true)) {
        table.applyReplicated(List.of(RowMutation.forRow(bytes("late")).add(A, bytes("q"), 1, 4, bytes("x"))
            .add(B, bytes("q"), 1, 4, bytes("y")).build()), firstB, batch, options);
      }
      assertEquals(Map.of("late/a", "x"), cells(store), "on " + store.directory());
    }
  }

  @Test
  void aTruncateEmptiesEveryReplicaAndGivesTheTableNewTablets() throws Exception {
    put("apple", A, "1");
    put("zebra", A, "2");
    List<TabletDefinition> before = cluster.store(1).table("t").orElseThrow().definition().tablets();
    cluster.onCatalogLeader(leader -> leader.truncateTable("t", List.of(bytes("m")), Map.of()));
    cluster.awaitEqualReplicas("t");
    for (TabletStore store : cluster.running()) {
      List<TabletDefinition> after = store.table("t").orElseThrow().definition().tablets();
      assertEquals(2, after.size());
      assertTrue(after.stream().noneMatch(before::contains), "new tablet ids on " + store.directory());
      assertEquals(Map.of(), cells(store), "empty on " + store.directory());
    }
    put("apple", A, "3");
    put("zebra", A, "4");
    cluster.awaitEqualReplicas("t");
    for (TabletStore store : cluster.running()) {
      assertEquals(Map.of("apple/a", "3", "zebra/a", "4"), cells(store));
      // The catalog's group and the two new tablets' groups; the old tablets' went with them.
      cluster.await(() -> store.replication().node().groups().size() == 3, "old groups removed on "
          + store.directory());
    }
  }

  @Test
  void aChangeRetriedWithItsNoteIsMadeOnce() throws Exception {
    byte[] note = {4, 2};
    cluster.onCatalogLeader(leader -> leader.truncateTable("t", List.of(), Map.of(), note));
    put("apple", A, "1");
    // A master retrying the request after a change of catalog leader: told it succeeded, and nothing is truncated.
    for (TabletStore store : cluster.running()) {
      cluster.await(() -> store.cluster().catalogNoteApplied(note), "the truncate's note on " + store.directory());
    }
    cluster.onCatalogLeader(leader -> leader.truncateTable("t", List.of(), Map.of(), note));
    cluster.awaitEqualReplicas("t");
    for (TabletStore store : cluster.running()) {
      assertEquals(Map.of("apple/a", "1"), cells(store));
    }
    byte[] dropNote = {4, 3};
    cluster.onCatalogLeader(leader -> leader.dropTable("t", dropNote));
    for (TabletStore store : cluster.running()) {
      cluster.await(() -> store.cluster().catalogNoteApplied(dropNote) && store.table("t").isEmpty(),
          "the drop and its note on " + store.directory());
    }
  }

  @Test
  void rowsErasedOrWrittenFromAnyNodeReachEveryReplicaThroughTheLeaders() throws Exception {
    put("apple", A, "1");
    put("kiwi", A, "2");
    put("zebra", A, "3");
    cluster.awaitEqualReplicas("t");
    // From a node that leads neither tablet (if there is one): a region's truncation, as the master makes it.
    TabletStore follower = cluster.running().stream().filter(store -> !leads(store, "apple") && !leads(store, "zebra"))
        .findFirst().orElse(cluster.store(1));
    follower.table("t").orElseThrow().eraseRows(bytes("b"), bytes("n"));
    cluster.awaitEqualReplicas("t");
    for (TabletStore store : cluster.running()) {
      assertEquals(Map.of("apple/a", "1", "zebra/a", "3"), cells(store), "on " + store.directory());
    }
    // A flush's erasures of exact cells, written from that node's own view.
    follower.table("t").orElseThrow().writeThroughLeaders(List.of(RowMutation.forRow(bytes("apple"))
        .erase(A, bytes("q"), 1, 4).build(), RowMutation.forRow(bytes("zebra")).erase(A, bytes("q"), 1, 4).build()),
        io.basalt.storage.data.Durability.LOG);
    cluster.awaitEqualReplicas("t");
    for (TabletStore store : cluster.running()) {
      assertEquals(Map.of(), cells(store), "on " + store.directory());
    }
  }

  private boolean leads(TabletStore store, String row) {
    try {
      return store.cluster().leaderOf("t", store.table("t").orElseThrow().definition().tabletFor(bytes(row)))
          == cluster.nodeOf(store);
    } catch (StorageException e) {
      return false;
    }
  }

  @Test
  void aRestartedReplicaCatchesUpWithAnAlterAndATruncateFromTheLog() throws Exception {
    put("apple", A, "1");
    int away = cluster.nodeOf(cluster.awaitCatalogLeader()) == 3 ? 2 : 3;
    cluster.stop(away);
    cluster.onCatalogLeader(leader -> leader.alterTable("t", NewFamily.withDefaults(List.of(B)), List.of(),
        List.of(), Map.of()));
    put("apple", B, "2");
    cluster.onCatalogLeader(leader -> leader.truncateTable("t", List.of(), Map.of()));
    put("kiwi", B, "3");
    cluster.start(away);
    cluster.awaitTable("t");
    cluster.awaitEqualReplicas("t");
    assertEquals(Map.of("kiwi/b", "3"), cells(cluster.store(away)));
    assertEquals(1, cluster.store(away).table("t").orElseThrow().definition().tablets().size());
  }

  @Test
  void aFlushJudgedOnAFollowerSeesEveryAcknowledgedWriteAndFlushesEveryReplica() throws Exception {
    put("apple", A, "1");
    put("zebra", A, "2");
    TabletStore leader = cluster.tabletLeader("t", bytes("apple"));
    TabletStore follower = cluster.running().stream().filter(store -> store != leader).findFirst().orElseThrow();
    Table table = follower.table("t").orElseThrow();
    table.catchUp(new byte[0], new byte[0]);
    assertEquals(List.of("apple", "zebra"), memtableRows(table), "what the follower judges a flush from");

    table.flush();
    for (TabletStore store : cluster.running()) {
      Table replica = store.table("t").orElseThrow();
      replica.catchUp(new byte[0], new byte[0]);
      assertEquals(List.of(), memtableRows(replica), "memtables after the flush on " + store.directory());
      assertEquals(Map.of("apple/a", "1", "zebra/a", "2"), cells(store));
    }
  }

  private static List<String> memtableRows(Table table) throws StorageException {
    List<String> rows = new ArrayList<>();
    try (TableCursor cursor = table.openMemtableCursor(List.of(), RowRange.forward(new byte[0], new byte[0]))) {
      while (cursor.nextRow()) {
        rows.add(string(cursor.row()));
      }
    }
    return rows;
  }

  private void put(String row, byte[] family, String value) throws Exception {
    cluster.writeThroughLeader("t", List.of(RowMutation.forRow(bytes(row)).add(family, bytes("q"), 1, 4,
        bytes(value)).build()));
  }

  private static FamilyDefinition family(TableDefinition table, byte[] name) {
    return table.families().stream().filter(family -> family.hasName(name)).findFirst().orElseThrow();
  }

  /** Every cell of table t on {@code store} as this replica holds it, as "row/family" to value. */
  private static Map<String, String> cells(TabletStore store) throws StorageException {
    Map<String, String> cells = new TreeMap<>();
    try (TableCursor cursor = store.table("t").orElseThrow().openSweepCursor(List.of(),
        RowRange.forward(new byte[0], new byte[0]))) {
      while (cursor.nextRow()) {
        while (cursor.nextCell()) {
          cells.put(string(cursor.row()) + "/" + string(cursor.family()), string(cursor.value()));
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
