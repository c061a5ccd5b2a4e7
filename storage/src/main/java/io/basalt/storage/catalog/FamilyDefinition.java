package io.basalt.storage.catalog;

import io.basalt.storage.keys.ByteArrays;
import java.util.Arrays;

/**
 * A column family of a table and the RocksDB column family that holds its cells. The RocksDB name is chosen by the
 * store ({@code t<tableId>.f<n>}) so that family names may hold any bytes and a re-created table never sees the
 * data of an earlier one.
 *
 * <p>In cluster mode a family also records the index of the catalog entry that created it ({@link #createdAt}): a
 * write decided against an earlier catalog state never lands in it, so a family dropped and added again (or emptied
 * by a truncate) cannot get back, on some replica, cells of a write that every other replica applied to the family
 * before it was dropped.
 */
public final class FamilyDefinition {
  private final byte[] name;
  private final String columnFamilyName;
  private final FamilyOptions options;
  private final long createdAt;

  public FamilyDefinition(byte[] name, String columnFamilyName) {
    this(name, columnFamilyName, FamilyOptions.DEFAULT);
  }

  public FamilyDefinition(byte[] name, String columnFamilyName, FamilyOptions options) {
    this(name, columnFamilyName, options, 0);
  }

  /** @param createdAt the index of the catalog entry that created the family in cluster mode; 0 on a single node */
  public FamilyDefinition(byte[] name, String columnFamilyName, FamilyOptions options, long createdAt) {
    if (name.length == 0) {
      throw new IllegalArgumentException("family name must not be empty");
    }
    if (createdAt < 0) {
      throw new IllegalArgumentException("family created at catalog index " + createdAt);
    }
    this.name = name.clone();
    this.columnFamilyName = columnFamilyName;
    this.options = options;
    this.createdAt = createdAt;
  }

  /** How the family's files are written. */
  public FamilyOptions options() {
    return options;
  }

  public FamilyDefinition withOptions(FamilyOptions next) {
    return new FamilyDefinition(name, columnFamilyName, next, createdAt);
  }

  /** The index of the catalog entry that created this family (a cluster's); 0 for a single node's families. */
  public long createdAt() {
    return createdAt;
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
        && options.equals(other.options)
        && createdAt == other.createdAt;
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
