package io.basalt.storage;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.rocksdb.RocksDB;
import org.rocksdb.WriteOptions;

/** The RocksDB write options of each durability level: no log, the log unsynced, the log fsynced. */
class WriteOptionsByDurabilityTest {
  @BeforeAll
  static void loadRocksDb() {
    // Opening a store loads the native library; this test makes options without one.
    RocksLibrary.load();
  }

  @Test
  void eachLevelTravelsAsFarAsItPromises() {
    try (WriteOptionsByDurability options = new WriteOptionsByDurability()) {
      WriteOptions skip = options.get(Durability.SKIP_LOG);
      assertTrue(skip.disableWAL());
      assertFalse(skip.sync());

      WriteOptions log = options.get(Durability.LOG);
      assertFalse(log.disableWAL());
      assertFalse(log.sync());

      WriteOptions fsync = options.get(Durability.LOG_FSYNC);
      assertFalse(fsync.disableWAL());
      assertTrue(fsync.sync());
    }
  }
}
