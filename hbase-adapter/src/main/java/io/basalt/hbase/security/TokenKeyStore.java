package io.basalt.hbase.security;

import java.io.IOException;
import java.util.List;

/** Where the token keys live between restarts, so tokens handed out stay good when the server comes back. */
public interface TokenKeyStore {
  /** The keys saved last; empty the first time. */
  List<TokenKey> load() throws IOException;

  /** Replaces the saved keys, atomically: a crash leaves the old set or the new one. */
  void save(List<TokenKey> keys) throws IOException;
}
