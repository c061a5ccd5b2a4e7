package io.basalt.hbase.read;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.TreeMap;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.KeepDeletedCells;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The settings of a table's families that decide what a read sees and a compaction keeps, read once from the
 * table's descriptor. A column family descriptor parses its text-valued settings on every call, which costs more
 * than a get from memory, so reads use this instead. Immutable, like the descriptor it comes from.
 */
public final class FamilySchema {
  private final TableDescriptor table;
  private final TreeMap<byte[], Family> families = new TreeMap<>(Bytes.BYTES_COMPARATOR);
  private final List<Family> inOrder;

  private FamilySchema(TableDescriptor table) {
    this.table = table;
    for (ColumnFamilyDescriptor family : table.getColumnFamilies()) {
      families.put(family.getName(), new Family(family.getName(), family.getMaxVersions(),
          family.getMinVersions(), family.getTimeToLive(), family.getKeepDeletedCells()));
    }
    this.inOrder = Collections.unmodifiableList(new ArrayList<>(families.values()));
  }

  public static FamilySchema of(TableDescriptor table) {
    return new FamilySchema(table);
  }

  public TableDescriptor table() {
    return table;
  }

  /** Every family, by name. */
  public List<Family> families() {
    return inOrder;
  }

  /** The family of that name, or null. */
  public Family family(byte[] name) {
    return families.get(name);
  }

  /**
   * One family's settings.
   *
   * @param maxVersions VERSIONS
   * @param minVersions MIN_VERSIONS, kept even past the TTL
   * @param timeToLiveSeconds TTL, {@link HConstants#FOREVER} for none
   * @param keepDeletedCells KEEP_DELETED_CELLS
   */
  public record Family(byte[] name, int maxVersions, int minVersions, int timeToLiveSeconds,
      KeepDeletedCells keepDeletedCells) {

    /** The oldest timestamp the TTL still lets live at {@code nowMillis}; {@code Long.MIN_VALUE} without a TTL. */
    public long oldestUnexpired(long nowMillis) {
      return timeToLiveSeconds == HConstants.FOREVER ? Long.MIN_VALUE : nowMillis - timeToLiveSeconds * 1000L;
    }
  }
}
