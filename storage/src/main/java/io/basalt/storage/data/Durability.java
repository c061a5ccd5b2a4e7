package io.basalt.storage.data;

/** How far a write must travel before it is acknowledged. */
public enum Durability {
  /** Memtable only: lost if the process dies before the next flush. */
  SKIP_LOG,
  /** Appended to the write-ahead log in the OS page cache: survives a process crash, not a machine crash. */
  LOG,
  /** Appended to the write-ahead log and fsynced: survives a machine crash. */
  LOG_FSYNC
}
