package io.basalt.storage.replication;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.ratis.proto.RaftProtos.LogEntryProto;
import org.apache.ratis.protocol.Message;
import org.apache.ratis.protocol.RaftGroupId;
import org.apache.ratis.protocol.RaftGroupMemberId;
import org.apache.ratis.protocol.RaftPeerId;
import org.apache.ratis.server.RaftServer;
import org.apache.ratis.server.protocol.TermIndex;
import org.apache.ratis.server.storage.FileInfo;
import org.apache.ratis.server.storage.RaftStorage;
import org.apache.ratis.statemachine.SnapshotInfo;
import org.apache.ratis.statemachine.TransactionContext;
import org.apache.ratis.statemachine.impl.BaseStateMachine;
import org.apache.ratis.thirdparty.com.google.protobuf.ByteString;
import org.apache.ratis.thirdparty.com.google.protobuf.UnsafeByteOperations;

/**
 * The Ratis state machine of one group on this node, applying committed entries to a {@link ReplicaState}.
 *
 * <p>Its "snapshot" is the state itself: the store holds what it applied up to a recorded index, so the latest
 * snapshot is that index, and taking one is making the store durable up to the last applied entry. After a restart
 * the group applies its log from there on. Entries are applied on Ratis's one applier thread per group, in log
 * order; a failed apply throws, which stops this group's replica rather than let it skip an entry and diverge.
 */
final class ReplicaStateMachine extends BaseStateMachine {
  private final ReplicaState state;
  private final Runnable leaderChanges;
  private volatile SnapshotInfo snapshot;

  ReplicaStateMachine(ReplicaState state, Runnable leaderChanges) {
    this.state = state;
    this.leaderChanges = leaderChanges;
  }

  @Override
  public void notifyLeaderChanged(RaftGroupMemberId member, RaftPeerId newLeader) {
    leaderChanges.run();
  }

  @Override
  public void initialize(RaftServer server, RaftGroupId groupId, RaftStorage storage) throws IOException {
    super.initialize(server, groupId, storage);
    AppliedIndex applied = state.applied();
    if (applied.index() >= 0) {
      TermIndex termIndex = TermIndex.valueOf(applied.term(), applied.index());
      setLastAppliedTermIndex(termIndex);
      snapshot = new StoreSnapshot(termIndex);
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
    byte[] reply;
    try {
      reply = state.apply(at, entry.getStateMachineLogEntry().getLogData().toByteArray());
    } catch (IOException e) {
      throw new UncheckedIOException("replica of group " + getGroupId() + " cannot apply entry " + at.index()
          + " and stops: " + e.getMessage(), e);
    }
    updateLastAppliedTermIndex(entry.getTerm(), entry.getIndex());
    return CompletableFuture.completedFuture(Message.valueOf(UnsafeByteOperations.unsafeWrap(reply)));
  }

  @Override
  public long takeSnapshot() throws IOException {
    TermIndex last = getLastAppliedTermIndex();
    if (last == null || last.getIndex() < 0) {
      return -1;
    }
    state.persist(new AppliedIndex(last.getTerm(), last.getIndex()));
    snapshot = new StoreSnapshot(last);
    return last.getIndex();
  }

  @Override
  public CompletableFuture<Message> query(Message request) {
    // A read barrier: Ratis calls this once the group has applied everything committed when the read began, on the
    // leader that confirmed it still leads. The read itself then runs against the store.
    return CompletableFuture.completedFuture(Message.valueOf(ByteString.EMPTY));
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
