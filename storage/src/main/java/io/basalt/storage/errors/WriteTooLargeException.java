package io.basalt.storage.errors;

/**
 * A write of one row is larger than a tablet's log takes in one entry (cluster mode), so nothing of it was written.
 * A row's mutation is applied whole or not at all, so it cannot be spread over several entries; retrying cannot
 * help.
 */
public final class WriteTooLargeException extends StorageException {
  private static final long serialVersionUID = 1L;

  public WriteTooLargeException(String message) {
    super(message);
  }
}
