package io.basalt.storage.replication;

import io.basalt.storage.errors.NotLeaderException;
import io.basalt.storage.errors.ReplicationException;
import io.basalt.storage.errors.StorageException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Stream;
import org.apache.ratis.RaftConfigKeys;
import org.apache.ratis.conf.RaftProperties;
import org.apache.ratis.grpc.GrpcConfigKeys;
import org.apache.ratis.protocol.ClientId;
import org.apache.ratis.protocol.GroupManagementRequest;
import org.apache.ratis.protocol.RaftClientReply;
import org.apache.ratis.protocol.RaftGroup;
import org.apache.ratis.protocol.RaftGroupId;
import org.apache.ratis.protocol.exceptions.AlreadyExistsException;
import org.apache.ratis.server.DivisionInfo;
import org.apache.ratis.server.RaftServer;
import org.apache.ratis.server.RaftServerConfigKeys;
import org.apache.ratis.server.storage.RaftStorage;
import org.apache.ratis.util.ExitUtils;
import org.apache.ratis.util.LifeCycle;
import org.apache.ratis.util.SizeInBytes;
import org.apache.ratis.util.TimeDuration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * This node's Raft server: one Apache Ratis server, over gRPC on the node's cluster port, hosting one group per
 * replicated thing (the catalog, each tablet), every group on the same members. It adds and removes this node's
 * groups; writes and read barriers go through {@link GroupRequests}, and a node that does not lead the group is told
 * so ({@link NotLeaderException}) and the layer above sends its client to the leader.
 *
 * <p>A replica too far behind its leader fetches the group's state from it ({@link ReplicaStateMachine} says how),
 * on this node's install threads and through Ratis client requests to the leader's Raft port ({@link PeerQueries}).
 */
public final class RaftNode implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(RaftNode.class);
  /** How far ahead of its end a group's open log file is filled with zeros (Ratis's default is 4 MB). */
  private static final long PREALLOCATION_BYTES = 64 << 10;
  /** Tries to add a group before giving up; see {@link #ensureGroup}. */
  private static final int ADD_ATTEMPTS = 6;
  private static final long RETRY_PAUSE_MAX_MILLIS = 1000;

  private final ClusterMembership membership;
  private final RaftSettings settings;
  /** Where the groups' logs are, one directory per group named by its id. */
  private final Path directory;
  private final RaftServer server;
  private final ClientId clientId = ClientId.randomId();
  private final AtomicLong callIds = new AtomicLong();
  private final PeerQueries peers;
  private final GroupRequests requests;
  private final ExecutorService installs;
  private final ReplicaFailures failures;
  /** Held while a group is added or removed on this node. */
  private final Object groupChanges = new Object();
  private final GroupAdditions additions;

  private RaftNode(ClusterMembership membership, RaftSettings settings, Path directory, RaftServer server,
      PeerQueries peers, ExecutorService installs, ReplicaFailures failures, GroupAdditions additions) {
    this.additions = additions;
    this.directory = directory;
    this.failures = failures;
    this.membership = membership;
    this.settings = settings;
    this.server = server;
    this.peers = peers;
    this.requests = new GroupRequests(membership, settings, server, peers);
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
    GroupAdditions additions = new GroupAdditions();
    RaftConfigKeys.Rpc.setType(properties, new GuardedGrpcRpc());
    // Ratis ends the JVM (System.exit(1)) when its gRPC server cannot bind its port, the one place this version
    // of Ratis exits (checked in ratis-server, -grpc and -common 3.1.3); with that turned off it throws instead, and
    // a node whose Raft port is taken reports it like any other failure to start, rather than vanishing with an
    // embedding application or a test JVM. The switch is JVM-wide and cannot be turned back on.
    ExitUtils.disableSystemExit();
    RaftServer server = null;
    try {
      server = RaftServer.newBuilder()
          .setServerId(membership.localPeerId())
          .setGroup(RaftGroup.valueOf(firstGroup, membership.peers()))
          .setOption(RaftStorage.StartupOption.RECOVER)
          .setProperties(properties)
          .setParameters(GuardedGrpcRpc.parameters(additions))
          .setStateMachineRegistry(groupId -> new ReplicaStateMachine(states.apply(groupId), leaderChanges, peers,
              installs, settings.electionTimeoutMax().multipliedBy(2), failures))
          .build();
      server.start();
      LOG.info("Raft server of node {} listening on {}", membership.localNode(), membership.localAddress());
      return new RaftNode(membership, settings, directory, server, peers, installs, failures, additions);
    } catch (IOException | ExitUtils.ExitException e) {
      failures.stopping();
      installs.shutdownNow();
      closeQuietly(peers);
      if (server != null) {
        closeAfterFailedStart(server); // its log directories stay locked until it is closed
      }
      Throwable cause = e instanceof ExitUtils.ExitException && e.getCause() != null ? e.getCause() : e;
      throw new StorageException("cannot start the Raft server of node " + membership.localNode() + " on "
          + membership.localAddress() + ": " + cause.getMessage(), e);
    }
  }

  private static void closeAfterFailedStart(RaftServer server) {
    try {
      server.close();
    } catch (IOException | RuntimeException e) {
      LOG.warn("Could not close the Raft server that failed to start: {}", e.toString());
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
    // A group's first election after its start comes sooner, after a quarter to a half of the minimum timeout: a new
    // table's tablets have no leader until their groups elect one, and its creation waits for them
    // (CatalogChanges.awaitLeaders), one to two election timeouts with the ordinary timeouts (the cluster module's
    // DdlTest took 16.4 s with them, 10.8 s with a fifth to two fifths). A restarted node's group that stands too
    // early is turned away at the pre-vote (Ratis's default) by members that hear from the group's leader, and then
    // waits the ordinary timeouts. A replica that must not stand at all is paused well before (ReplicaStateMachine).
    long firstMin = Math.max(1, settings.electionTimeoutMin().toMillis() / 4);
    RaftServerConfigKeys.Rpc.setFirstElectionTimeoutMin(properties, duration(firstMin));
    RaftServerConfigKeys.Rpc.setFirstElectionTimeoutMax(properties, duration(2 * firstMin));
    RaftServerConfigKeys.Rpc.setRequestTimeout(properties, duration(settings.requestTimeout().toMillis()));
    // A leader's reads are read-index reads whose leadership check Basalt makes itself (LeaderChecks): Ratis's read
    // index skips the check for a commit index a majority confirmed before, and its leader lease is renewed by any
    // append reply, a refusal from a member in a later term included. PausedLeaderTest caught a leader stopped with
    // SIGSTOP past an election answering a read from its old state right after SIGCONT, with either. Ratis's
    // linearizable reads remain for a follower catching up (GroupRequests.catchUp), the lease off.
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
    // Ratis refuses an entry larger than the appender's byte limit, and each group's log writes through a direct
    // buffer that must hold the largest entry and its length and checksum (8 bytes): both from the entry limit,
    // which is the memory a group costs outside the heap (see RaftSettings).
    long entryLimit = (long) settings.entryMaxBytes() + RaftSettings.ENTRY_ENVELOPE_BYTES;
    RaftServerConfigKeys.Log.Appender.setBufferByteLimit(properties, SizeInBytes.valueOf(entryLimit));
    RaftServerConfigKeys.Log.setWriteBufferSize(properties, SizeInBytes.valueOf(entryLimit + 8));
    // A log file grows in preallocated steps of zeros, and a node restarted after a kill reads the unwritten rest of
    // each group's open file to check it is all zeros, a few kilobytes at a time. With Ratis's 4 MB steps that check
    // was two thirds of the Raft server's start in jstack samples of the 100-kill run; with 1 MB steps it was still a
    // quarter of the Java samples (JFR) of a restart of a node with 100 tablets written to since its last start, which
    // took 28.5 s and 30.7 s of CPU on the shared two cores; with 64 KB steps 16.7 s and 13.2 s. Writes pay one more
    // write of zeros and one size change per 64 KB of log, next to a sync per entry: 1 KB puts from 8 threads to a
    // three-node cluster ran at the same rate with either step, within the run's noise.
    RaftServerConfigKeys.Log.setPreallocatedSize(properties, SizeInBytes.valueOf(PREALLOCATION_BYTES));
    return properties;
  }

  private static TimeDuration duration(long millis) {
    return TimeDuration.valueOf(millis, TimeUnit.MILLISECONDS);
  }

  /** The largest entry a group's log takes (see {@link RaftSettings#entryMaxBytes}). */
  public int entryMaxBytes() {
    return settings.entryMaxBytes();
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
    // A leader's install notice arriving while the group starts fails the add (GroupAdditions says how): the
    // server's gRPC side turns such notices away until the add ends. Should an add fail all the same, it leaves the
    // group's log directory formatted and locked by the division that never started (a retry recovering it waited
    // 5 s for the lock, in vain; one formatting it was refused as existing, both seen in ReplicaDiskFullTest). The
    // directory holds nothing this node needs (the add formats it, so it did not exist before), and a lock belongs
    // to the file it was taken on: the retry deletes the directory and formats a new one.
    for (int attempt = 1; ; attempt++) {
      String failure;
      additions.begun(groupId);
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
      } finally {
        additions.ended(groupId);
      }
      if (awaitHosted(groupId)) {
        return;
      }
      if (attempt == ADD_ATTEMPTS) {
        throw new StorageException("cannot add Raft group " + groupId + ": " + failure);
      }
      LOG.warn("Adding Raft group {} failed ({}); trying again", groupId, failure);
      deleteLog(groupId);
      // A random part of a second, so that the next add does not meet whatever periodic call failed this one at
      // the same point of its start (a leader's heartbeats come every half election timeout).
      pauseBeforeRetry();
    }
  }

  private static void pauseBeforeRetry() throws StorageException {
    try {
      Thread.sleep(ThreadLocalRandom.current().nextLong(RETRY_PAUSE_MAX_MILLIS));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new StorageException("interrupted while adding a Raft group", e);
    }
  }

  /** Deletes the log directory a failed add of a group left behind. */
  private void deleteLog(RaftGroupId groupId) throws StorageException {
    Path log = directory.resolve(groupId.getUuid().toString());
    if (!Files.exists(log)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(log)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    } catch (IOException e) {
      throw new StorageException("cannot delete the log of Raft group " + groupId + " a failed add left in " + log
          + ": " + e.getMessage(), e);
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
      requests.forget(groupId);
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
    return requests.submit(groupId, entry, what);
  }

  /**
   * Appends {@code entry} to the group's log through its leader wherever it is and returns the leader's replica's
   * answer; see {@link GroupRequests#submitThroughLeader}. Such entries must be idempotent.
   */
  public byte[] submitThroughLeader(RaftGroupId groupId, byte[] entry, String what) throws StorageException {
    return requests.submitThroughLeader(groupId, entry, what);
  }

  /** Returns once this node's replica of the group, leading it or not, has applied what was committed before. */
  public void catchUp(RaftGroupId groupId, String what) throws StorageException {
    requests.catchUp(groupId, what);
  }

  /**
   * Returns once this node, leading the group, has applied every entry committed before the call: a read of the
   * local state after it is linearizable.
   *
   * @throws NotLeaderException if this node does not lead the group
   */
  public void readBarrier(RaftGroupId groupId, String what) throws StorageException {
    requests.readBarrier(groupId, what);
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

  /**
   * Whether this node's replica of the group is kept from standing for leader until it installs the group's state
   * ({@link ReplicaState#awaitsInstall}); false if it does not host the group.
   */
  public boolean keptOutOfElections(RaftGroupId groupId) {
    try {
      return ((ReplicaStateMachine) server.getDivision(groupId).getStateMachine()).keptOutOfElections();
    } catch (IOException e) {
      return false;
    }
  }

  /** The node leading the group as far as this node knows, or 0. */
  public int leaderNode(RaftGroupId groupId) {
    return requests.leaderNode(groupId);
  }

  /** Whether this node leads the group now (it may learn otherwise a moment later; writes check again). */
  public boolean leads(RaftGroupId groupId) {
    return requests.leads(groupId);
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
      requests.close();
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
