package io.basalt.storage;

import io.basalt.storage.errors.StorageException;
import io.basalt.storage.replication.ClusterSettings;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A store's place in a cluster, recorded in it the first time it starts as a member: the cluster id, its node id
 * and the members. A store started as another member, or of another cluster, or holding a single node's tables, is
 * refused, since joining with it would silently diverge from the other replicas.
 */
final class StoreMembership {
  /**
   * The server property holding the record; local to the node, never replicated: a replica installing the catalog
   * from another node keeps its own.
   */
  static final String PROPERTY = "cluster.membership";

  private StoreMembership() {}

  /** Records the membership of a new member's store, or checks the one recorded. */
  static void check(Catalog catalog, Path directory, boolean hasTables, ClusterSettings cluster)
      throws StorageException {
    String identity = cluster.clusterId() + " node " + cluster.membership().localNode() + " of "
        + cluster.membership().members();
    Optional<byte[]> recorded = catalog.systemProperty(PROPERTY);
    if (recorded.isEmpty()) {
      if (hasTables) {
        throw new StorageException("data directory " + directory + " holds a single node's tables; a cluster member "
            + "starts from an empty data directory (copy tables in with the copy tool)");
      }
      catalog.putSystemProperty(PROPERTY, identity.getBytes(StandardCharsets.UTF_8));
      return;
    }
    String was = new String(recorded.get(), StandardCharsets.UTF_8);
    if (!was.equals(identity)) {
      throw new StorageException("data directory " + directory + " belongs to cluster " + was + ", not to "
          + identity + "; start this node with its own data directory and the members it was formed with, or "
          + "wipe the directory to join as a new replica");
    }
  }
}
