package io.basalt.storage.errors;

/** The named table does not exist, or was dropped while the operation ran. */
public class UnknownTableException extends StorageException {
  private static final long serialVersionUID = 1L;

  public UnknownTableException(String table) {
    super("table " + table + " does not exist");
  }
}
