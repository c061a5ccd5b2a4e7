package io.basalt.storage.replication;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.storage.errors.StorageException;
import io.basalt.storage.testing.RaftPorts;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import org.apache.ratis.protocol.RaftGroupId;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A replica whose state cannot apply a committed entry (its disk is full) stops there: it never applies a later
 * entry without that one nor records an index past what it applied, the node is told once with the cause, the other
 * two go on committing, and the replica started again with room applies the rest of its log, each entry once, in
 * order. Three Raft servers in one JVM over loopback, one group, states in memory.
 */
class ReplicaFailureTest {
  private static final RaftGroupId GROUP = RaftGroupId.valueOf(UUID.nameUUIDFromBytes(
      "replica-failure-test".getBytes(StandardCharsets.UTF_8)));
  private static final long AWAIT_MILLIS = 60_000;

  private Path directory;
  private List<InetSocketAddress> members;
  private final RaftNode[] nodes = new RaftNode[3];
  private final MemoryState[] states = new MemoryState[3];

  @BeforeEach
  void start() throws Exception {
    directory = Files.createTempDirectory("basalt-replica-failure-");
    members = RaftPorts.loopback(3);
    for (int node = 1; node <= 3; node++) {
      states[node - 1] = new MemoryState();
      startNode(node);
    }
  }

  @AfterEach
  void stop() throws Exception {
    for (RaftNode node : nodes) {
      if (node != null) {
        node.close();
      }
    }
    try (Stream<Path> files = Files.walk(directory)) {
      files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    }
  }

  @Test
  void aReplicaThatCannotApplyStopsThereAndCatchesUpOnceItCan() throws Exception {
    for (int i = 0; i < 5; i++) {
      submit("before-" + i, 1, 2, 3);
    }
    // A follower fails: the entries that make it fail are appended through the other two, so it must not lead.
    int failing = nodes[2].leads(GROUP) ? 2 : 3;
    int[] others = failing == 3 ? new int[] {1, 2} : new int[] {1, 3};
    CompletableFuture<String> told = new CompletableFuture<>();
    nodes[failing - 1].onReplicaFailure(told::complete);
    await(() -> states[failing - 1].entries().size() == 5, "every replica applied the first five entries");

    states[failing - 1].full = true;
    for (int i = 0; i < 5; i++) {
      submit("while-full-" + i, others);
    }
    String failure = told.get(AWAIT_MILLIS, TimeUnit.MILLISECONDS);
    assertTrue(failure.contains("No space left on device") && failure.contains("cannot apply entry"), failure);
    assertEquals(failure, nodes[failing - 1].replicaFailure());

    MemoryState stopped = states[failing - 1];
    List<String> before = List.of("before-0", "before-1", "before-2", "before-3", "before-4");
    assertEquals(before, stopped.entries(), "the failed replica skipped no entry and applied none after it");
    assertEquals(stopped.lastIndex(), stopped.applied().index(),
        "its recorded index is that of the last entry it applied, not past it");
    for (int i = 0; i < 3; i++) {
      submit("after-" + i, others);
    }
    await(() -> states[others[0] - 1].entries().size() == 13 && states[others[1] - 1].entries().size() == 13,
        "the two others applied every entry");
    assertEquals(before, stopped.entries(), "the failed replica stays where it stopped");

    nodes[failing - 1].close();
    stopped.full = false;
    startNode(failing);
    await(() -> stopped.entries().size() == 13, "the replica started again with room caught up");
    assertEquals(states[others[0] - 1].entries(), stopped.entries(), "the same entries, each once, in the same order");
  }

  @Test
  void aNodeWhoseRaftPortIsTakenFailsToStartAndStartsOnceItIsFree() throws Exception {
    submit("before", 1, 2, 3);
    nodes[2].close();
    nodes[2] = null;
    try (ServerSocket squatter = new ServerSocket()) {
      squatter.bind(members.get(2));
      StorageException refused = assertThrows(StorageException.class, () -> startNode(3));
      // Ratis's gRPC server binds the wildcard address on the member's port.
      assertTrue(refused.getMessage().startsWith("cannot start the Raft server of node 3 on ")
          && refused.getMessage().contains("Failed to bind to address 0.0.0.0/0.0.0.0:" + members.get(2).getPort()),
          refused.getMessage());
    }
    // Nothing of the failed start is left holding the node's log directory or its port.
    startNode(3);
    submit("after", 1, 2);
    await(() -> states[2].entries().equals(List.of("before", "after")), "the restarted node caught up");
  }

  private void startNode(int node) throws StorageException {
    RaftSettings settings = RaftSettings.defaults().withElectionTimeouts(Duration.ofMillis(500),
        Duration.ofMillis(1000));
    MemoryState state = states[node - 1];
    nodes[node - 1] = RaftNode.start(new ClusterMembership(node, members), directory.resolve("node" + node),
        settings, GROUP, group -> state, () -> { });
  }

  /** Appends {@code entry} through whichever of {@code through} leads, retrying while the group elects. */
  private void submit(String entry, int... through) throws Exception {
    long deadline = System.currentTimeMillis() + AWAIT_MILLIS;
    StorageException last = null;
    while (System.currentTimeMillis() < deadline) {
      for (int node : through) {
        if (nodes[node - 1].leads(GROUP)) {
          try {
            nodes[node - 1].submit(GROUP, entry.getBytes(StandardCharsets.UTF_8), entry);
            return;
          } catch (StorageException e) {
            last = e;
          }
        }
      }
      Thread.sleep(20); // polling interval while a leader is elected
    }
    throw new AssertionError("no leader among nodes " + java.util.Arrays.toString(through) + " took " + entry, last);
  }

  private static void await(BooleanSupplier condition, String what) throws InterruptedException {
    long deadline = System.currentTimeMillis() + AWAIT_MILLIS;
    while (!condition.getAsBoolean()) {
      if (System.currentTimeMillis() > deadline) {
        throw new AssertionError("not within " + AWAIT_MILLIS + " ms: " + what);
      }
      Thread.sleep(20); // polling interval
    }
  }

  /**
   * A replica's state in memory: the entries it applied, in order, and the index recorded with the last one. While
   * {@code full}, applying fails as a store on a full disk does. It outlives its node, as a store's files do.
   */
  private static final class MemoryState implements ReplicaState {
    private final List<String> entries = new CopyOnWriteArrayList<>();
    private volatile AppliedIndex recorded = AppliedIndex.NONE;
    private volatile long lastIndex = -1;
    volatile boolean full;

    @Override
    public AppliedIndex applied() {
      return recorded;
    }

    @Override
    public byte[] apply(AppliedIndex at, byte[] entry) throws IOException {
      if (full) {
        throw new IOException("While appending to file: No space left on device");
      }
      entries.add(new String(entry, StandardCharsets.UTF_8));
      lastIndex = at.index();
      recorded = at;
      return new byte[0];
    }

    @Override
    public void persist(AppliedIndex upTo) {
      recorded = upTo;
    }

    @Override
    public CompletableFuture<byte[]> serve(byte[] request) {
      return CompletableFuture.failedFuture(new IOException("this test's states are not fetched"));
    }

    @Override
    public Fetched fetch(StateSource source) throws IOException {
      throw new IOException("this test's states are not fetched");
    }

    List<String> entries() {
      return List.copyOf(entries);
    }

    long lastIndex() {
      return lastIndex;
    }
  }
}
