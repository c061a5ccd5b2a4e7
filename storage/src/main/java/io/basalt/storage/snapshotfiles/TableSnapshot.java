package io.basalt.storage.snapshotfiles;

import io.basalt.storage.catalog.TableDefinition;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A completed snapshot: the definition of the table it was taken of (families with their options, tablets,
 * properties) as it was at that moment, properties the caller attached to the snapshot, and which files hold the
 * cells of which family. Immutable.
 */
public final class TableSnapshot {
  private final String name;
  private final long createdMillis;
  private final TableDefinition table;
  private final Map<String, byte[]> properties;
  private final List<FamilyFile> files;

  /** The SST file holding every cell one family had; families without cells have none. */
  public record FamilyFile(byte[] family, String fileName, long sizeBytes) {
    public FamilyFile {
      family = family.clone();
    }

    @Override
    public byte[] family() {
      return family.clone();
    }
  }

  TableSnapshot(String name, long createdMillis, TableDefinition table, Map<String, byte[]> properties,
      List<FamilyFile> files) {
    this.name = name;
    this.createdMillis = createdMillis;
    this.table = table;
    TreeMap<String, byte[]> props = new TreeMap<>();
    properties.forEach((key, value) -> props.put(key, value.clone()));
    this.properties = Collections.unmodifiableMap(props);
    this.files = List.copyOf(files);
  }

  /**
   * A snapshot as a cluster's catalog records it: its cells are kept per tablet, not in family files (see the
   * storage package's {@code SnapshotReplication}).
   */
  public static TableSnapshot recorded(String name, long createdMillis, TableDefinition table,
      Map<String, byte[]> properties) {
    return new TableSnapshot(name, createdMillis, table, properties, List.of());
  }

  public String name() {
    return name;
  }

  /** When the snapshot was taken, in milliseconds since the epoch. */
  public long createdMillis() {
    return createdMillis;
  }

  /** The table as it was when the snapshot was taken, under the name it had then. */
  public TableDefinition table() {
    return table;
  }

  /** Properties the caller attached to the snapshot. Callers must not modify the arrays. */
  public Map<String, byte[]> properties() {
    return properties;
  }

  public Optional<byte[]> property(String key) {
    return Optional.ofNullable(properties.get(key));
  }

  /** One file per family that had cells. */
  public List<FamilyFile> files() {
    return files;
  }

  /** Bytes of cell data the snapshot holds. */
  public long sizeBytes() {
    return files.stream().mapToLong(FamilyFile::sizeBytes).sum();
  }

  @Override
  public String toString() {
    return "snapshot " + name + " of " + table.name() + " (" + files.size() + " files, " + sizeBytes() + " bytes)";
  }
}
