package io.basalt.server.info;

import java.util.List;

/**
 * A cluster member's replicas as the info port shows them (the assembly copies them from the store's report, which
 * this package does not see).
 *
 * @param catalogInstalls states of the catalog installed from a leader since the node started
 * @param tabletInstalls states of tablets installed from a leader since the node started
 * @param replicas one per Raft group the node hosts
 * @param failure the first replica of the node that stopped on its own and why (the node then stops), or null
 */
public record ReplicationView(long catalogInstalls, long tabletInstalls, List<Replica> replicas, String failure) {

  /**
   * One replica: its group, what it replicates, its Raft role, the last entry it applied and, when asked for, the
   * digest of its tablet's rows at that entry (null otherwise).
   */
  public record Replica(String group, String replicates, String role, long appliedIndex, String digest) {}
}
