package io.basalt.hbase.write;

import io.basalt.storage.data.Durability;

/** Maps HBase durability settings onto the storage engine's levels. */
public final class Durabilities {
  private Durabilities() {}

  /**
   * The level a mutation gets: its own setting, else the table's, else SYNC_WAL (HBase's default). HBase's
   * SYNC_WAL hands the edit to the WAL without forcing it to disk, which RocksDB's unsynced log matches: the edit
   * survives a crash of the process. ASYNC_WAL is served as strongly as SYNC_WAL.
   */
  public static Durability of(org.apache.hadoop.hbase.client.Durability requested,
      org.apache.hadoop.hbase.client.Durability tableDurability) {
    org.apache.hadoop.hbase.client.Durability effective = requested;
    if (effective == org.apache.hadoop.hbase.client.Durability.USE_DEFAULT) {
      effective = tableDurability;
    }
    return switch (effective) {
      case SKIP_WAL -> Durability.SKIP_LOG;
      case FSYNC_WAL -> Durability.LOG_FSYNC;
      case USE_DEFAULT, ASYNC_WAL, SYNC_WAL -> Durability.LOG;
    };
  }

  /** The stronger of two levels, for a batch that must honour every mutation in it. */
  public static Durability stronger(Durability a, Durability b) {
    return a.compareTo(b) >= 0 ? a : b;
  }
}
