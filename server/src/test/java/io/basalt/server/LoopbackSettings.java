package io.basalt.server;

import io.basalt.server.config.Settings;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/** The settings of a test's server on loopback: its data under a directory of its own, every port a free one. */
final class LoopbackSettings {
  private LoopbackSettings() {}

  /** A new, changeable map of those settings, the server's data in {@code dataDir}. */
  static Map<String, String> of(Path dataDir) {
    Map<String, String> settings = new HashMap<>();
    settings.put(Settings.DATA_DIR.key(), dataDir.toString());
    settings.put(Settings.BIND_ADDRESS.key(), "127.0.0.1");
    settings.put(Settings.HOSTNAME.key(), "127.0.0.1");
    settings.put(Settings.RPC_PORT.key(), "0");
    settings.put(Settings.ZOOKEEPER_PORT.key(), "0");
    settings.put(Settings.INFO_PORT.key(), "0");
    return settings;
  }
}
