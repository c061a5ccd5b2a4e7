package io.basalt.storage.replication;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import org.apache.ratis.protocol.RaftPeer;
import org.apache.ratis.protocol.RaftPeerId;

/**
 * The nodes of a cluster and which of them this process is. Node ids are 1-based positions in {@code members},
 * each member's address its Raft port; the Raft peer id of node N is {@code nN}.
 */
public record ClusterMembership(int localNode, List<InetSocketAddress> members) {

  public ClusterMembership {
    members = List.copyOf(members);
    if (members.isEmpty()) {
      throw new IllegalArgumentException("a cluster needs members");
    }
    if (localNode < 1 || localNode > members.size()) {
      throw new IllegalArgumentException("node " + localNode + " is not one of the " + members.size() + " members");
    }
  }

  public InetSocketAddress localAddress() {
    return members.get(localNode - 1);
  }

  public List<RaftPeer> peers() {
    List<RaftPeer> peers = new ArrayList<>(members.size());
    for (int node = 1; node <= members.size(); node++) {
      InetSocketAddress address = members.get(node - 1);
      peers.add(RaftPeer.newBuilder().setId(peerId(node))
          .setAddress(address.getHostString() + ":" + address.getPort()).build());
    }
    return peers;
  }

  public RaftPeerId localPeerId() {
    return peerId(localNode);
  }

  public static RaftPeerId peerId(int node) {
    return RaftPeerId.valueOf("n" + node);
  }

  /** The node id of a peer of this cluster, or 0 for null or a peer id that names none. */
  public int nodeOf(RaftPeerId peer) {
    if (peer == null) {
      return 0;
    }
    String id = peer.toString();
    if (!id.startsWith("n")) {
      return 0;
    }
    try {
      int node = Integer.parseInt(id.substring(1));
      return node >= 1 && node <= members.size() ? node : 0;
    } catch (NumberFormatException e) {
      return 0;
    }
  }
}
