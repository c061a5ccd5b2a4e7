package io.basalt.hbase.schema;

import io.basalt.hbase.read.FamilySchema;
import io.basalt.storage.Table;
import io.basalt.storage.catalog.TableDefinition;
import io.basalt.storage.catalog.TabletDefinition;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Durability;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.RegionInfoBuilder;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableState;

/**
 * One HBase table as clients see it at a moment: its descriptor, its state and its regions (one per tablet), over
 * the storage table that holds its cells. Immutable; the {@link TableDirectory} publishes a new snapshot on every
 * change.
 */
public final class HBaseTable {
  private final TableName name;
  private final TableDescriptor descriptor;
  private final FamilySchema families;
  private final Durability durability;
  private final TableState.State state;
  private final Table storage;
  private final TableDefinition definition;
  private final List<RegionInfo> regions;

  public HBaseTable(TableName name, TableDescriptor descriptor, TableState.State state, Table storage) {
    this.name = name;
    this.descriptor = descriptor;
    this.families = FamilySchema.of(descriptor);
    this.durability = descriptor.getDurability();
    this.state = state;
    this.storage = storage;
    this.definition = storage.definition();
    List<RegionInfo> infos = new ArrayList<>();
    for (TabletDefinition tablet : definition.tablets()) {
      infos.add(regionInfo(name, tablet));
    }
    this.regions = List.copyOf(infos);
  }

  /** The HBase region a tablet is presented as: same range, the tablet id as region id. */
  public static RegionInfo regionInfo(TableName table, TabletDefinition tablet) {
    return RegionInfoBuilder.newBuilder(table)
        .setStartKey(tablet.startRow())
        .setEndKey(tablet.endRow())
        .setRegionId(tablet.id())
        .build();
  }

  public TableName name() {
    return name;
  }

  public TableDescriptor descriptor() {
    return descriptor;
  }

  /** The descriptor's family settings, parsed once for reads and compactions. */
  public FamilySchema families() {
    return families;
  }

  /** The table's DURABILITY, parsed once: what its mutations without their own setting get. */
  public Durability durability() {
    return durability;
  }

  public TableState.State state() {
    return state;
  }

  public boolean isEnabled() {
    return state == TableState.State.ENABLED;
  }

  public Table storage() {
    return storage;
  }

  /** The storage definition this snapshot was built from (tablets in start-row order). */
  public TableDefinition definition() {
    return definition;
  }

  /** Regions in start-key order, one per tablet. */
  public List<RegionInfo> regions() {
    return regions;
  }

  /** Wall-clock time the table's tablets were created, used as the timestamp of its hbase:meta cells. */
  public long createdMillis() {
    return definition.tablets().get(0).id();
  }
}
