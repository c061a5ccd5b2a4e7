package io.basalt.hbase.cluster;

import java.util.EnumMap;
import java.util.Map;

/**
 * The cluster-wide switches HBase's master keeps (balancer, normalizer, catalog janitor, cleaner chore, splits and
 * merges). On one server they steer nothing yet, but clients and the shell set and read them back, and tools
 * check them before acting, so Basalt keeps their values for the life of the process.
 */
public final class ClusterSwitches {
  /** A switch, on by default as in HBase. */
  public enum Switch { BALANCER, NORMALIZER, CATALOG_JANITOR, CLEANER_CHORE, SPLIT, MERGE }

  private final Map<Switch, Boolean> values = new EnumMap<>(Switch.class);

  public ClusterSwitches() {
    for (Switch each : Switch.values()) {
      values.put(each, true);
    }
  }

  public synchronized boolean get(Switch which) {
    return values.get(which);
  }

  /** Sets a switch and returns its previous value. */
  public synchronized boolean set(Switch which, boolean on) {
    return values.put(which, on);
  }
}
