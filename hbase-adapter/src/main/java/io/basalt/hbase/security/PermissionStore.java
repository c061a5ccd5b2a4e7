package io.basalt.hbase.security;

import java.io.IOException;
import java.util.Optional;

/**
 * Where the grants are kept (the catalog, which a cluster replicates): their bytes, as {@link PermissionTable} writes
 * them.
 */
public interface PermissionStore {
  Optional<byte[]> load() throws IOException;

  void save(byte[] grants) throws IOException;
}
