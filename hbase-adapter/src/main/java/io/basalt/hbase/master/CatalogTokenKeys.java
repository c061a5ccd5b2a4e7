package io.basalt.hbase.master;

import io.basalt.hbase.security.TokenKey;
import io.basalt.hbase.security.TokenKeyStore;
import io.basalt.storage.TabletStore;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

/**
 * The delegation token keys of a cluster, kept in the replicated catalog so that every node holds the same keys and
 * a token one node issued is good on all of them, also after the node that made its key is gone. Like the
 * catalog's other contents they are in every node's data directory, which only the server's user may read.
 */
public final class CatalogTokenKeys implements TokenKeyStore {
  private static final String PROPERTY = "hbase.auth.keys";

  private final TabletStore store;

  public CatalogTokenKeys(TabletStore store) {
    this.store = store;
  }

  @Override
  public List<TokenKey> load() throws IOException {
    Optional<byte[]> saved = store.systemProperty(PROPERTY);
    return saved.isEmpty() ? List.of()
        : TokenKey.fromText(new String(saved.get(), StandardCharsets.US_ASCII), "the catalog's " + PROPERTY);
  }

  @Override
  public void save(List<TokenKey> keys) throws IOException {
    store.putSystemProperty(PROPERTY, TokenKey.toText(keys).getBytes(StandardCharsets.US_ASCII));
  }
}
