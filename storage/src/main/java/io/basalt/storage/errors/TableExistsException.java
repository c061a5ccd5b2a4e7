package io.basalt.storage.errors;

/** A table with that name already exists. */
public class TableExistsException extends StorageException {
  private static final long serialVersionUID = 1L;

  public TableExistsException(String table) {
    super("table " + table + " already exists");
  }
}
