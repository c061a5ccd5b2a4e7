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

  /**
   * Not a missing feature: the benchmarks' load generator checked against both servers, whose answers a cluster
   * gives through the same request handling as one process (the differential classes check that); its run there
   * took 42 s of the build, against 32 s on one process.
   */
  static final String BENCHMARK_TOOL = "checks a benchmark tool, not Basalt; 42 s of the build on three nodes";

  private NotInClusterYet() {}
}
