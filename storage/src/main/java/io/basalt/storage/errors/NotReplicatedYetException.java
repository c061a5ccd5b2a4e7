package io.basalt.storage.errors;

/**
 * An operation cluster mode does not replicate yet; refused rather than applied to one replica alone. Nothing was
 * done, and asking again will not help.
 */
public final class NotReplicatedYetException extends StorageException {
  private static final long serialVersionUID = 1L;

  public NotReplicatedYetException(String what) {
    super(what + " is not available in cluster mode yet");
  }
}
