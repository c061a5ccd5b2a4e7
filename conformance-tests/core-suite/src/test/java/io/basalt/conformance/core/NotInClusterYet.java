package io.basalt.conformance.core;

/**
 * Why some core tests do not run against a cluster yet: cluster mode refuses splitting and merging tablets
 * (DoNotRetryIOException "... is not available in cluster mode yet") until they are replicated. docs/cluster.md lists what is missing; every other core test runs against three nodes.
 */
final class NotInClusterYet {
  static final String REASON = "cluster mode does not replicate splitting or merging tablets yet";

  private NotInClusterYet() {}
}
