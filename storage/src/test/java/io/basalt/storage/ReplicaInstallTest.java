package io.basalt.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.storage.catalog.NewFamily;
import io.basalt.storage.data.RowMutation;
import io.basalt.storage.data.RowRange;
import io.basalt.storage.data.TableCursor;
import io.basalt.storage.errors.StorageException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three stores in one JVM, each a cluster member with its own Raft server on a loopback port, whose groups take a
 * snapshot every 50 entries and keep their logs in 16 KB files, so that logs are purged while a member is away: the
 * member then catches up by installing the state from the leader (the catalog and the tablets), and an install a stop
 * interrupts is completed, or fetched again, at the next start. Replicas are compared by the digests of their
 * tablets, read without a read barrier (every replica's own store).
 */
class ReplicaInstallTest {
  private static final byte[] FAMILY_A = bytes("a");
  private static final byte[] FAMILY_B = bytes("b");
  /** Rows per write: one tablet's rows in one Raft entry, some 5 KB. */
  private static final int ROWS_PER_WRITE = 20;

  @TempDir
  Path directory;

  private ThreeStores cluster;
  private final Random random = new Random(32);

  @BeforeEach
  void startCluster() throws Exception {
    cluster = ThreeStores.start(directory, ThreeStores.testRaft().withSnapshotThreshold(50)
        .withLogSegmentBytes(16 * 1024), Duration.ofSeconds(90));
    cluster.createTable("t", List.of(FAMILY_A, FAMILY_B), List.of(bytes("m")));
  }

  @AfterEach
  void stopCluster() {
    cluster.close();
  }

  @Test
  void aStoppedReplicaBehindPurgedLogsCatchesUpByInstallingTheCatalogAndTheTablets() throws Exception {
    cluster.onCatalogLeader(leader -> leader.createTable("gone", NewFamily.withDefaults(List.of(FAMILY_A)),
        List.of(), Map.of()));
    int away = followerOfTheCatalog();
    cluster.await(() -> cluster.store(away).table("gone").isPresent(), "table gone on node " + away);
    writeRows("a", 0, 200);
    cluster.stop(away);
    writeRows("a", 200, 2_500);
    writeRows("n", 0, 2_500);
    cluster.onCatalogLeader(leader -> leader.dropTable("gone"));
    putManyServerProperties();

    long restarted = System.nanoTime();
    cluster.start(away);
    TabletStore restartedStore = cluster.store(away);
    cluster.awaitEqualReplicas("t");
    System.out.printf("node %d caught up 5,000 rows by install in %d ms after its restart%n", away,
        (System.nanoTime() - restarted) / 1_000_000);
    assertTrue(restartedStore.replication().tabletInstalls() >= 2,
        "both tablets installed: " + restartedStore.replication().tabletInstalls());
    assertEquals(5_000, countRows(restartedStore));
    cluster.await(() -> restartedStore.replication().catalogInstalls() >= 1, "the catalog installed on node " + away);
    assertTrue(restartedStore.table("gone").isEmpty(), "table gone dropped on node " + away);
    // The catalog's group and the two of table t: the dropped table's group went with it.
    cluster.await(() -> restartedStore.replication().node().groups().size() == 3, "the group of table gone removed");
    assertEquals("value 199", string(restartedStore.systemProperty("p9").orElseThrow()).trim());

    writeRows("z", 0, 100);
    cluster.awaitEqualReplicas("t");
  }

  @Test
  void aWipedNodeRejoinsByInstallingTheCatalogAndItsTablets() throws Exception {
    cluster.onCatalogLeader(leader -> leader.createTable("dropped", NewFamily.withDefaults(List.of(FAMILY_A)),
        List.of(), Map.of()));
    writeRows("a", 0, 1_000);
    // A node the catalog's and the first tablet's leaders keep believing holds what it held: nobody writes to that
    // tablet after the wipe, so only the replica's own request for an entry makes its leader notice (see
    // ReplicaStateMachine).
    TabletStore reference = cluster.awaitCatalogLeader();
    int catalogNode = cluster.nodeOf(reference);
    int tabletNode = cluster.nodeOf(cluster.tabletLeader("t", bytes("a")));
    int wiped = catalogNode != 3 && tabletNode != 3 ? 3 : catalogNode != 2 && tabletNode != 2 ? 2 : 1;
    cluster.awaitEqualReplicas("t");
    cluster.stop(wiped);
    cluster.wipe(wiped);

    cluster.onCatalogLeader(leader -> leader.dropTable("dropped"));
    cluster.onCatalogLeader(leader -> leader.createTable("later", NewFamily.withDefaults(List.of(FAMILY_B)),
        List.of(), Map.of()));
    cluster.onCatalogLeader(leader -> leader.replaceProperties("t", Map.of("schema", bytes("after"))));
    putManyServerProperties();
    writeRows("n", 0, 2_000);

    long restarted = System.nanoTime();
    cluster.start(wiped);
    TabletStore rejoined = cluster.store(wiped);
    cluster.await(() -> rejoined.replication().catalogInstalls() >= 1, "the catalog installed on node " + wiped);
    cluster.awaitEqualReplicas("t");
    System.out.printf("wiped node %d caught up the catalog and 3,000 rows by install in %d ms after its start%n",
        wiped, (System.nanoTime() - restarted) / 1_000_000);
    assertTrue(rejoined.replication().tabletInstalls() >= 2, "the tablets of t were installed");
    assertTrue(rejoined.table("dropped").isEmpty());
    assertEquals(reference.table("t").orElseThrow().definition().id(),
        rejoined.table("t").orElseThrow().definition().id());
    assertEquals("after", string(rejoined.table("t").orElseThrow().definition().properties().get("schema")));
    for (int i = 0; i < 10; i++) {
      assertEquals(string(reference.systemProperty("p" + i).orElseThrow()),
          string(rejoined.systemProperty("p" + i).orElseThrow()));
    }
    assertEquals(3_000, countRows(rejoined));
  }

  /** Enough catalog entries that the catalog's log is purged past the creation of the tables. */
  private void putManyServerProperties() throws Exception {
    for (int i = 0; i < 200; i++) {
      String key = "p" + (i % 10);
      byte[] value = bytes("value " + i + " ".repeat(200));
      cluster.onCatalogLeader(leader -> leader.putSystemProperty(key, value));
    }
  }

  @Test
  void anInstallAStopInterruptsIsCompletedAtTheNextStart() throws Exception {
    int away = followerOfTheCatalog();
    cluster.stop(away);
    writeRows("a", 0, 2_500);
    writeRows("n", 0, 2_500);

    cluster.start(away);
    TabletStore interrupted = cluster.store(away);
    Set<Object> stopped = ConcurrentHashMap.newKeySet();
    interrupted.replication().beforeInstalling(group -> {
      StoreReplication.TabletPlace place = interrupted.replication().tabletOf(group);
      // What the import does first, then a crash: the rows of the tablet are gone and its applied index is old.
      place.table().deleteRows(place.tablet().startRow(), place.tablet().endRow());
      stopped.add(group);
      throw new IOException("simulated crash while installing " + place);
    });
    cluster.await(() -> stopped.size() == 2, "both tablets' installs interrupted on node " + away);
    cluster.stop(away);

    long restarted = System.nanoTime();
    cluster.start(away);
    cluster.awaitEqualReplicas("t");
    System.out.printf("node %d completed its interrupted installs and caught up in %d ms after its restart%n", away,
        (System.nanoTime() - restarted) / 1_000_000);
    assertEquals(0, cluster.store(away).replication().tabletInstalls(), "completed from the kept files at start");
    assertEquals(5_000, countRows(cluster.store(away)));
  }

  @Test
  void anInterruptedInstallWhoseFilesAreLostIsFetchedAgain() throws Exception {
    int away = followerOfTheCatalog();
    cluster.stop(away);
    writeRows("a", 0, 2_500);

    cluster.start(away);
    TabletStore interrupted = cluster.store(away);
    AtomicInteger stopped = new AtomicInteger();
    interrupted.replication().beforeInstalling(group -> {
      StoreReplication.TabletPlace place = interrupted.replication().tabletOf(group);
      place.table().deleteRows(place.tablet().startRow(), place.tablet().endRow());
      stopped.incrementAndGet();
      throw new IOException("simulated crash while installing " + place);
    });
    cluster.await(() -> stopped.get() >= 1, "an install interrupted on node " + away);
    cluster.stop(away);
    Path fetched = directory.resolve("node" + away).resolve("transfer").resolve("installs");
    assertTrue(Files.list(fetched).findAny().isPresent(), "the interrupted install kept its files");
    ThreeStores.deleteTree(fetched);

    cluster.start(away);
    cluster.awaitEqualReplicas("t");
    assertTrue(cluster.store(away).replication().tabletInstalls() >= 1, "installed again from the leader");
    assertEquals(2_500, countRows(cluster.store(away)));
  }

  /** Writes rows {@code prefix + [from, to)} through the leader of their tablet, {@link #ROWS_PER_WRITE} a write. */
  private void writeRows(String prefix, int from, int to) throws Exception {
    for (int start = from; start < to; start += ROWS_PER_WRITE) {
      List<RowMutation> mutations = new ArrayList<>();
      for (int i = start; i < Math.min(to, start + ROWS_PER_WRITE); i++) {
        byte[] value = new byte[100];
        random.nextBytes(value);
        mutations.add(RowMutation.forRow(bytes(String.format("%s%06d", prefix, i)))
            .add(FAMILY_A, bytes("q"), 1, 4, value)
            .add(FAMILY_B, bytes("q"), 1, 4, Arrays.copyOf(value, 20)).build());
      }
      cluster.writeThroughLeader("t", mutations);
    }
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

  private int followerOfTheCatalog() throws InterruptedException {
    int leader = cluster.nodeOf(cluster.awaitCatalogLeader());
    return leader == 3 ? 2 : 3;
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static String string(byte[] b) {
    return new String(b, StandardCharsets.UTF_8);
  }
}
