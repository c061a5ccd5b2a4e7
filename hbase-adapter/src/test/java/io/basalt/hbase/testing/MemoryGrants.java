package io.basalt.hbase.testing;

import io.basalt.hbase.security.PermissionStore;
import java.util.Optional;

/** Grants kept in memory, as the catalog keeps them between restarts of the grants (not of the test). */
public final class MemoryGrants implements PermissionStore {
  private byte[] saved;

  @Override
  public Optional<byte[]> load() {
    return Optional.ofNullable(saved);
  }

  @Override
  public void save(byte[] grants) {
    saved = grants;
  }
}
