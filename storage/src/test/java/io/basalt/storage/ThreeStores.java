package io.basalt.storage;

import io.basalt.storage.catalog.NewFamily;
import io.basalt.storage.catalog.TabletDefinition;
import io.basalt.storage.data.Durability;
import io.basalt.storage.data.RowMutation;
import io.basalt.storage.errors.NotLeaderException;
import io.basalt.storage.errors.StorageException;
import io.basalt.storage.replication.ClusterMembership;
import io.basalt.storage.replication.ClusterSettings;
import io.basalt.storage.replication.RaftSettings;
import io.basalt.storage.testing.RaftPorts;
import io.basalt.storage.transfer.SstTabletTransfer;
import io.basalt.storage.transfer.TabletDigest;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Three stores in one JVM, each a cluster member with its own Raft server on a free loopback port
 * ({@link RaftPorts}) and its own directory under the test's: started, stopped, wiped and restarted by node id (1 to 3), with the waits the
 * replication tests share (a leader, equal replicas).
 */
final class ThreeStores implements AutoCloseable {
  static final String CLUSTER_ID = "test-cluster";

  private final Path directory;
  private final RaftSettings raft;
  private final Duration patience;
  private final TabletStore[] stores = new TabletStore[3];
  private final List<InetSocketAddress> members = new ArrayList<>();

  private ThreeStores(Path directory, RaftSettings raft, Duration patience) {
    this.directory = directory;
    this.raft = raft;
    this.patience = patience;
  }

  /** Starts three members in {@code directory}/node1..3 with elections of half a second to a second. */
  static ThreeStores start(Path directory, RaftSettings raft, Duration patience) throws IOException,
      StorageException {
    ThreeStores cluster = new ThreeStores(directory, raft, patience);
    cluster.members.addAll(RaftPorts.loopback(3));
    try {
      for (int node = 1; node <= 3; node++) {
        cluster.start(node);
      }
    } catch (StorageException | RuntimeException e) {
      cluster.close();
      throw e;
    }
    return cluster;
  }

  /** Election timeouts short enough for tests, on a loaded machine still stable. */
  static RaftSettings testRaft() {
    return RaftSettings.defaults().withElectionTimeouts(Duration.ofMillis(500), Duration.ofMillis(1000));
  }

  List<InetSocketAddress> members() {
    return members;
  }

  Path directory(int node) {
    return directory.resolve("node" + node);
  }

  /** The running member {@code node}, or null if it is stopped. */
  TabletStore store(int node) {
    return stores[node - 1];
  }

  /** The running members. */
  List<TabletStore> running() {
    List<TabletStore> running = new ArrayList<>();
    for (TabletStore store : stores) {
      if (store != null) {
        running.add(store);
      }
    }
    return running;
  }

  void start(int node) throws StorageException {
    stores[node - 1] = TabletStore.openReplicated(directory(node), StoreOptions.defaults(),
        new ClusterSettings(CLUSTER_ID, new ClusterMembership(node, members), raft), new SstTabletTransfer());
  }

  void stop(int node) {
    stores[node - 1].close();
    stores[node - 1] = null;
  }

  /** Deletes a stopped member's directory. */
  void wipe(int node) throws IOException {
    deleteTree(directory(node));
  }

  static void deleteTree(Path root) throws IOException {
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }

  int nodeOf(TabletStore store) {
    for (int i = 0; i < stores.length; i++) {
      if (stores[i] == store) {
        return i + 1;
      }
    }
    throw new IllegalArgumentException("not a member");
  }

  TabletStore awaitCatalogLeader() throws InterruptedException {
    TabletStore[] leader = new TabletStore[1];
    await(() -> {
      for (TabletStore store : running()) {
        if (store.cluster().catalogLeader() == nodeOf(store)) {
          leader[0] = store;
          return true;
        }
      }
      return false;
    }, "a catalog leader");
    return leader[0];
  }

  /** A change of the catalog, made on its leader. */
  @FunctionalInterface
  interface CatalogChange {
    void make(TabletStore leader) throws StorageException;
  }

  /** Something read on the catalog's leader. */
  @FunctionalInterface
  interface CatalogQuery<T> {
    T ask(TabletStore leader) throws StorageException;
  }

  /**
   * Makes {@code change} on the catalog's leader, on the new one if leadership moves meanwhile: a refusal by a node
   * that does not lead appended nothing, so the change is made once.
   */
  void onCatalogLeader(CatalogChange change) throws Exception {
    fromCatalogLeader(leader -> {
      change.make(leader);
      return null;
    });
  }

  /** Asks {@code query} of the catalog's leader, of the new one if leadership moves meanwhile. */
  <T> T fromCatalogLeader(CatalogQuery<T> query) throws Exception {
    long deadline = System.nanoTime() + patience.toNanos();
    while (true) {
      try {
        return query.ask(awaitCatalogLeader());
      } catch (NotLeaderException e) {
        if (System.nanoTime() > deadline) {
          throw e;
        }
      }
    }
  }

  /**
   * Creates table {@code name} through the catalog's leader, with {@code families} (default options) and a tablet
   * per range between {@code splitRows}, and waits until every running member has it.
   */
  void createTable(String name, List<byte[]> families, List<byte[]> splitRows) throws Exception {
    onCatalogLeader(leader -> leader.createTable(name, NewFamily.withDefaults(families), splitRows, Map.of()));
    awaitTable(name);
  }

  /** Waits until every running member has table {@code name}. */
  void awaitTable(String name) throws InterruptedException {
    for (TabletStore store : running()) {
      await(() -> store.table(name).isPresent(), "table " + name + " on " + store.directory());
    }
  }

  TabletStore tabletLeader(String table, byte[] row) throws InterruptedException {
    TabletStore[] leader = new TabletStore[1];
    await(() -> {
      for (TabletStore store : running()) {
        try {
          TabletDefinition tablet = store.table(table).orElseThrow().definition().tabletFor(row);
          if (store.cluster().leaderOf(table, tablet) == nodeOf(store)) {
            leader[0] = store;
            return true;
          }
        } catch (StorageException | java.util.NoSuchElementException e) {
          continue;
        }
      }
      return false;
    }, "a leader of the tablet of " + new String(row, StandardCharsets.UTF_8) + " of " + table);
    return leader[0];
  }

  /** Writes on the tablet's leader, looking it up again while leadership moves. */
  void writeThroughLeader(String table, List<RowMutation> mutations) throws Exception {
    long deadline = System.nanoTime() + patience.toNanos();
    while (true) {
      TabletStore leader = tabletLeader(table, mutations.get(0).row());
      try {
        leader.table(table).orElseThrow().writeAll(mutations, Durability.LOG);
        return;
      } catch (StorageException e) {
        if (System.nanoTime() > deadline) {
          throw e;
        }
      }
    }
  }

  /** Waits until every running member holds the same tablets of {@code table}, with the same cells. */
  void awaitEqualReplicas(String table) throws InterruptedException {
    await(() -> {
      List<TabletStore> running = running();
      List<TabletDefinition> tablets = running.get(0).table(table).orElseThrow().definition().tablets();
      for (TabletStore store : running) {
        if (!store.table(table).orElseThrow().definition().tablets().equals(tablets)) {
          return false;
        }
      }
      for (TabletDefinition tablet : tablets) {
        TabletDigest first = null;
        for (TabletStore store : running) {
          TabletDigest digest = TabletDigest.of(store.table(table).orElseThrow(), tablet.startRow(), tablet.endRow());
          if (first != null && !first.equals(digest)) {
            return false;
          }
          first = digest;
        }
      }
      return true;
    }, "equal replicas of table " + table);
  }

  /** A condition that may fail with a storage error, or find a table missing, which counts as not holding yet. */
  @FunctionalInterface
  interface Condition {
    boolean holds() throws StorageException;
  }

  void await(Condition condition, String what) throws InterruptedException {
    long deadline = System.nanoTime() + patience.toNanos();
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
    } catch (StorageException | java.util.NoSuchElementException e) {
      return false;
    }
  }

  @Override
  public void close() {
    for (int node = 1; node <= 3; node++) {
      if (stores[node - 1] != null) {
        stop(node);
      }
    }
  }
}
