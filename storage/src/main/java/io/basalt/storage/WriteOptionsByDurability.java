package io.basalt.storage;

import java.util.EnumMap;
import java.util.Map;
import org.rocksdb.WriteOptions;

/** One reusable RocksDB {@link WriteOptions} per durability level. */
final class WriteOptionsByDurability implements AutoCloseable {
  private final Map<Durability, WriteOptions> options = new EnumMap<>(Durability.class);

  WriteOptionsByDurability() {
    options.put(Durability.SKIP_LOG, new WriteOptions().setDisableWAL(true));
    options.put(Durability.LOG, new WriteOptions());
    options.put(Durability.LOG_FSYNC, new WriteOptions().setSync(true));
  }

  WriteOptions get(Durability durability) {
    return options.get(durability);
  }

  @Override
  public void close() {
    options.values().forEach(WriteOptions::close);
  }
}
