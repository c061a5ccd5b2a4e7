package io.basalt.storage.errors;

import io.basalt.storage.keys.ByteArrays;

/** A mutation or read named a column family the table does not have. */
public class UnknownFamilyException extends StorageException {
  private static final long serialVersionUID = 1L;
  private final byte[] family;

  public UnknownFamilyException(String table, byte[] family) {
    super("column family " + ByteArrays.toPrintable(family) + " does not exist in table " + table);
    this.family = family.clone();
  }

  public byte[] family() {
    return family.clone();
  }
}
