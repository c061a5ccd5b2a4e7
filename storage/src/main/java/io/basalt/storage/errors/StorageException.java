package io.basalt.storage.errors;

import java.io.IOException;

/** A failure of the storage engine: RocksDB errors, corrupt metadata, tables or families that do not exist. */
public class StorageException extends IOException {
  private static final long serialVersionUID = 1L;

  public StorageException(String message) {
    super(message);
  }

  public StorageException(String message, Throwable cause) {
    super(message, cause);
  }
}
