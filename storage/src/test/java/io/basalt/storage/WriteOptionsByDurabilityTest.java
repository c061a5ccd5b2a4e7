package io.basalt.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.storage.data.Durability;
import io.basalt.storage.data.Waiting;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
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
      WriteOptions skip = options.get(Durability.SKIP_LOG, Waiting.ALLOWED);
      assertTrue(skip.disableWAL());
      assertFalse(skip.sync());

      WriteOptions log = options.get(Durability.LOG, Waiting.ALLOWED);
      assertFalse(log.disableWAL());
      assertFalse(log.sync());

      WriteOptions fsync = options.get(Durability.LOG_FSYNC, Waiting.ALLOWED);
      assertFalse(fsync.disableWAL());
      assertTrue(fsync.sync());
    }
  }

  @Test
  void writesThatMustNotWaitDoNotWaitOutStalls() {
    try (WriteOptionsByDurability options = new WriteOptionsByDurability()) {
      for (Durability durability : Durability.values()) {
        assertFalse(options.get(durability, Waiting.ALLOWED).noSlowdown());
        WriteOptions refused = options.get(durability, Waiting.REFUSED);
        assertTrue(refused.noSlowdown());
        assertEquals(options.get(durability, Waiting.ALLOWED).sync(), refused.sync());
        assertEquals(options.get(durability, Waiting.ALLOWED).disableWAL(), refused.disableWAL());
      }
    }
  }
}
