package io.basalt.conformance.differential;

/**
 * What the differential tests leave out when Basalt runs as a cluster ({@code basalt.conformance.cluster=N}), each
 * with its reason, given to {@code @DisabledIfSystemProperty}.
 */
final class NotInClusterYet {
  /**
   * Not a missing feature: a test class that starts a Basalt and an HBase of its own, which on three nodes would add
   * some two minutes to the build for commands the shared servers' tests already cover on the cluster.
   */
  static final String OWN_SERVERS = "starts servers of its own; on a cluster that would add minutes to the build";

  private NotInClusterYet() {}
}
