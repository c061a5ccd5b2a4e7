package io.basalt.storage.replication;

import io.basalt.storage.errors.NotLeaderException;
import io.basalt.storage.errors.ReplicationException;
import io.basalt.storage.errors.StorageException;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.ratis.protocol.ClientId;
import org.apache.ratis.protocol.Message;
import org.apache.ratis.protocol.RaftClientReply;
import org.apache.ratis.protocol.RaftClientRequest;
import org.apache.ratis.protocol.RaftGroupId;
import org.apache.ratis.protocol.exceptions.RaftException;
import org.apache.ratis.server.RaftServer;
import org.apache.ratis.thirdparty.com.google.protobuf.UnsafeByteOperations;
/**
 * The requests a node makes of its Raft groups: entries appended through the local server (a node that leads the
 * group) or through the leader wherever it is, read barriers, and a replica caught up to its leader. Each waits
 * within the request timeout, is sent again while its group elects or a new leader is not ready yet, and turns
 * Ratis's refusals into the store's exceptions ({@link NotLeaderException}: the layer above sends its client to the
 * leader). Requests go to the local server directly, not through a Ratis client and a socket.
 */
final class GroupRequests {
  private final ClusterMembership membership;
  private final RaftSettings settings;
  private final RaftServer server;
  private final PeerQueries peers;
  private final LeaderChecks leaderChecks;
  private final ClientId clientId = ClientId.randomId();
  private final AtomicLong callIds = new AtomicLong();

  GroupRequests(ClusterMembership membership, RaftSettings settings, RaftServer server, PeerQueries peers) {
    this.membership = membership;
    this.settings = settings;
    this.server = server;
    this.peers = peers;
    this.leaderChecks = new LeaderChecks(peers::leaderFollowedBy, membership.localNode());
  }

  /**
   * Appends {@code entry} to the group's log and returns what the local replica's state answered once the entry is
   * committed (on a majority of the members' disks) and applied here.
   *
   * @throws NotLeaderException if this node does not lead the group; nothing was appended
   * @throws ReplicationException if the outcome is unknown (timeout, node stopping)
   */
  byte[] submit(RaftGroupId groupId, byte[] entry, String what) throws StorageException {
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
  byte[] submitThroughLeader(RaftGroupId groupId, byte[] entry, String what) throws StorageException {
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
   * call: a leader passes a {@link #readBarrier}; a follower asks the leader for its read index (Ratis's
   * linearizable read, which a leader deposed a moment ago may answer with its last commit, see
   * {@link LeaderChecks}) and waits until it has applied that far. For a node that acts on what its own replica
   * holds, as a master judging a flush from its memtables.
   */
  void catchUp(RaftGroupId groupId, String what) throws StorageException {
    whileElecting(what, () -> {
      if (leads(groupId)) {
        readBarrier(groupId, what); // deposed meanwhile: NotLeaderException, and the next try goes to the leader
        return null;
      }
      return await(groupId, request(groupId, RaftClientRequest.readRequestType(), Message.EMPTY), what);
    });
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
   * Returns once this node, leading the group, has applied every entry committed before the call: a read of the
   * local state after it is linearizable. Raft's read index, with the leadership confirmed by {@link LeaderChecks}
   * rather than by Ratis's own read index (see there why): the commit index when the read arrives, a majority seen
   * following this node after that, and the local replica applied up to that index.
   *
   * @throws NotLeaderException if this node does not lead the group, or a majority no longer follows it
   */
  void readBarrier(RaftGroupId groupId, String what) throws StorageException {
    // Ratis would let a follower serve the read too, after asking the leader for its read index; Basalt's clients
    // read where hbase:meta sends them, the leader, so a follower refuses and the client looks the leader up.
    await(groupId, what, () -> {
      RaftServer.Division division;
      try {
        division = server.getDivision(groupId);
      } catch (IOException e) {
        throw new NotLeaderException(what, 0);
      }
      if (!division.getInfo().isLeader()) {
        throw new NotLeaderException(what, leaderNode(groupId));
      }
      if (!division.getInfo().isLeaderReady()) {
        // Until a new leader commits an entry of its term, its commit index may miss what its predecessors committed.
        throw new LeaderNotReady(what);
      }
      long readIndex = division.getRaftLog().getLastCommittedIndex();
      CompletableFuture<Void> confirmed = leaderChecks.confirm(groupId, membership.localPeerId(),
          division.getRaftConf());
      CompletableFuture<Void> applied = ((ReplicaStateMachine) division.getStateMachine()).whenApplied(readIndex);
      awaitConfirmed(groupId, confirmed, what);
      awaitApplied(applied, readIndex, what);
      return null;
    });
  }

  private void awaitApplied(CompletableFuture<Void> applied, long index, String what) throws StorageException {
    try {
      applied.get(settings.requestTimeout().toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ReplicationException("interrupted while waiting for " + what, e);
    } catch (TimeoutException e) {
      throw new ReplicationException(what + ": this node's replica did not apply entry " + index + " within "
          + settings.requestTimeout().toMillis() + " ms", e);
    } catch (ExecutionException e) {
      throw new NotLeaderException(what + " (" + e.getCause().getMessage() + ")", 0);
    }
  }

  private void awaitConfirmed(RaftGroupId groupId, CompletableFuture<Void> confirmed, String what)
      throws StorageException {
    try {
      confirmed.get(settings.requestTimeout().toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ReplicationException("interrupted while waiting for " + what, e);
    } catch (TimeoutException e) {
      throw new NotLeaderException(what + " (no majority of its group answered within "
          + settings.requestTimeout().toMillis() + " ms that it follows this node)", 0);
    } catch (ExecutionException e) {
      int leader = leaderNode(groupId);
      throw new NotLeaderException(what + " (" + e.getCause().getMessage() + ")",
          leader == membership.localNode() ? 0 : leader);
    }
  }

  /** Forgets what was kept for a group this node no longer hosts. */
  void forget(RaftGroupId groupId) {
    leaderChecks.forget(groupId);
  }

  /** Stops the threads asking members whom they follow. */
  void close() {
    leaderChecks.close();
  }

  /** The node leading the group as far as this node knows, or 0. */
  int leaderNode(RaftGroupId groupId) {
    try {
      return membership.nodeOf(server.getDivision(groupId).getInfo().getLeaderId());
    } catch (IOException e) {
      return 0;
    }
  }

  /** Whether this node leads the group now (it may learn otherwise a moment later; writes check again). */
  boolean leads(RaftGroupId groupId) {
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

}
