package io.basalt.embedded;

import io.basalt.server.config.Settings;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How to start an {@link EmbeddedBasalt}. The defaults suit a test: loopback only, free ports, no info port, a
 * temporary data directory, RocksDB memory sized for small data, and a short grace period on close.
 */
public final class EmbeddedBasaltBuilder {
  private static final String LOOPBACK = "127.0.0.1";

  private final Map<String, String> properties = new LinkedHashMap<>();
  private Path keptDataDirectory;

  EmbeddedBasaltBuilder() {
    properties.put(Settings.BIND_ADDRESS.key(), LOOPBACK);
    properties.put(Settings.HOSTNAME.key(), LOOPBACK);
    properties.put(Settings.RPC_PORT.key(), "0");
    properties.put(Settings.ZOOKEEPER_PORT.key(), "0");
    properties.put(Settings.INFO_PORT.key(), "-1");
    properties.put(Settings.HANDLER_COUNT.key(), "8");
    properties.put(Settings.BLOCK_CACHE_BYTES.key(), String.valueOf(32L << 20));
    properties.put(Settings.MEMTABLE_BUDGET_BYTES.key(), String.valueOf(64L << 20));
    properties.put(Settings.BACKGROUND_JOBS.key(), "2");
    properties.put(Settings.SHUTDOWN_GRACE.key(), "5000");
  }

  /**
   * Keeps the data in {@code directory} (created if missing) instead of a temporary directory, and leaves it there
   * on close, so a second server started on it sees the same tables: a restart in a test.
   */
  public EmbeddedBasaltBuilder dataDirectory(Path directory) {
    this.keptDataDirectory = directory;
    return this;
  }

  /** Publishes to an external ZooKeeper ensemble ({@code host:port,...}) instead of starting one inside. */
  public EmbeddedBasaltBuilder zookeeperQuorum(String quorum) {
    properties.put(Settings.ZOOKEEPER_EMBEDDED.key(), "false");
    properties.put(Settings.ZOOKEEPER_QUORUM.key(), quorum);
    return this;
  }

  /** Any server property Basalt reads (see conf/basalt-site.xml), e.g. {@code hbase.server.keyvalue.maxsize}. */
  public EmbeddedBasaltBuilder property(String key, String value) {
    if (key.equals(Settings.DATA_DIR.key())) {
      throw new IllegalArgumentException("use dataDirectory(Path) to choose where the data goes");
    }
    properties.put(key, value);
    return this;
  }

  /** Starts the server and returns once a client can connect. */
  public EmbeddedBasalt start() throws IOException {
    DataDirectory directory =
        keptDataDirectory == null ? DataDirectory.createTemporary() : DataDirectory.kept(keptDataDirectory);
    return EmbeddedBasalt.start(properties, directory);
  }
}
