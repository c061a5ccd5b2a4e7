package io.basalt.storage.catalog;

import io.basalt.storage.keys.ByteArrays;
import java.util.Arrays;

/**
 * A column family of a table and the RocksDB column family that holds its cells. The RocksDB name is chosen by the
 * store ({@code t<tableId>.f<n>}) so that family names may hold any bytes and a re-created table never sees the
 * data of an earlier one.
 */
public final class FamilyDefinition {
  private final byte[] name;
  private final String columnFamilyName;
  private final FamilyOptions options;

  public FamilyDefinition(byte[] name, String columnFamilyName) {
    this(name, columnFamilyName, FamilyOptions.DEFAULT);
  }

  public FamilyDefinition(byte[] name, String columnFamilyName, FamilyOptions options) {
    if (name.length == 0) {
      throw new IllegalArgumentException("family name must not be empty");
    }
    this.name = name.clone();
    this.columnFamilyName = columnFamilyName;
    this.options = options;
  }

  /** How the family's files are written. */
  public FamilyOptions options() {
    return options;
  }

  public FamilyDefinition withOptions(FamilyOptions next) {
    return new FamilyDefinition(name, columnFamilyName, next);
  }

  /** Callers must not modify the array. */
  public byte[] name() {
    return name;
  }

  public String columnFamilyName() {
    return columnFamilyName;
  }

  public boolean hasName(byte[] candidate) {
    return Arrays.equals(name, candidate);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof FamilyDefinition other
        && Arrays.equals(name, other.name)
        && columnFamilyName.equals(other.columnFamilyName)
        && options.equals(other.options);
  }

  @Override
  public int hashCode() {
    return 31 * Arrays.hashCode(name) + columnFamilyName.hashCode();
  }

  @Override
  public String toString() {
    return ByteArrays.toPrintable(name) + "->" + columnFamilyName;
  }
}
