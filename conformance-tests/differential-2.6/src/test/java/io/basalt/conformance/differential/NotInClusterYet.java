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

  /**
   * Not a missing feature: a test class comparing table descriptors alone, which a cluster's master changes and
   * keeps with the same code as one process (SchemaChangeOracleTest compares descriptors through the replicated
   * catalog on the cluster); its tables' creations, clones and restores take a minute on three nodes.
   */
  static final String DESCRIPTORS_ONLY = "compares table descriptors only, kept by the same code on a cluster; "
      + "a minute of the build on three nodes";

  private NotInClusterYet() {}
}
