package io.basalt.storage;

import io.basalt.storage.errors.StorageException;
import io.basalt.storage.errors.StorageFullException;
import org.rocksdb.RocksDBException;
import org.rocksdb.Status;

/** Turns RocksDB failures into storage exceptions, telling a full disk apart from everything else. */
final class RocksErrors {
  private RocksErrors() {}

  /** A storage exception for {@code what} failing with {@code e}; a {@link StorageFullException} if out of space. */
  static StorageException of(String what, RocksDBException e) {
    if (isOutOfSpace(e)) {
      return new StorageFullException(what + " failed: the disk holding the store is full (" + e.getMessage()
          + ")", e);
    }
    return new StorageException(what + " failed: " + e.getMessage(), e);
  }

  /** Whether RocksDB gave up on something it would have had to wait for (a write stall, an uncached block). */
  static boolean isIncomplete(RocksDBException e) {
    Status status = e.getStatus();
    return status != null && status.getCode() == Status.Code.Incomplete;
  }

  /**
   * RocksDB reports a full disk as an I/O error with sub-code NoSpace (the file system's ENOSPC); until it
   * recovers, every write gets the same background error. Its own space limit has a sub-code RocksJava does not
   * name, so that one is known by its text.
   */
  static boolean isOutOfSpace(RocksDBException e) {
    Status status = e.getStatus();
    if (status != null && status.getCode() == Status.Code.IOError && status.getSubCode() == Status.SubCode.NoSpace) {
      return true;
    }
    String message = String.valueOf(e.getMessage());
    return message.contains("No space left on device") || message.contains("Max allowed space was reached");
  }
}
