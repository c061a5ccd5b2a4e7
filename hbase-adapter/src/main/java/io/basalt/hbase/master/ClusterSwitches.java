package io.basalt.hbase.master;

import io.basalt.storage.TabletStore;
import io.basalt.storage.errors.NotLeaderException;
import io.basalt.storage.errors.StorageException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.StringJoiner;

/**
 * The cluster-wide switches HBase's master keeps (balancer, normalizer, catalog janitor, cleaner chore, splits and
 * merges, snapshot cleanup). On one server some steer nothing, but clients and the shell set and read them back,
 * and tools check them before acting. The ones HBase 2.6 keeps across restarts (balancer, normalizer, split, merge
 * and snapshot cleanup, in its master's local region, formerly in ZooKeeper) survive a restart here too, kept in
 * the store; the others start on with each process, as they do on an HBase master.
 */
public final class ClusterSwitches {
  /** A switch, on by default as in HBase. */
  public enum Switch {
    BALANCER(true), NORMALIZER(true), CATALOG_JANITOR(false), CLEANER_CHORE(false), SPLIT(true), MERGE(true),
    SNAPSHOT_CLEANUP(true);

    private final boolean persistent;

    Switch(boolean persistent) {
      this.persistent = persistent;
    }
  }

  private static final String PROPERTY = "hbase.switches";

  private final TabletStore store;
  private final Map<Switch, Boolean> values = new EnumMap<>(Switch.class);

  /** Switches kept in {@code store}, or only in memory when it is null. */
  public ClusterSwitches(TabletStore store) throws IOException {
    this.store = store;
    reload();
  }

  /** Reads the switches from the store again: in a cluster, after another node's master changed them. */
  public synchronized void reload() throws IOException {
    for (Switch each : Switch.values()) {
      values.put(each, true);
    }
    Optional<byte[]> saved = store == null ? Optional.empty() : store.systemProperty(PROPERTY);
    if (saved.isPresent()) {
      for (String entry : new String(saved.get(), StandardCharsets.UTF_8).split(",")) {
        String[] pair = entry.split("=", 2);
        // A switch a later version no longer knows is dropped rather than failing the start.
        for (Switch each : Switch.values()) {
          if (pair.length == 2 && each.name().equals(pair[0]) && each.persistent) {
            values.put(each, Boolean.parseBoolean(pair[1]));
          }
        }
      }
    }
  }

  public synchronized boolean get(Switch which) {
    return values.get(which);
  }

  /** Sets a switch and returns its previous value; a persistent switch is saved before the call returns. */
  public synchronized boolean set(Switch which, boolean on) throws IOException {
    boolean previous = values.put(which, on);
    if (which.persistent && store != null && previous != on) {
      try {
        store.putSystemProperty(PROPERTY, encoded().getBytes(StandardCharsets.UTF_8));
      } catch (NotLeaderException e) {
        values.put(which, previous);
        throw e;
      } catch (StorageException e) {
        values.put(which, previous);
        throw new IOException("cannot save the " + which + " switch: " + e.getMessage(), e);
      }
    }
    return previous;
  }

  private String encoded() {
    StringJoiner text = new StringJoiner(",");
    values.forEach((which, on) -> {
      if (which.persistent) {
        text.add(which.name() + "=" + on);
      }
    });
    return text.toString();
  }
}
