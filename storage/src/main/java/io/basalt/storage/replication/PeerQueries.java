package io.basalt.storage.replication;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.ratis.client.RaftClientConfigKeys;
import org.apache.ratis.client.RaftClientRpc;
import org.apache.ratis.conf.Parameters;
import org.apache.ratis.conf.RaftProperties;
import org.apache.ratis.grpc.GrpcFactory;
import org.apache.ratis.proto.RaftProtos.RaftPeerRole;
import org.apache.ratis.proto.RaftProtos.RoleInfoProto;
import org.apache.ratis.protocol.ClientId;
import org.apache.ratis.protocol.GroupInfoReply;
import org.apache.ratis.protocol.GroupInfoRequest;
import org.apache.ratis.protocol.Message;
import org.apache.ratis.protocol.RaftClientReply;
import org.apache.ratis.protocol.RaftClientRequest;
import org.apache.ratis.protocol.RaftGroupId;
import org.apache.ratis.protocol.RaftPeerId;
import org.apache.ratis.thirdparty.com.google.protobuf.ByteString;
import org.apache.ratis.thirdparty.com.google.protobuf.UnsafeByteOperations;
import org.apache.ratis.util.TimeDuration;

/**
 * Read-only queries from this node to a replica of a group on another member, sent as Ratis client requests to the
 * member's Raft port: a replica fetching a group's state asks the leader for it this way, so a cluster needs no port
 * of its own for catching up. One gRPC client serves every group; each query is one request and one reply.
 *
 * <p>Queries are Ratis stale reads: the member answers from its state once it has applied up to the index the
 * query names, without asking anyone. The request that pins the state to ship names the entry before the first one
 * the leader still has (the state must hold every entry the leader purged); the requests that then copy files the
 * member already wrote name none. Not linearizable reads: a read index needs the leader to hear from a majority, and
 * a group with one member down and the other waiting for this very install has none; ClusterKillTest hung so, the
 * install asking for two minutes, every try timing out.
 *
 * <p>Besides queries, a replica that has applied nothing may ask the leader to append an empty entry
 * ({@link #appendNothing}), a node may append an entry to a group another member leads ({@link #append}), and a
 * leader asks members whom they follow ({@link #leaderFollowedBy}).
 */
final class PeerQueries implements AutoCloseable {
  private final ClusterMembership membership;
  private final RaftClientRpc rpc;
  private final ClientId clientId = ClientId.randomId();
  private final AtomicLong callIds = new AtomicLong();

  PeerQueries(ClusterMembership membership, Duration timeout) {
    this.membership = membership;
    RaftProperties properties = new RaftProperties();
    // Ratis's client default of 3 s is too short for a read index on a loaded member; a query that gets no answer
    // in the groups' request timeout fails, and the install is started again.
    RaftClientConfigKeys.Rpc.setRequestTimeout(properties, TimeDuration.valueOf(timeout.toMillis(),
        TimeUnit.MILLISECONDS));
    this.rpc = new GrpcFactory(new Parameters()).newRaftClientRpc(clientId, properties);
    rpc.addRaftPeers(membership.peers());
  }

  /**
   * A member of {@code group} to fetch state from, for a replica that needs every entry up to {@code needed}.
   */
  StateSource source(RaftGroupId group, RaftPeerId peer, long needed, Runnable checkOpen) {
    int node = membership.nodeOf(peer);
    return new StateSource() {
      @Override
      public byte[] ask(byte[] request, boolean pin) throws IOException {
        checkOpen.run();
        return query(group, peer, request, pin ? Math.max(0, needed) : 0);
      }

      @Override
      public int node() {
        return node;
      }
    };
  }

  /**
   * Appends an empty entry to {@code group}'s log through {@code peer}, its leader; every replica applies it as
   * nothing. See {@link ReplicaStateMachine} for why a replica asks for one.
   */
  void appendNothing(RaftGroupId group, RaftPeerId peer) throws IOException {
    RaftClientRequest append = RaftClientRequest.newBuilder()
        .setClientId(clientId)
        .setServerId(peer)
        .setGroupId(group)
        .setCallId(callIds.incrementAndGet())
        .setMessage(Message.EMPTY)
        .setType(RaftClientRequest.writeRequestType())
        .build();
    RaftClientReply reply = rpc.sendRequest(append);
    if (!reply.isSuccess()) {
      throw new IOException("node " + membership.nodeOf(peer) + " did not append to group " + group + ": "
          + reply.getException(), reply.getException());
    }
  }

  /**
   * Appends {@code entry} to {@code group}'s log through {@code peer}, which should be its leader, and returns the
   * reply: the leader's replica's answer once the entry is committed and applied there, or why not (the reply's
   * exception, e.g. Ratis's NotLeaderException naming the leader).
   */
  RaftClientReply append(RaftGroupId group, RaftPeerId peer, byte[] entry) throws IOException {
    return rpc.sendRequest(RaftClientRequest.newBuilder()
        .setClientId(clientId)
        .setServerId(peer)
        .setGroupId(group)
        .setCallId(callIds.incrementAndGet())
        .setMessage(Message.valueOf(UnsafeByteOperations.unsafeWrap(entry)))
        .setType(RaftClientRequest.writeRequestType())
        .build());
  }

  /**
   * Whom {@code member} follows in {@code group} now, by Ratis's group-info call: its leader, or null if it is not a
   * follower or knows no leader (Ratis forgets the leader whenever a member's term changes). See {@link LeaderChecks}.
   */
  RaftPeerId leaderFollowedBy(RaftGroupId group, RaftPeerId member) throws IOException {
    RaftClientReply reply = rpc.sendRequest(new GroupInfoRequest(clientId, member, group, callIds.incrementAndGet()));
    if (!reply.isSuccess()) {
      throw new IOException("node " + membership.nodeOf(member) + " did not say whom it follows in group " + group
          + ": " + reply.getException(), reply.getException());
    }
    RoleInfoProto role = ((GroupInfoReply) reply).getRoleInfoProto();
    if (role.getRole() != RaftPeerRole.FOLLOWER || !role.hasFollowerInfo()) {
      return null;
    }
    ByteString leader = role.getFollowerInfo().getLeaderInfo().getId().getId();
    return leader.isEmpty() ? null : RaftPeerId.valueOf(leader);
  }

  private byte[] query(RaftGroupId group, RaftPeerId peer, byte[] request, long appliedAtLeast) throws IOException {
    RaftClientRequest query = RaftClientRequest.newBuilder()
        .setClientId(clientId)
        .setServerId(peer)
        .setGroupId(group)
        .setCallId(callIds.incrementAndGet())
        .setMessage(Message.valueOf(UnsafeByteOperations.unsafeWrap(request)))
        .setType(RaftClientRequest.staleReadRequestType(appliedAtLeast))
        .build();
    RaftClientReply reply = rpc.sendRequest(query);
    if (!reply.isSuccess()) {
      throw new IOException("node " + membership.nodeOf(peer) + " did not answer a query of group " + group + ": "
          + reply.getException(), reply.getException());
    }
    Message answer = reply.getMessage();
    return answer == null ? new byte[0] : answer.getContent().toByteArray();
  }

  @Override
  public void close() throws IOException {
    rpc.close();
  }
}
