package io.basalt.storage.replication;

/**
 * What makes a store a cluster member: the cluster's id (the same on every node, chosen when the cluster first
 * formed), the members and which one this is, and the Raft timing.
 */
public record ClusterSettings(String clusterId, ClusterMembership membership, RaftSettings raft) {
  public ClusterSettings {
    if (clusterId == null || clusterId.isEmpty()) {
      throw new IllegalArgumentException("a cluster needs an id");
    }
  }
}
