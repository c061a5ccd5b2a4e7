package io.basalt.storage.errors;

import io.basalt.storage.catalog.TabletDefinition;

/** A tablet that the table does not have (any more): it was split, merged, or never existed. */
public class UnknownTabletException extends StorageException {
  private static final long serialVersionUID = 1L;

  public UnknownTabletException(String table, TabletDefinition tablet) {
    super("table " + table + " has no " + tablet);
  }
}
