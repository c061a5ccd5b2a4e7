package io.basalt.storage.catalog;

import io.basalt.storage.keys.ByteArrays;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The persisted description of one table: its families (sorted by name), its tablets (sorted by start row, tiling
 * the whole row space without gaps or overlaps) and opaque properties owned by the layer above (the HBase adapter
 * keeps its schema and table state there). Immutable: every change produces a new definition that the store writes
 * in one RocksDB put, so a crash leaves either the old or the new definition.
 */
public final class TableDefinition {
  private final long id;
  private final String name;
  private final List<FamilyDefinition> families;
  private final List<TabletDefinition> tablets;
  private final Map<String, byte[]> properties;
  private final int nextFamilySequence;

  public TableDefinition(long id, String name, List<FamilyDefinition> families, List<TabletDefinition> tablets,
      Map<String, byte[]> properties, int nextFamilySequence) {
    this.id = id;
    this.name = name;
    List<FamilyDefinition> sortedFamilies = new ArrayList<>(families);
    sortedFamilies.sort(Comparator.comparing(FamilyDefinition::name, ByteArrays.UNSIGNED));
    this.families = Collections.unmodifiableList(sortedFamilies);
    List<TabletDefinition> sortedTablets = new ArrayList<>(tablets);
    sortedTablets.sort(Comparator.comparing(TabletDefinition::startRow, ByteArrays.UNSIGNED));
    checkTiling(name, sortedTablets);
    checkDistinctFamilies(name, this.families);
    this.tablets = Collections.unmodifiableList(sortedTablets);
    TreeMap<String, byte[]> props = new TreeMap<>();
    properties.forEach((k, v) -> props.put(k, v.clone()));
    this.properties = Collections.unmodifiableMap(props);
    this.nextFamilySequence = nextFamilySequence;
  }

  public long id() {
    return id;
  }

  public String name() {
    return name;
  }

  /** Families sorted by name as unsigned bytes: the order cells of one row are returned in. */
  public List<FamilyDefinition> families() {
    return families;
  }

  public Optional<FamilyDefinition> family(byte[] familyName) {
    for (FamilyDefinition family : families) {
      if (family.hasName(familyName)) {
        return Optional.of(family);
      }
    }
    return Optional.empty();
  }

  /** Tablets sorted by start row; together they cover every row exactly once. */
  public List<TabletDefinition> tablets() {
    return tablets;
  }

  /** The tablet whose range contains {@code row}. */
  public TabletDefinition tabletFor(byte[] row) {
    int low = 0;
    int high = tablets.size() - 1;
    while (low < high) {
      int mid = (low + high + 1) >>> 1;
      if (ByteArrays.compare(tablets.get(mid).startRow(), row) <= 0) {
        low = mid;
      } else {
        high = mid - 1;
      }
    }
    return tablets.get(low);
  }

  /** Properties owned by the layer above. Callers must not modify the arrays. */
  public Map<String, byte[]> properties() {
    return properties;
  }

  public Optional<byte[]> property(String key) {
    return Optional.ofNullable(properties.get(key));
  }

  /** Sequence number for the next RocksDB column family name of this table. */
  public int nextFamilySequence() {
    return nextFamilySequence;
  }

  public TableDefinition withProperties(Map<String, byte[]> newProperties) {
    return new TableDefinition(id, name, families, tablets, newProperties, nextFamilySequence);
  }

  public TableDefinition withTablets(List<TabletDefinition> newTablets) {
    return new TableDefinition(id, name, families, newTablets, properties, nextFamilySequence);
  }

  private static void checkTiling(String table, List<TabletDefinition> tablets) {
    if (tablets.isEmpty()) {
      throw new IllegalArgumentException("table " + table + " has no tablets");
    }
    if (tablets.get(0).startRow().length != 0) {
      throw new IllegalArgumentException("first tablet of " + table + " does not start at the first row");
    }
    for (int i = 1; i < tablets.size(); i++) {
      byte[] previousEnd = tablets.get(i - 1).endRow();
      if (previousEnd.length == 0 || !Arrays.equals(previousEnd, tablets.get(i).startRow())) {
        throw new IllegalArgumentException("tablets of " + table + " leave a gap or overlap at "
            + tablets.get(i - 1) + " / " + tablets.get(i));
      }
    }
    if (tablets.get(tablets.size() - 1).endRow().length != 0) {
      throw new IllegalArgumentException("last tablet of " + table + " does not reach the last row");
    }
  }

  private static void checkDistinctFamilies(String table, List<FamilyDefinition> sorted) {
    for (int i = 1; i < sorted.size(); i++) {
      if (Arrays.equals(sorted.get(i - 1).name(), sorted.get(i).name())) {
        throw new IllegalArgumentException("table " + table + " names family "
            + ByteArrays.toPrintable(sorted.get(i).name()) + " twice");
      }
    }
  }

  @Override
  public String toString() {
    return "table " + name + " (id " + id + ", families " + families + ", " + tablets.size() + " tablets)";
  }
}
