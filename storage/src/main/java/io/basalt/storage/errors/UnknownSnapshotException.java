package io.basalt.storage.errors;


/** The named snapshot does not exist. */
public class UnknownSnapshotException extends StorageException {
  private static final long serialVersionUID = 1L;

  public UnknownSnapshotException(String snapshot) {
    super("snapshot " + snapshot + " does not exist");
  }
}
