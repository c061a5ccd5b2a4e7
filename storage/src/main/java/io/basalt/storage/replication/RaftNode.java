package io.basalt.storage.replication;

import io.basalt.storage.errors.NotLeaderException;
import io.basalt.storage.errors.ReplicationException;
import io.basalt.storage.errors.StorageException;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Function;
import org.apache.ratis.conf.RaftProperties;
import org.apache.ratis.grpc.GrpcConfigKeys;
import org.apache.ratis.protocol.ClientId;
import org.apache.ratis.protocol.GroupManagementRequest;
import org.apache.ratis.protocol.Message;
import org.apache.ratis.protocol.RaftClientReply;
import org.apache.ratis.protocol.RaftClientRequest;
import org.apache.ratis.protocol.RaftGroup;
import org.apache.ratis.protocol.RaftGroupId;
import org.apache.ratis.protocol.exceptions.AlreadyExistsException;
import org.apache.ratis.protocol.exceptions.RaftException;
import org.apache.ratis.server.DivisionInfo;
import org.apache.ratis.server.RaftServer;
import org.apache.ratis.server.RaftServerConfigKeys;
import org.apache.ratis.server.storage.RaftStorage;
import org.apache.ratis.thirdparty.com.google.protobuf.UnsafeByteOperations;
import org.apache.ratis.util.LifeCycle;
import org.apache.ratis.util.SizeInBytes;
import org.apache.ratis.util.TimeDuration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * This node's Raft server: one Apache Ratis server, over gRPC on the node's cluster port, hosting one group per
 * replicated thing (the catalog, each tablet), every group on the same members. Writes and read barriers are
 * submitted to the local server directly, not through a Ratis client and a socket; a node that does not lead the
 * group is told so ({@link NotLeaderException}) and the layer above sends its client to the leader.
 *
 * <p>A replica too far behind its leader fetches the group's state from it ({@link ReplicaStateMachine} says how),
 * on this node's install threads and through Ratis client requests to the leader's Raft port ({@link PeerQueries}).
 */
public final class RaftNode implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(RaftNode.class);
  /**
   * How long a read barrier waits for its read index before the leader appends an empty entry to the group. Ratis
   * (3.1.3) confirms a read index with replies from followers that know the commit index the read waits for. A read
   * right after a write (an increment's, or a client reading what it wrote) asks a heartbeat for it, but the log
   * appender clears that request when it sends an append it had prepared before the commit (GrpcLogAppender resets
   * the heartbeat trigger in sendRequest), whose reply carries the older commit index: the read then waits for the
   * next regular heartbeat, half the minimum election timeout. The empty entry's append carries the commit index at
   * once. Measured on three stores in one JVM (2-core machine, 250 ms heartbeats, 300 writes each followed by a
   * read barrier on the leader): without it the barrier took p50 4.1-4.3 ms, p90 256 ms, p99 263 ms; after 10 ms,
   * p50 4.0-4.7, p90 13-16, p99 22-23 ms; after 3 ms, p50 6.3 ms (the extra entries slow every write).
   */
  private static final Duration READ_NUDGE_AFTER = Duration.ofMillis(10);

  private final ClusterMembership membership;
  private final RaftSettings settings;
  private final RaftServer server;
  private final ClientId clientId = ClientId.randomId();
  private final AtomicLong callIds = new AtomicLong();
  private final PeerQueries peers;
  private final ExecutorService installs;
  private final ReplicaFailures failures;
  /** Held while a group is added or removed on this node. */
  private final Object groupChanges = new Object();

  private RaftNode(ClusterMembership membership, RaftSettings settings, RaftServer server, PeerQueries peers,
      ExecutorService installs, ReplicaFailures failures) {
    this.failures = failures;
    this.membership = membership;
    this.settings = settings;
    this.server = server;
    this.peers = peers;
    this.installs = installs;
  }

  /**
   * Starts this node's Raft server with its log under {@code directory}. Groups whose logs the directory holds are
   * recovered; {@code firstGroup} is created if it is not among them. {@code states} gives the state each group
   * applies to, for recovered groups as for ones added later; {@code leaderChanges} runs whenever this node learns
   * of a new leader of any group (on a Ratis thread: it must not block).
   */
  public static RaftNode start(ClusterMembership membership, Path directory, RaftSettings settings,
      RaftGroupId firstGroup, Function<RaftGroupId, ReplicaState> states, Runnable leaderChanges)
      throws StorageException {
    RaftProperties properties = properties(membership, directory, settings);
    PeerQueries peers = new PeerQueries(membership, settings.requestTimeout());
    ExecutorService installs = installThreads(membership.localNode());
    ReplicaFailures failures = new ReplicaFailures();
    try {
      RaftServer server = RaftServer.newBuilder()
          .setServerId(membership.localPeerId())
          .setGroup(RaftGroup.valueOf(firstGroup, membership.peers()))
          .setOption(RaftStorage.StartupOption.RECOVER)
          .setProperties(properties)
          .setStateMachineRegistry(groupId -> new ReplicaStateMachine(states.apply(groupId), leaderChanges, peers,
              installs, settings.electionTimeoutMax().multipliedBy(2), failures))
          .build();
      server.start();
      LOG.info("Raft server of node {} listening on {}", membership.localNode(), membership.localAddress());
      return new RaftNode(membership, settings, server, peers, installs, failures);
    } catch (IOException e) {
      failures.stopping();
      installs.shutdownNow();
      closeQuietly(peers);
      throw new StorageException("cannot start the Raft server of node " + membership.localNode() + " on "
          + membership.localAddress() + ": " + e.getMessage(), e);
    }
  }

  /**
   * The threads installs run on. Two: a node rejoining after its disk was wiped installs every tablet, and two at a
   * time keep both cores of a small machine busy (fetching is mostly the leader exporting, installing is mostly
   * checking files) without piling the whole node's state onto the leader at once; the others wait their turn.
   */
  private static ExecutorService installThreads(int node) {
    AtomicInteger threads = new AtomicInteger();
    return Executors.newFixedThreadPool(2, task -> {
      Thread thread = new Thread(task, "raft-install-n" + node + "-" + threads.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    });
  }

  private static void closeQuietly(PeerQueries peers) {
    try {
      peers.close();
    } catch (IOException e) {
      LOG.warn("Could not close the Raft client: {}", e.getMessage());
    }
  }

  private static RaftProperties properties(ClusterMembership membership, Path directory, RaftSettings settings) {
    RaftProperties properties = new RaftProperties();
    RaftServerConfigKeys.setStorageDir(properties, List.of(directory.toFile()));
    GrpcConfigKeys.Server.setPort(properties, membership.localAddress().getPort());
    RaftServerConfigKeys.Rpc.setTimeoutMin(properties, duration(settings.electionTimeoutMin().toMillis()));
    RaftServerConfigKeys.Rpc.setTimeoutMax(properties, duration(settings.electionTimeoutMax().toMillis()));
    RaftServerConfigKeys.Rpc.setFirstElectionTimeoutMin(properties,
        duration(settings.electionTimeoutMin().toMillis()));
    RaftServerConfigKeys.Rpc.setFirstElectionTimeoutMax(properties,
        duration(settings.electionTimeoutMax().toMillis()));
    RaftServerConfigKeys.Rpc.setRequestTimeout(properties, duration(settings.requestTimeout().toMillis()));
    // Reads go through the read-index protocol: the leader confirms with a majority, by a round of heartbeats sent
    // after the read arrived, that it still leads, so a leader deposed behind a partition or a pause cannot answer
    // from its old state. Not from Ratis's leader lease: with the lease on, PausedLeaderTest caught a leader that
    // had been stopped with SIGSTOP past an election answer a read from its old state right after SIGCONT (once in
    // a full build), so the lease's round trip saved is not taken until that is understood.
    RaftServerConfigKeys.Read.setOption(properties, RaftServerConfigKeys.Read.Option.LINEARIZABLE);
    RaftServerConfigKeys.Read.setLeaderLeaseEnabled(properties, false);
    // A replica too far behind is told to fetch the tablet's state itself (the store ships it as files); Ratis has
    // no files of its own to send, since the state is the store.
    RaftServerConfigKeys.Log.Appender.setInstallSnapshotEnabled(properties, false);
    RaftServerConfigKeys.Snapshot.setAutoTriggerEnabled(properties, true);
    RaftServerConfigKeys.Snapshot.setAutoTriggerThreshold(properties, settings.snapshotThreshold());
    RaftServerConfigKeys.Log.setPurgeUptoSnapshotIndex(properties, true);
    // Ratis purges only once the snapshot is this many entries past the last purge (1024 by default): no further
    // than a snapshot apart, so that a log is forgotten up to each snapshot as its files close.
    RaftServerConfigKeys.Log.setPurgeGap(properties, (int) Math.min(1024, settings.snapshotThreshold()));
    RaftServerConfigKeys.Log.setSegmentSizeMax(properties, SizeInBytes.valueOf(settings.logSegmentBytes()));
    return properties;
  }

  private static TimeDuration duration(long millis) {
    return TimeDuration.valueOf(millis, TimeUnit.MILLISECONDS);
  }

  public ClusterMembership membership() {
    return membership;
  }

  /**
   * Creates the group on this node if it does not host it yet; its members are every node of the cluster. Groups are
   * added and removed one at a time: at start the catalog's replica, applying a table's creation again, and the
   * store, making sure every table's tablets have their groups, add the same group at once, and Ratis (3.1.3) fails
   * the second add with "IllegalStateException: previous != null" while the first is under way (seen in
   * ReplicaDiskFullTest, where it stopped the catalog's replica).
   */
  public void ensureGroup(RaftGroupId groupId) throws StorageException {
    synchronized (groupChanges) {
      ensureGroupAlone(groupId);
    }
  }

  private void ensureGroupAlone(RaftGroupId groupId) throws StorageException {
    if (hosts(groupId)) {
      return;
    }
    RaftGroup group = RaftGroup.valueOf(groupId, membership.peers());
    // Ratis 3.1.3 can fail an add with IllegalStateException "previous != null" when the new group's first
    // election starts twice (RoleInfo), seen under load in a full build; the add is then tried again.
    for (int attempt = 1; ; attempt++) {
      String failure;
      try {
        RaftClientReply reply = server.groupManagement(GroupManagementRequest.newAdd(clientId,
            membership.localPeerId(), callIds.incrementAndGet(), group, true));
        if (reply.isSuccess()) {
          return;
        }
        failure = String.valueOf(reply.getException());
      } catch (AlreadyExistsException e) {
        return; // added meanwhile: what was asked for holds
      } catch (IOException | IllegalStateException e) {
        failure = e.toString();
      }
      if (awaitHosted(groupId)) {
        return;
      }
      if (attempt == 3) {
        throw new StorageException("cannot add Raft group " + groupId + ": " + failure);
      }
      LOG.warn("Adding Raft group {} failed ({}); trying again", groupId, failure);
    }
  }

  /** Whether a group whose adding failed is hosted after all, within a second (its impl may be starting). */
  private boolean awaitHosted(RaftGroupId groupId) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
    while (!hosts(groupId)) {
      if (System.nanoTime() > deadline) {
        return false;
      }
      try {
        Thread.sleep(10); // polling interval: Ratis tells nobody when a group it is adding is listed
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      }
    }
    return true;
  }

  /**
   * Runs {@code listener} once, on a Ratis thread, when a replica of this node stops on its own: it could not apply a
   * committed entry or write its log (see {@link ReplicaFailures}). The argument says which and why. Runs at once
   * if that happened already.
   */
  public void onReplicaFailure(Consumer<String> listener) {
    failures.onFailure(listener);
  }

  /** The first replica of this node that stopped on its own, and why; null if none did. */
  public String replicaFailure() {
    return failures.first();
  }

  /** Removes the group from this node and deletes its log; does nothing if this node does not host it. */
  public void removeGroup(RaftGroupId groupId) throws StorageException {
    synchronized (groupChanges) {
      removeGroupAlone(groupId);
    }
  }

  private void removeGroupAlone(RaftGroupId groupId) throws StorageException {
    if (!hosts(groupId)) {
      return;
    }
    failures.removing(groupId);
    try {
      server.groupManagement(GroupManagementRequest.newRemove(clientId, membership.localPeerId(),
          callIds.incrementAndGet(), groupId, true, false));
    } catch (IOException e) {
      if (hosts(groupId)) {
        throw new StorageException("cannot remove Raft group " + groupId + ": " + e.getMessage(), e);
      }
      // removed meanwhile (a catalog entry dropping the table and a sweep of groups without tables may race)
    } finally {
      failures.removed(groupId);
    }
  }

  /** The groups this node hosts now. */
  public List<RaftGroupId> groups() {
    List<RaftGroupId> groups = new ArrayList<>();
    server.getGroupIds().forEach(groups::add);
    return groups;
  }

  public boolean hosts(RaftGroupId groupId) {
    for (RaftGroupId hosted : server.getGroupIds()) {
      if (hosted.equals(groupId)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Appends {@code entry} to the group's log and returns what the local replica's state answered once the entry is
   * committed (on a majority of the members' disks) and applied here.
   *
   * @throws NotLeaderException if this node does not lead the group; nothing was appended
   * @throws ReplicationException if the outcome is unknown (timeout, node stopping)
   */
  public byte[] submit(RaftGroupId groupId, byte[] entry, String what) throws StorageException {
    RaftClientRequest request = request(groupId, RaftClientRequest.writeRequestType(),
        Message.valueOf(UnsafeByteOperations.unsafeWrap(entry)));
    RaftClientReply reply = await(groupId, request, what);
    return reply.getMessage() == null ? new byte[0] : reply.getMessage().getContent().toByteArray();
  }

  /**
   * Appends {@code entry} to the group's log through its leader wherever it is (this node, through {@link #submit},
   * or another member, as a Ratis client request to its Raft port) and returns the leader's replica's answer. For a
   * change a node makes to a group it need not lead: a master fencing a tablet it splits. While the group elects, the
   * request is sent again; an entry whose answer was lost may so be appended twice, so such entries must be
   * idempotent.
   */
  public byte[] submitThroughLeader(RaftGroupId groupId, byte[] entry, String what) throws StorageException {
    return whileElecting(what, () -> {
      if (leads(groupId)) {
        return submit(groupId, entry, what);
      }
      int leader = leaderNode(groupId);
      if (leader == 0) {
        throw new NotLeaderException(what + " (the group has no leader yet)", 0);
      }
      RaftClientReply reply;
      try {
        reply = peers.append(groupId, ClusterMembership.peerId(leader), entry);
      } catch (IOException e) {
        throw new NotLeaderException(what + " (node " + leader + " did not answer: " + e.getMessage() + ")", 0);
      }
      if (!reply.isSuccess()) {
        throw failure(groupId, what, reply.getException());
      }
      return reply.getMessage() == null ? new byte[0] : reply.getMessage().getContent().toByteArray();
    });
  }

  /**
   * Returns once this node's replica of the group, leading it or not, has applied every entry committed before the
   * call: a follower asks the leader for its read index (Ratis's linearizable read) and waits until it has applied
   * that far. For a node that acts on what its own replica holds, as a master judging a flush from its memtables.
   */
  public void catchUp(RaftGroupId groupId, String what) throws StorageException {
    whileElecting(what, () -> await(groupId, request(groupId, RaftClientRequest.readRequestType(), Message.EMPTY),
        what));
  }

  /** One try of a request to a group whose leader may be changing. */
  @FunctionalInterface
  private interface Attempt<T> {
    T run() throws StorageException;
  }

  /** Tries {@code attempt} again while the group has no leader or its leader moves, within the request timeout. */
  private <T> T whileElecting(String what, Attempt<T> attempt) throws StorageException {
    long deadline = System.nanoTime() + settings.requestTimeout().toNanos();
    while (true) {
      try {
        return attempt.run();
      } catch (NotLeaderException | LeaderNotReady e) {
        if (System.nanoTime() > deadline) {
          throw e;
        }
        try {
          Thread.sleep(50); // the retry interval while the group elects or its leader moves: a fraction of an election
        } catch (InterruptedException interrupted) {
          Thread.currentThread().interrupt();
          throw new ReplicationException("interrupted while waiting for " + what, interrupted);
        }
      }
    }
  }

  /**
   * Returns once this node, leading the group, has applied every entry committed before the call (Raft's read
   * index, from the leader's lease while it holds one): a read of the local state after it is linearizable.
   *
   * @throws NotLeaderException if this node does not lead the group
   */
  public void readBarrier(RaftGroupId groupId, String what) throws StorageException {
    // Ratis would let a follower serve the read too, after asking the leader for its read index; Basalt's clients
    // read where hbase:meta sends them, the leader, so a follower refuses and the client looks the leader up.
    if (!leads(groupId)) {
      throw new NotLeaderException(what, leaderNode(groupId));
    }
    await(groupId, what, () -> {
      CompletableFuture<RaftClientReply> answer = submitAsync(groupId,
          request(groupId, RaftClientRequest.readRequestType(), Message.EMPTY), what);
      try {
        answer.get(READ_NUDGE_AFTER.toNanos(), TimeUnit.NANOSECONDS);
      } catch (TimeoutException e) {
        nudge(groupId);
      } catch (ExecutionException e) {
        // thrown as the caller's exception by awaitAnswer
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new ReplicationException("interrupted while waiting for " + what, e);
      }
      return awaitAnswer(groupId, answer, what);
    });
  }

  /**
   * Appends an empty entry to a group this node leads, which every replica applies as nothing, without waiting for
   * it. Its append carries the leader's commit index to the followers, and their replies confirm a read index
   * waiting for that (see {@link #READ_NUDGE_AFTER}). A failure is only logged: the read waits on either way.
   */
  private void nudge(RaftGroupId groupId) {
    try {
      server.submitClientRequestAsync(request(groupId, RaftClientRequest.writeRequestType(), Message.EMPTY))
          .whenComplete((reply, failure) -> {
            if (failure != null || !reply.isSuccess()) {
              LOG.debug("An empty entry to speed a read of group {} was not appended: {}", groupId,
                  failure != null ? failure : reply.getException());
            }
          });
    } catch (IOException e) {
      LOG.debug("An empty entry to speed a read of group {} was not appended: {}", groupId, e.toString());
    }
  }

  /** What this node's replica of a group is doing, for operators: its role and the last entry it applied. */
  public record ReplicaView(RaftGroupId group, String role, long term, long appliedIndex) {}

  /**
   * This node's replica of {@code groupId} now, or empty if this node does not host the group, or its replica is
   * still starting or already closing.
   */
  public Optional<ReplicaView> view(RaftGroupId groupId) {
    try {
      DivisionInfo info = server.getDivision(groupId).getInfo();
      if (info.getLifeCycleState() != LifeCycle.State.RUNNING) {
        return Optional.empty();
      }
      return Optional.of(new ReplicaView(groupId, info.getCurrentRole().name().toLowerCase(Locale.ROOT),
          info.getCurrentTerm(), info.getLastAppliedIndex()));
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /** Work done at one applied index of a replica. */
  @FunctionalInterface
  public interface AppliedWork<T> {
    T run(long appliedIndex) throws IOException;
  }

  /**
   * Runs {@code work} with the index of the last entry this node's replica of the group applied, while it applies
   * none: what the work pins of the replica's state is the state at that index. Keep it short (take a snapshot,
   * read later): the group's entries wait meanwhile.
   */
  public <T> T atApplied(RaftGroupId groupId, AppliedWork<T> work) throws IOException {
    return ((ReplicaStateMachine) server.getDivision(groupId).getStateMachine()).atApplied(work);
  }

  /** The node leading the group as far as this node knows, or 0. */
  public int leaderNode(RaftGroupId groupId) {
    try {
      return membership.nodeOf(server.getDivision(groupId).getInfo().getLeaderId());
    } catch (IOException e) {
      return 0;
    }
  }

  /** Whether this node leads the group now (it may learn otherwise a moment later; writes check again). */
  public boolean leads(RaftGroupId groupId) {
    try {
      return server.getDivision(groupId).getInfo().isLeader();
    } catch (IOException e) {
      return false;
    }
  }

  private RaftClientRequest request(RaftGroupId groupId, RaftClientRequest.Type type, Message message) {
    return RaftClientRequest.newBuilder()
        .setClientId(clientId)
        .setServerId(membership.localPeerId())
        .setGroupId(groupId)
        .setCallId(callIds.incrementAndGet())
        .setMessage(message)
        .setType(type)
        .build();
  }

  /**
   * Submits the request and waits for its answer. A leader just elected refuses requests until it has committed an
   * entry of its own term (Ratis's LeaderNotReadyException), which takes one round to the followers: such a refusal
   * is retried here, within the request timeout, rather than sent back to a client that would look the leader up
   * again and find this same node.
   */
  private RaftClientReply await(RaftGroupId groupId, RaftClientRequest request, String what)
      throws StorageException {
    return await(groupId, what, () -> awaitAnswer(groupId, submitAsync(groupId, request, what), what));
  }

  private RaftClientReply await(RaftGroupId groupId, String what, Attempt<RaftClientReply> attempt)
      throws StorageException {
    long deadline = System.nanoTime() + settings.requestTimeout().toNanos();
    while (true) {
      try {
        return attempt.run();
      } catch (LeaderNotReady e) {
        if (System.nanoTime() > deadline) {
          throw new NotLeaderException(what + " (its leader is not ready)", 0);
        }
        try {
          Thread.sleep(5); // the retry interval while a new leader commits its first entry
        } catch (InterruptedException interrupted) {
          Thread.currentThread().interrupt();
          throw new ReplicationException("interrupted while waiting for " + what, interrupted);
        }
      }
    }
  }

  /** The local replica leads but is not ready yet: the request may be sent again at once. */
  private static final class LeaderNotReady extends StorageException {
    private static final long serialVersionUID = 1L;

    LeaderNotReady(String what) {
      super(what);
    }
  }

  private CompletableFuture<RaftClientReply> submitAsync(RaftGroupId groupId, RaftClientRequest request, String what)
      throws StorageException {
    try {
      return server.submitClientRequestAsync(request);
    } catch (IOException e) {
      throw failure(groupId, what, e);
    }
  }

  /** Waits for a request's answer, within the request timeout; a refusal is thrown as the matching exception. */
  private RaftClientReply awaitAnswer(RaftGroupId groupId, CompletableFuture<RaftClientReply> future, String what)
      throws StorageException {
    RaftClientReply reply;
    try {
      reply = future.get(settings.requestTimeout().toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ReplicationException("interrupted while waiting for " + what, e);
    } catch (TimeoutException e) {
      throw new ReplicationException(what + " got no answer from its Raft group within "
          + settings.requestTimeout().toMillis() + " ms; it may still take effect", e);
    } catch (ExecutionException e) {
      throw failure(groupId, what, e.getCause());
    }
    if (!reply.isSuccess()) {
      throw failure(groupId, what, reply.getException());
    }
    return reply;
  }

  private StorageException failure(RaftGroupId groupId, String what, Throwable cause) {
    if (cause instanceof org.apache.ratis.protocol.exceptions.NotLeaderException notLeader) {
      return new NotLeaderException(what, notLeader.getSuggestedLeader() == null ? 0
          : membership.nodeOf(notLeader.getSuggestedLeader().getId()));
    }
    if (cause instanceof org.apache.ratis.protocol.exceptions.LeaderNotReadyException) {
      return new LeaderNotReady(what);
    }
    if (cause instanceof org.apache.ratis.protocol.exceptions.ReadIndexException
        || cause instanceof org.apache.ratis.protocol.exceptions.GroupMismatchException) {
      return new NotLeaderException(what, leaderNode(groupId) == membership.localNode() ? 0 : leaderNode(groupId));
    }
    if (cause instanceof RaftException || cause instanceof IOException) {
      return new ReplicationException(what + " failed in its Raft group: " + cause.getMessage(), cause);
    }
    return new ReplicationException(what + " failed in its Raft group: " + cause, cause);
  }

  /**
   * Stops the Raft server, then the installs in progress: each stops at its next request to the leader, or after
   * the step it is in (an import into the store takes seconds at most), so none touches the store once this
   * returns.
   */
  @Override
  public void close() throws StorageException {
    failures.stopping();
    try {
      server.close();
    } catch (IOException e) {
      throw new StorageException("the Raft server of node " + membership.localNode() + " did not close cleanly: "
          + e.getMessage(), e);
    } finally {
      installs.shutdownNow();
      try {
        if (!installs.awaitTermination(settings.requestTimeout().toMillis(), TimeUnit.MILLISECONDS)) {
          LOG.warn("An install on node {} did not stop within {} ms", membership.localNode(),
              settings.requestTimeout().toMillis());
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      closeQuietly(peers);
    }
  }
}
