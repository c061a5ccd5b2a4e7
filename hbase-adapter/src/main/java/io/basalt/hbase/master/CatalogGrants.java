package io.basalt.hbase.master;

import io.basalt.hbase.security.PermissionStore;
import io.basalt.storage.TabletStore;
import java.io.IOException;
import java.util.Optional;

/**
 * The grants, kept in the store's catalog as one value, like the namespaces: the catalog is on every node of a
 * cluster and replicated with it, so every node checks calls against the same grants, and a grant or revoke is
 * saved (in a cluster, committed by a majority) before it is answered.
 */
public final class CatalogGrants implements PermissionStore {
  private static final String PROPERTY = "hbase.acl";

  private final TabletStore store;

  public CatalogGrants(TabletStore store) {
    this.store = store;
  }

  @Override
  public Optional<byte[]> load() throws IOException {
    return store.systemProperty(PROPERTY);
  }

  @Override
  public void save(byte[] grants) throws IOException {
    store.putSystemProperty(PROPERTY, grants);
  }
}
