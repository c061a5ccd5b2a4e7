package io.basalt.storage.errors;


/** A snapshot with that name already exists. */
public class SnapshotExistsException extends StorageException {
  private static final long serialVersionUID = 1L;

  public SnapshotExistsException(String snapshot) {
    super("snapshot " + snapshot + " already exists");
  }
}
