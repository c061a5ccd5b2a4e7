package io.basalt.storage.replication;

import java.time.Clock;
import java.time.Duration;

/**
 * What makes a store a cluster member: the cluster's id (the same on every node, chosen when the cluster first
 * formed), the members and which one this is, and the Raft timing; and this node's clock with the difference from
 * the other nodes' clocks tolerated ({@code hbase.master.maxclockskew}), which bounds the cell timestamps a replica
 * counts towards its tablets' timestamp floors.
 */
public record ClusterSettings(String clusterId, ClusterMembership membership, RaftSettings raft, Clock clock,
    Duration maxClockSkew) {
  /** HBase's default {@code hbase.master.maxclockskew}. */
  public static final Duration DEFAULT_MAX_CLOCK_SKEW = Duration.ofSeconds(30);

  public ClusterSettings {
    if (clusterId == null || clusterId.isEmpty()) {
      throw new IllegalArgumentException("a cluster needs an id");
    }
    if (maxClockSkew.isNegative()) {
      throw new IllegalArgumentException("a clock skew tolerance cannot be negative");
    }
  }

  /** With the system clock and HBase's default tolerated skew. */
  public ClusterSettings(String clusterId, ClusterMembership membership, RaftSettings raft) {
    this(clusterId, membership, raft, Clock.systemUTC(), DEFAULT_MAX_CLOCK_SKEW);
  }
}
