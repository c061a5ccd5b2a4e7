package io.basalt.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.storage.catalog.NewFamily;
import io.basalt.storage.catalog.TabletDefinition;
import io.basalt.storage.data.Durability;
import io.basalt.storage.data.RowMutation;
import io.basalt.storage.data.RowRange;
import io.basalt.storage.data.TableCursor;
import io.basalt.storage.errors.NotLeaderException;
import io.basalt.storage.errors.StorageException;
import io.basalt.storage.replication.ClusterMembership;
import io.basalt.storage.replication.ClusterSettings;
import io.basalt.storage.replication.RaftSettings;
import io.basalt.storage.transfer.SstTabletTransfer;
import io.basalt.storage.transfer.TabletDigest;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
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
  private static final Duration PATIENCE = Duration.ofSeconds(90);
  /** Rows per write: one tablet's rows in one Raft entry, some 5 KB. */
  private static final int ROWS_PER_WRITE = 20;

  @TempDir
  Path directory;

  private final TabletStore[] stores = new TabletStore[3];
  private List<InetSocketAddress> members;
  private final Random random = new Random(32);

  @BeforeEach
  void startCluster() throws Exception {
    members = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      members.add(new InetSocketAddress("127.0.0.1", freePort()));
    }
    for (int node = 1; node <= 3; node++) {
      start(node);
    }
    onCatalogLeader(leader -> leader.createTable("t", NewFamily.withDefaults(List.of(FAMILY_A, FAMILY_B)),
        List.of(bytes("m")), Map.of()));
    for (TabletStore store : stores) {
      await(() -> store.table("t").isPresent(), "table t on " + store.directory());
    }
  }

  @AfterEach
  void stopCluster() {
    for (TabletStore store : stores) {
      if (store != null) {
        store.close();
      }
    }
  }

  @Test
  void aStoppedReplicaBehindPurgedLogsCatchesUpByInstallingTheCatalogAndTheTablets() throws Exception {
    onCatalogLeader(leader -> leader.createTable("gone", NewFamily.withDefaults(List.of(FAMILY_A)), List.of(),
        Map.of()));
    int away = followerOfTheCatalog();
    await(() -> stores[away - 1].table("gone").isPresent(), "table gone on node " + away);
    writeRows("a", 0, 200);
    stop(away);
    writeRows("a", 200, 2_500);
    writeRows("n", 0, 2_500);
    onCatalogLeader(leader -> leader.dropTable("gone"));
    putManyServerProperties();

    long restarted = System.nanoTime();
    start(away);
    TabletStore restartedStore = stores[away - 1];
    awaitEqualReplicas();
    System.out.printf("node %d caught up 5,000 rows by install in %d ms after its restart%n", away,
        (System.nanoTime() - restarted) / 1_000_000);
    assertTrue(restartedStore.replication().tabletInstalls() >= 2,
        "both tablets installed: " + restartedStore.replication().tabletInstalls());
    assertEquals(5_000, countRows(restartedStore));
    await(() -> restartedStore.replication().catalogInstalls() >= 1, "the catalog installed on node " + away);
    assertTrue(restartedStore.table("gone").isEmpty(), "table gone dropped on node " + away);
    // The catalog's group and the two of table t: the dropped table's group went with it.
    await(() -> restartedStore.replication().node().groups().size() == 3, "the group of table gone removed");
    assertEquals("value 199", string(restartedStore.systemProperty("p9").orElseThrow()).trim());

    writeRows("z", 0, 100);
    awaitEqualReplicas();
  }

  @Test
  void aWipedNodeRejoinsByInstallingTheCatalogAndItsTablets() throws Exception {
    onCatalogLeader(leader -> leader.createTable("dropped", NewFamily.withDefaults(List.of(FAMILY_A)), List.of(),
        Map.of()));
    writeRows("a", 0, 1_000);
    // A node the catalog's and the first tablet's leaders keep believing holds what it held: nobody writes to that
    // tablet after the wipe, so only the replica's own request for an entry makes its leader notice (see
    // ReplicaStateMachine).
    TabletStore reference = awaitCatalogLeader();
    int catalogNode = nodeOf(reference);
    int tabletNode = nodeOf(tabletLeader("t", bytes("a")));
    int wiped = catalogNode != 3 && tabletNode != 3 ? 3 : catalogNode != 2 && tabletNode != 2 ? 2 : 1;
    awaitEqualReplicas();
    stop(wiped);
    wipe(wiped);

    onCatalogLeader(leader -> leader.dropTable("dropped"));
    onCatalogLeader(leader -> leader.createTable("later", NewFamily.withDefaults(List.of(FAMILY_B)), List.of(),
        Map.of()));
    onCatalogLeader(leader -> leader.replaceProperties("t", Map.of("schema", bytes("after"))));
    putManyServerProperties();
    writeRows("n", 0, 2_000);

    long restarted = System.nanoTime();
    start(wiped);
    TabletStore rejoined = stores[wiped - 1];
    await(() -> rejoined.replication().catalogInstalls() >= 1, "the catalog installed on node " + wiped);
    awaitEqualReplicas();
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
      onCatalogLeader(leader -> leader.putSystemProperty(key, value));
    }
  }

  @Test
  void anInstallAStopInterruptsIsCompletedAtTheNextStart() throws Exception {
    int away = followerOfTheCatalog();
    stop(away);
    writeRows("a", 0, 2_500);
    writeRows("n", 0, 2_500);

    start(away);
    TabletStore interrupted = stores[away - 1];
    Set<Object> stopped = ConcurrentHashMap.newKeySet();
    interrupted.replication().beforeInstalling(group -> {
      StoreReplication.TabletPlace place = interrupted.replication().tabletOf(group);
      // What the import does first, then a crash: the rows of the tablet are gone and its applied index is old.
      place.table().deleteRows(place.tablet().startRow(), place.tablet().endRow());
      stopped.add(group);
      throw new IOException("simulated crash while installing " + place);
    });
    await(() -> stopped.size() == 2, "both tablets' installs interrupted on node " + away);
    stop(away);

    long restarted = System.nanoTime();
    start(away);
    awaitEqualReplicas();
    System.out.printf("node %d completed its interrupted installs and caught up in %d ms after its restart%n", away,
        (System.nanoTime() - restarted) / 1_000_000);
    assertEquals(0, stores[away - 1].replication().tabletInstalls(), "completed from the kept files at start");
    assertEquals(5_000, countRows(stores[away - 1]));
  }

  @Test
  void anInterruptedInstallWhoseFilesAreLostIsFetchedAgain() throws Exception {
    int away = followerOfTheCatalog();
    stop(away);
    writeRows("a", 0, 2_500);

    start(away);
    TabletStore interrupted = stores[away - 1];
    AtomicInteger stopped = new AtomicInteger();
    interrupted.replication().beforeInstalling(group -> {
      StoreReplication.TabletPlace place = interrupted.replication().tabletOf(group);
      place.table().deleteRows(place.tablet().startRow(), place.tablet().endRow());
      stopped.incrementAndGet();
      throw new IOException("simulated crash while installing " + place);
    });
    await(() -> stopped.get() >= 1, "an install interrupted on node " + away);
    stop(away);
    Path fetched = directory.resolve("node" + away).resolve("transfer").resolve("installs");
    assertTrue(Files.list(fetched).findAny().isPresent(), "the interrupted install kept its files");
    deleteTree(fetched);

    start(away);
    awaitEqualReplicas();
    assertTrue(stores[away - 1].replication().tabletInstalls() >= 1, "installed again from the leader");
    assertEquals(2_500, countRows(stores[away - 1]));
  }

  /** A change of the catalog, made on its leader. */
  @FunctionalInterface
  private interface CatalogChange {
    void make(TabletStore leader) throws StorageException;
  }

  /**
   * Makes {@code change} on the catalog's leader, on the new one if leadership moves meanwhile: a refusal by a node
   * that does not lead appended nothing, so the change is made once.
   */
  private void onCatalogLeader(CatalogChange change) throws Exception {
    long deadline = System.nanoTime() + PATIENCE.toNanos();
    while (true) {
      try {
        change.make(awaitCatalogLeader());
        return;
      } catch (NotLeaderException e) {
        if (System.nanoTime() > deadline) {
          throw e;
        }
      }
    }
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
      writeThroughLeader(mutations);
    }
  }

  /** Writes on the tablet's leader, looking it up again while leadership moves. */
  private void writeThroughLeader(List<RowMutation> mutations) throws Exception {
    long deadline = System.nanoTime() + PATIENCE.toNanos();
    while (true) {
      TabletStore leader = tabletLeader("t", mutations.get(0).row());
      try {
        leader.table("t").orElseThrow().writeAll(mutations, Durability.LOG);
        return;
      } catch (StorageException e) {
        if (System.nanoTime() > deadline) {
          throw e;
        }
      }
    }
  }

  /** Waits until every member holds the same cells in every tablet of table t. */
  private void awaitEqualReplicas() throws InterruptedException {
    await(() -> {
      for (TabletDefinition tablet : stores[0].table("t").orElseThrow().definition().tablets()) {
        TabletDigest first = null;
        for (TabletStore store : stores) {
          TabletDigest digest = TabletDigest.of(store.table("t").orElseThrow(), tablet.startRow(), tablet.endRow());
          if (first != null && !first.equals(digest)) {
            return false;
          }
          first = digest;
        }
      }
      return true;
    }, "equal replicas of table t");
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
    int leader = nodeOf(awaitCatalogLeader());
    return leader == 3 ? 2 : 3;
  }

  private void start(int node) throws StorageException {
    RaftSettings raft = RaftSettings.defaults().withElectionTimeouts(Duration.ofMillis(500), Duration.ofMillis(1000))
        .withSnapshotThreshold(50).withLogSegmentBytes(16 * 1024);
    stores[node - 1] = TabletStore.openReplicated(directory.resolve("node" + node), StoreOptions.defaults(),
        new ClusterSettings("test-cluster", new ClusterMembership(node, members), raft), new SstTabletTransfer());
  }

  private void stop(int node) {
    stores[node - 1].close();
    stores[node - 1] = null;
  }

  private void wipe(int node) throws IOException {
    deleteTree(directory.resolve("node" + node));
  }

  private static void deleteTree(Path root) throws IOException {
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }

  private int nodeOf(TabletStore store) {
    for (int i = 0; i < stores.length; i++) {
      if (stores[i] == store) {
        return i + 1;
      }
    }
    throw new IllegalArgumentException("not a member");
  }

  private TabletStore awaitCatalogLeader() throws InterruptedException {
    TabletStore[] leader = new TabletStore[1];
    await(() -> {
      for (TabletStore store : stores) {
        if (store != null && store.catalogLeader() == nodeOf(store)) {
          leader[0] = store;
          return true;
        }
      }
      return false;
    }, "a catalog leader");
    return leader[0];
  }

  private TabletStore tabletLeader(String table, byte[] row) throws InterruptedException {
    TabletStore[] leader = new TabletStore[1];
    await(() -> {
      for (TabletStore store : stores) {
        if (store == null || store.table(table).isEmpty()) {
          continue;
        }
        TabletDefinition tablet = store.table(table).orElseThrow().definition().tabletFor(row);
        if (store.leaderOf(table, tablet) == nodeOf(store)) {
          leader[0] = store;
          return true;
        }
      }
      return false;
    }, "a leader of the tablet of " + string(row));
    return leader[0];
  }

  /** A condition that may fail with a storage error, which counts as not holding yet. */
  @FunctionalInterface
  private interface Condition {
    boolean holds() throws StorageException;
  }

  private static void await(Condition condition, String what) throws InterruptedException {
    long deadline = System.nanoTime() + PATIENCE.toNanos();
    while (!holds(condition)) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("timed out waiting for " + what);
      }
      Thread.sleep(20); // polling interval of a condition wait, not a synchronization
    }
  }

  private static boolean holds(Condition condition) {
    try {
      return condition.holds();
    } catch (StorageException e) {
      return false;
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static String string(byte[] b) {
    return new String(b, StandardCharsets.UTF_8);
  }
}
