package io.basalt.storage.errors;

/** A row stayed locked by other writers for longer than the configured wait. */
public class RowLockTimeoutException extends StorageException {
  private static final long serialVersionUID = 1L;

  public RowLockTimeoutException(String message) {
    super(message);
  }
}
