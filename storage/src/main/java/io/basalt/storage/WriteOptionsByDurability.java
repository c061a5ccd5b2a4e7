package io.basalt.storage;

import io.basalt.storage.data.Durability;
import io.basalt.storage.data.Waiting;
import java.util.EnumMap;
import java.util.Map;
import org.rocksdb.WriteOptions;

/**
 * Reusable RocksDB {@link WriteOptions} per durability level, each in two kinds: one that waits out a write stall
 * and one that fails at once instead (for writers that must not wait, {@link Waiting#REFUSED}).
 */
final class WriteOptionsByDurability implements AutoCloseable {
  private final Map<Durability, WriteOptions> waiting = new EnumMap<>(Durability.class);
  private final Map<Durability, WriteOptions> nonBlocking = new EnumMap<>(Durability.class);

  WriteOptionsByDurability() {
    for (Durability durability : Durability.values()) {
      waiting.put(durability, options(durability));
      nonBlocking.put(durability, options(durability).setNoSlowdown(true));
    }
  }

  private static WriteOptions options(Durability durability) {
    return switch (durability) {
      case SKIP_LOG -> new WriteOptions().setDisableWAL(true);
      case LOG -> new WriteOptions();
      case LOG_FSYNC -> new WriteOptions().setSync(true);
    };
  }

  /**
   * Options that wait out write stalls, or with {@link Waiting#REFUSED} options under which a write that would
   * stall fails with status Incomplete, writing nothing.
   */
  WriteOptions get(Durability durability, Waiting waiting) {
    return (waiting == Waiting.ALLOWED ? this.waiting : nonBlocking).get(durability);
  }

  @Override
  public void close() {
    waiting.values().forEach(WriteOptions::close);
    nonBlocking.values().forEach(WriteOptions::close);
  }
}
