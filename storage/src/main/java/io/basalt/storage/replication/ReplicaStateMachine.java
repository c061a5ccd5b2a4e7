package io.basalt.storage.replication;

import io.basalt.storage.errors.StorageFullException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.ratis.proto.RaftProtos.LogEntryProto;
import org.apache.ratis.proto.RaftProtos.RoleInfoProto;
import org.apache.ratis.protocol.ClientId;
import org.apache.ratis.protocol.LeaderElectionManagementRequest;
import org.apache.ratis.protocol.Message;
import org.apache.ratis.protocol.RaftClientReply;
import org.apache.ratis.protocol.RaftGroupId;
import org.apache.ratis.protocol.RaftGroupMemberId;
import org.apache.ratis.protocol.RaftPeerId;
import org.apache.ratis.protocol.exceptions.RaftException;
import org.apache.ratis.protocol.exceptions.StateMachineException;
import org.apache.ratis.server.RaftServer;
import org.apache.ratis.server.protocol.TermIndex;
import org.apache.ratis.server.storage.FileInfo;
import org.apache.ratis.server.storage.RaftStorage;
import org.apache.ratis.statemachine.SnapshotInfo;
import org.apache.ratis.statemachine.TransactionContext;
import org.apache.ratis.statemachine.impl.BaseStateMachine;
import org.apache.ratis.thirdparty.com.google.protobuf.ByteString;
import org.apache.ratis.thirdparty.com.google.protobuf.UnsafeByteOperations;
import org.apache.ratis.util.LifeCycle;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Ratis state machine of one group on this node, applying committed entries to a {@link ReplicaState}.
 *
 * <p>Its "snapshot" is the state itself: the store holds what it applied up to a recorded index, so the latest
 * snapshot is that index, and taking one is making the store durable up to the last applied entry. After a restart
 * the group applies its log from there on. Entries are applied on Ratis's one applier thread per group, in log
 * order; a failed apply throws, which stops this group's replica rather than let it skip an entry and diverge.
 *
 * <p><b>Catching up by install.</b> Ratis runs with leader-sent snapshots off, since it has no files of its own to
 * send: when this replica needs entries the leader has purged, Ratis (3.1.3, {@code SnapshotInstallationHandler})
 * calls {@link #notifyInstallSnapshotFromLeader} once, and answers the leader's further notifications "in progress"
 * until the returned future completes. With an index, the next notification pauses this machine, has the applier
 * thread call {@link #reinitialize} (which must then report that index as the latest snapshot), purges the local
 * log up to it and tells the leader, which sends entries from the next index on. A future failing makes the next
 * notification start a new install, so a failed install is retried (after a pause growing with the failures). The
 * install runs on an executor of the node's, not on Ratis's threads: fetching a tablet takes seconds.
 *
 * <p>While the install runs, the applier may still apply entries this replica had committed before; they are older
 * than the installed state. The installing step and applies exclude each other ({@code changing}), and once a state
 * is installed, entries up to its index are skipped instead of applied over it, and no snapshot is taken below it
 * (that would record the older index over the installed one) until Ratis reloads this machine.
 *
 * <p><b>A replica whose disk was wiped.</b> Ratis's leader never lowers what it believes a follower holds (its
 * match index): to a follower that lost its log, it keeps sending heartbeats that follow the entry the follower
 * held before, which the follower refuses (inconsistency, "my log is empty"), and the leader, keeping the next
 * index above that match index for heartbeats ({@code LogAppenderBase.getNextIndexForInconsistency}), never notices
 * the follower needs an install; only an append of entries after the match index, refused the same way, makes it
 * take the follower's word. On a tablet nobody writes to, that never comes. So a replica that has applied nothing a
 * while after learning of its leader asks the leader to append an empty entry ({@link PeerQueries#appendNothing}),
 * which every replica applies as nothing, and asks again, less and less often, until it has applied something.
 */
final class ReplicaStateMachine extends BaseStateMachine {
  private static final Logger LOG = LoggerFactory.getLogger(ReplicaStateMachine.class);
  private static final long MIN_BACKOFF_MILLIS = 250;
  private static final long MAX_BACKOFF_MILLIS = 30_000;
  private static final ClientId ELECTIONS_CLIENT = ClientId.randomId();
  private static final AtomicLong ELECTIONS_CALLS = new AtomicLong();
  private static final long MAX_PAUSE_RETRY_MILLIS = 50;

  private final ReplicaState state;
  private final Runnable leaderChanges;
  private final PeerQueries peers;
  private final Executor installs;
  /** How long a replica that has applied nothing waits after learning of its leader before asking for an entry. */
  private final Duration nudgeAfter;
  /** Held while an entry is applied, a snapshot taken or a fetched state installed. */
  private final ReentrantLock changing = new ReentrantLock();
  private volatile SnapshotInfo snapshot;
  /** The index of the last state installed here, until Ratis reloads the machine; -1 if none. */
  private volatile long installedUpTo = -1;
  private volatile boolean closed;
  private volatile boolean installing;
  /**
   * Whether this replica is kept from standing for leader until its first install: paused, or to be paused as soon
   * as its division runs (see keepOutOfElections).
   */
  private volatile boolean outOfElections;
  /** Installs that failed in a row. */
  private volatile int failures;
  private final ReplicaFailures replicaFailures;
  /** Why an entry could not be applied, once one could not; the machine is closed by Ratis right after. */
  private volatile String applyFailure;
  private final AppliedWaits appliedWaits = new AppliedWaits();

  ReplicaStateMachine(ReplicaState state, Runnable leaderChanges, PeerQueries peers, Executor installs,
      Duration nudgeAfter, ReplicaFailures failures) {
    this.state = state;
    this.replicaFailures = failures;
    this.leaderChanges = leaderChanges;
    this.peers = peers;
    this.installs = installs;
    this.nudgeAfter = nudgeAfter;
  }

  @Override
  public void notifyLeaderChanged(RaftGroupMemberId member, RaftPeerId newLeader) {
    leaderChanges.run();
    if (newLeader != null && !newLeader.equals(member.getPeerId()) && getLastAppliedTermIndex().getIndex() < 0) {
      checkProgress(newLeader, nudgeAfter.toMillis());
    }
  }

  /**
   * After {@code delayMillis}, asks {@code leader} for an empty entry if this replica still has applied nothing and
   * is not installing (see the class comment), and checks again after twice the delay.
   */
  private void checkProgress(RaftPeerId leader, long delayMillis) {
    CompletableFuture.runAsync(() -> {
      if (closed || getLastAppliedTermIndex().getIndex() >= 0 || installing || installedUpTo >= 0) {
        return;
      }
      try {
        LOG.info("Replica of group {} has applied nothing since it learned of leader {}: asking it for an entry",
            getGroupId(), leader);
        peers.appendNothing(getGroupId(), leader);
      } catch (IOException e) {
        LOG.info("Replica of group {} could not have leader {} append an entry: {}", getGroupId(), leader,
            e.getMessage());
      }
      checkProgress(leader, Math.min(MAX_BACKOFF_MILLIS, 2 * delayMillis));
    }, CompletableFuture.delayedExecutor(delayMillis, TimeUnit.MILLISECONDS, installs));
  }

  @Override
  public void initialize(RaftServer server, RaftGroupId groupId, RaftStorage storage) throws IOException {
    // Ratis checks the life cycle when it reloads a machine after an install (PAUSED, then running again).
    getLifeCycle().startAndTransition(() -> {
      super.initialize(server, groupId, storage);
      loadApplied();
    });
    if (state.awaitsInstall()) {
      outOfElections = true;
      keepOutOfElections(server, 1);
    }
  }

  /**
   * Keeps this replica from standing for leader until its first install ({@link ReplicaState#awaitsInstall}), which
   * lets it stand again. Ratis (3.1.3) takes the pause only from a running division, and this machine is initialized
   * while its division starts; a group that never had a leader even starts again after a restart without its
   * members and stays starting (it stands for nothing) until a leader reaches it. So another thread looks at the
   * division every few milliseconds (at most {@value #MAX_PAUSE_RETRY_MILLIS}) and asks for the pause once it runs:
   * the pause lands within that much of the start, and the replica's first election cannot come before a quarter of
   * the minimum election timeout (250 ms by default, see {@link RaftNode}).
   */
  private void keepOutOfElections(RaftServer server, long retryMillis) {
    CompletableFuture.runAsync(() -> {
      if (closed || installedUpTo >= 0) {
        return;
      }
      LifeCycle.State division;
      try {
        division = server.getDivision(getGroupId()).getInfo().getLifeCycleState();
      } catch (IOException e) {
        division = LifeCycle.State.NEW; // not registered yet while it is being created
      }
      if (division.isClosingOrClosed()) {
        return;
      }
      if (division != LifeCycle.State.RUNNING) {
        keepOutOfElections(server, Math.min(MAX_PAUSE_RETRY_MILLIS, 2 * retryMillis));
        return;
      }
      try {
        RaftClientReply reply = server.leaderElectionManagement(LeaderElectionManagementRequest.newPause(
            ELECTIONS_CLIENT, server.getId(), getGroupId(), ELECTIONS_CALLS.incrementAndGet()));
        if (!reply.isSuccess()) {
          throw new IOException(String.valueOf(reply.getException()));
        }
        LOG.info("Replica of group {} stands for leader only once it installed the group's state", getGroupId());
        if (installedUpTo >= 0) {
          resumeElections(); // the install finished while the pause was under way, and resumed before it
        }
      } catch (IOException | RuntimeException e) {
        LOG.warn("Replica of group {} could not be kept out of elections (asked again): {}", getGroupId(),
            e.toString());
        keepOutOfElections(server, MAX_PAUSE_RETRY_MILLIS);
      }
    }, CompletableFuture.delayedExecutor(retryMillis, TimeUnit.MILLISECONDS));
  }

  /** Takes the state's recorded index as the last applied entry and the latest snapshot. */
  private void loadApplied() throws IOException {
    AppliedIndex applied = state.applied();
    if (applied.index() >= 0) {
      TermIndex termIndex = TermIndex.valueOf(applied.term(), applied.index());
      setLastAppliedTermIndex(termIndex);
      appliedWaits.applied(applied.index());
      snapshot = new StoreSnapshot(termIndex);
    } else {
      setLastAppliedTermIndex(TermIndex.valueOf(0, -1));
      snapshot = null;
    }
  }

  @Override
  public SnapshotInfo getLatestSnapshot() {
    return snapshot;
  }

  @Override
  public CompletableFuture<Message> applyTransaction(TransactionContext transaction) {
    LogEntryProto entry = transaction.getLogEntry();
    AppliedIndex at = new AppliedIndex(entry.getTerm(), entry.getIndex());
    byte[] reply = new byte[0];
    ByteString data = entry.getStateMachineLogEntry().getLogData();
    changing.lock();
    try {
      // An empty entry changes nothing: one a replica asked for to be noticed (see the class comment).
      if (at.index() > installedUpTo && !data.isEmpty()) {
        reply = state.apply(at, data.toByteArray());
      }
      // Under the lock, so that a reader holding it (atApplied) sees the index of exactly the entries applied.
      updateLastAppliedTermIndex(entry.getTerm(), entry.getIndex());
      appliedWaits.applied(entry.getIndex());
    } catch (IOException e) {
      // Thrown, not a failed future: Ratis (3.1.3, StateMachineUpdater) counts an entry whose future failed as
      // applied and goes on with the next one, which would leave this replica without the entry's effects for
      // good. A throw stops the group's applier before it counts the entry, and Ratis closes the group here.
      applyFailure = "cannot apply entry " + at.index() + ": " + e.getMessage();
      LOG.error("Replica of group {} {}; it stops, having applied up to entry {}", getGroupId(), applyFailure,
          getLastAppliedTermIndex().getIndex());
      throw new UncheckedIOException("replica of group " + getGroupId() + " cannot apply entry " + at.index()
          + " and stops: " + e.getMessage(), e);
    } catch (RuntimeException e) {
      applyFailure = "cannot apply entry " + at.index() + ": " + e;
      LOG.error("Replica of group {} {}; it stops, having applied up to entry {}", getGroupId(), applyFailure,
          getLastAppliedTermIndex().getIndex());
      throw e;
    } finally {
      changing.unlock();
    }
    return CompletableFuture.completedFuture(Message.valueOf(UnsafeByteOperations.unsafeWrap(reply)));
  }

  /**
   * Runs {@code work} with the index of the last entry applied here while no entry is applied and no state
   * installed, so that what it pins of the state (a RocksDB snapshot, say) is exactly the state at that index.
   */
  <T> T atApplied(RaftNode.AppliedWork<T> work) throws IOException {
    changing.lock();
    try {
      return work.run(getLastAppliedTermIndex().getIndex());
    } finally {
      changing.unlock();
    }
  }

  @Override
  public long takeSnapshot() throws IOException {
    changing.lock();
    try {
      TermIndex last = getLastAppliedTermIndex();
      if (last == null || last.getIndex() < 0 || last.getIndex() <= installedUpTo) {
        return -1;
      }
      state.persist(new AppliedIndex(last.getTerm(), last.getIndex()));
      snapshot = new StoreSnapshot(last);
      return last.getIndex();
    } finally {
      changing.unlock();
    }
  }

  @Override
  public CompletableFuture<Message> query(Message request) {
    ByteString content = request.getContent();
    if (content.isEmpty()) {
      // A follower's catch-up (GroupRequests.catchUp): Ratis calls this once the group has applied everything
      // committed when the read began. The read itself then runs against the store.
      return CompletableFuture.completedFuture(Message.valueOf(ByteString.EMPTY));
    }
    // A request of another replica fetching the state (see ReplicaState.fetch). Failures travel as Ratis's
    // StateMachineException, which the asking node receives in its reply.
    return state.serve(content.toByteArray())
        .handle((answer, failure) -> {
          if (failure != null) {
            Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                ? failure.getCause() : failure;
            throw new CompletionException(new StateMachineException(getId() + " could not answer a request of "
                + "group " + getGroupId() + ": " + cause.getMessage()));
          }
          return Message.valueOf(UnsafeByteOperations.unsafeWrap(answer));
        });
  }

  @Override
  public CompletableFuture<Message> queryStale(Message request, long minIndex) {
    // Asked with minimum index 0 by a replica copying files this replica already wrote: nothing to wait for.
    return query(request);
  }

  @Override
  public CompletableFuture<TermIndex> notifyInstallSnapshotFromLeader(RoleInfoProto role,
      TermIndex firstTermIndexInLog) {
    String leaderId = role.getFollowerInfo().getLeaderInfo().getId().getId().toStringUtf8();
    if (leaderId.isEmpty()) {
      return CompletableFuture.failedFuture(new IOException("group " + getGroupId() + " must install its state "
          + "but its leader is not known"));
    }
    RaftPeerId leader = RaftPeerId.valueOf(leaderId);
    LOG.info("Replica of group {} needs entries before {}, which its leader {} no longer has: fetching the state",
        getGroupId(), firstTermIndexInLog, leader);
    installing = true;
    return CompletableFuture.supplyAsync(() -> install(leader, firstTermIndexInLog.getIndex() - 1), installs)
        .whenComplete((installed, failure) -> {
          failures = failure == null ? 0 : failures + 1;
          installing = false;
        })
        .exceptionallyCompose(this::afterBackoff);
  }

  /**
   * Fails with {@code failure} after a pause that doubles with each failure in a row (a quarter second up to half a
   * minute): Ratis answers the leader "in progress" meanwhile and starts a new install at the first notification
   * after, so a replica that cannot install (its disk full, say) does not have the leader write its state out again
   * every heartbeat.
   */
  private CompletableFuture<TermIndex> afterBackoff(Throwable failure) {
    long pause = Math.min(MAX_BACKOFF_MILLIS, MIN_BACKOFF_MILLIS << Math.min(failures - 1, 10));
    return CompletableFuture.runAsync(() -> { }, CompletableFuture.delayedExecutor(pause, TimeUnit.MILLISECONDS))
        .thenCompose(paused -> CompletableFuture.failedFuture(failure));
  }

  /**
   * Fetches the state from {@code leader}, holding every entry up to {@code needed} at least, and installs it;
   * returns the entry it holds everything up to.
   */
  private TermIndex install(RaftPeerId leader, long needed) {
    long started = System.nanoTime();
    try (ReplicaState.Fetched fetched = state.fetch(peers.source(getGroupId(), leader, needed, this::checkOpen))) {
      long wasFetched = System.nanoTime();
      AppliedIndex at = fetched.index();
      if (at.index() < 0) {
        throw new IOException("node " + leader + " sent a state that holds no entry");
      }
      changing.lock();
      try {
        checkOpen();
        if (at.index() <= getLastAppliedTermIndex().getIndex()) {
          throw new IOException("node " + leader + " sent the state up to entry " + at.index() + ", not past entry "
              + getLastAppliedTermIndex().getIndex() + " this replica has applied");
        }
        fetched.install();
        installedUpTo = at.index();
      } finally {
        changing.unlock();
      }
      resumeElections();
      long done = System.nanoTime();
      LOG.info("Replica of group {} installed the state up to entry {} from {}: {} bytes in {} ms ({} ms fetching, "
          + "{} ms installing)", getGroupId(), at.index(), leader, fetched.bytes(), (done - started) / 1_000_000,
          (wasFetched - started) / 1_000_000, (done - wasFetched) / 1_000_000);
      return TermIndex.valueOf(at.term(), at.index());
    } catch (IOException | RuntimeException e) {
      if (diskFull(e)) {
        // Retrying cannot help until space is freed, and the group goes on without this replica meanwhile: the
        // node is told, as for an entry it cannot apply.
        replicaFailures.cannotInstall(getGroupId(), e.getMessage());
      }
      LOG.warn("Replica of group {} could not install the state of {} (it is asked again): {}", getGroupId(), leader,
          e.toString());
      throw new CompletionException(e);
    }
  }

  /** Whether this replica is kept from standing for leader until it installs the group's state. */
  boolean keptOutOfElections() {
    return outOfElections;
  }

  /** Lets this replica stand for leader again, now that it holds a state (see {@link #keepOutOfElections}). */
  private void resumeElections() {
    try {
      RaftServer server = getServer().join();
      RaftClientReply reply = server.leaderElectionManagement(LeaderElectionManagementRequest.newResume(
          ELECTIONS_CLIENT, server.getId(), getGroupId(), ELECTIONS_CALLS.incrementAndGet()));
      if (!reply.isSuccess()) {
        throw new IOException(String.valueOf(reply.getException()));
      }
      outOfElections = false;
    } catch (IOException | RuntimeException e) {
      // It still follows and votes; only standing for leader waits until the group is next started here.
      LOG.warn("Replica of group {} could not stand for leader again after its install: {}", getGroupId(),
          e.toString());
    }
  }

  /**
   * Whether {@code failure} is this node's disk being full: the store says so ({@link StorageFullException}), or a
   * file write failed with the system's ENOSPC message, as the store itself recognizes one ({@code RocksErrors}).
   * Not a failure the leader answered with (a Ratis exception in the chain, its message quoted in the wrappers'):
   * the leader's disk being full is not this replica's.
   */
  private static boolean diskFull(Throwable failure) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof RaftException) {
        return false;
      }
    }
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof StorageFullException
          || (cause.getMessage() != null && cause.getMessage().contains("No space left on device"))) {
        return true;
      }
    }
    return false;
  }

  private void checkOpen() {
    if (closed || Thread.currentThread().isInterrupted()) {
      throw new UncheckedIOException(new InterruptedIOException("replica of group " + getGroupId() + " is closing"));
    }
  }

  @Override
  public void pause() {
    if (getLifeCycleState() == LifeCycle.State.RUNNING) {
      getLifeCycle().transition(LifeCycle.State.PAUSING);
      getLifeCycle().transition(LifeCycle.State.PAUSED);
    }
  }

  /** Called by Ratis on the applier thread after an install: the state now holds the installed index. */
  @Override
  public void reinitialize() throws IOException {
    getLifeCycle().startAndTransition(this::loadApplied);
  }

  /** Completes once this replica has applied entry {@code index}; fails if it closes first. */
  CompletableFuture<Void> whenApplied(long index) {
    return appliedWaits.whenApplied(index);
  }

  /** Called by Ratis for an entry of its own (a configuration, a new leader's first entry) it has applied. */
  @Override
  public void notifyTermIndexUpdated(long term, long index) {
    super.notifyTermIndexUpdated(term, index);
    appliedWaits.applied(index);
  }

  @Override
  public void close() throws IOException {
    closed = true;
    appliedWaits.closed();
    super.close();
    replicaFailures.closed(getGroupId(), applyFailure);
  }

  /** The state in the store, as of an applied index; it has no files of its own to send. */
  private record StoreSnapshot(TermIndex termIndex) implements SnapshotInfo {
    @Override
    public TermIndex getTermIndex() {
      return termIndex;
    }

    @Override
    public List<FileInfo> getFiles() {
      return List.of();
    }
  }
}
