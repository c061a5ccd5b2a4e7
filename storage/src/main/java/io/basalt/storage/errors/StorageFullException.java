package io.basalt.storage.errors;

/**
 * The disk holding the store has no room left, so RocksDB refused a write. The write left nothing behind: a write
 * batch is applied whole or not at all. Reads go on working, and writes resume by themselves once space is freed.
 */
public final class StorageFullException extends StorageException {
  private static final long serialVersionUID = 1L;

  public StorageFullException(String message, Throwable cause) {
    super(message, cause);
  }
}
