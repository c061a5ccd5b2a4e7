package io.basalt.hbase.region;

import io.basalt.hbase.compaction.Compactable;
import io.basalt.hbase.compaction.CompactionQueue;
import io.basalt.hbase.schema.HBaseTable;
import io.basalt.hbase.schema.TableDirectory;
import io.basalt.hbase.stats.TabletStatistics;
import io.basalt.hbase.write.WritePolicy;
import io.basalt.storage.catalog.TabletDefinition;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.hbase.NotServingRegionException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Finds the region a request names. Region names are derived from tablets, so the directory is rebuilt from the
 * tables whenever it changes; a name it does not know (a dropped table, or regions recreated by truncate) gets
 * {@link NotServingRegionException}, which sends the client back to hbase:meta.
 */
public final class RegionDirectory implements CompactionQueue.ServedRegions {
  private final TableDirectory tables;
  private final Region meta;
  private final Clock clock;
  private final WritePolicy writePolicy;
  private final TabletStatistics statistics;
  private volatile Snapshot snapshot;

  private record Snapshot(long version, Map<ByteBuffer, Region> byName, Map<String, Region> byEncodedName) {}

  /** @param meta the hbase:meta region, served alongside the tables' regions */
  public RegionDirectory(TableDirectory tables, Region meta, Clock clock, WritePolicy writePolicy,
      TabletStatistics statistics) {
    this.tables = tables;
    this.meta = meta;
    this.clock = clock;
    this.writePolicy = writePolicy;
    this.statistics = statistics;
  }

  /** The region with this full region name. */
  public Region byName(byte[] regionName) throws NotServingRegionException {
    Region region = current().byName().get(ByteBuffer.wrap(regionName));
    if (region == null) {
      throw new NotServingRegionException(Bytes.toStringBinary(regionName) + " is not online");
    }
    return region;
  }

  /** The region with this encoded name (the hex digest at the end of a region name). */
  public Region byEncodedName(String encodedName) throws NotServingRegionException {
    Region region = current().byEncodedName().get(encodedName);
    if (region == null) {
      throw new NotServingRegionException(encodedName + " is not online");
    }
    return region;
  }

  /** The region of a table that holds a row. */
  public Region forRow(TableName table, byte[] row) throws IOException {
    HBaseTable served = tables.require(table);
    TabletDefinition tablet = served.definition().tabletFor(row);
    return byName(HBaseTable.regionInfo(table, tablet).getRegionName());
  }

  @Override
  public Optional<Compactable> served(String encodedName) {
    return Optional.ofNullable(current().byEncodedName().get(encodedName));
  }

  @Override
  public List<Compactable> successorsOf(RegionInfo retired) {
    List<Compactable> successors = new ArrayList<>();
    for (Region region : current().byEncodedName().values()) {
      if (region.info().getTable().equals(retired.getTable()) && region.info().isOverlap(retired)) {
        successors.add(region);
      }
    }
    return successors;
  }

  /** Every region served, hbase:meta first. */
  public List<Region> all() {
    Snapshot current = current();
    List<Region> regions = new ArrayList<>();
    regions.add(meta);
    for (Region region : current.byName().values()) {
      if (region != meta) {
        regions.add(region);
      }
    }
    return regions;
  }

  private Snapshot current() {
    long version = tables.version();
    Snapshot seen = snapshot;
    if (seen != null && seen.version() == version) {
      return seen;
    }
    return rebuild(version);
  }

  private synchronized Snapshot rebuild(long version) {
    if (snapshot == null || snapshot.version() != version) {
      Map<ByteBuffer, Region> byName = new HashMap<>();
      Map<String, Region> byEncodedName = new HashMap<>();
      add(meta, byName, byEncodedName);
      for (HBaseTable table : tables.all()) {
        List<TabletDefinition> tablets = table.definition().tablets();
        for (int i = 0; i < tablets.size(); i++) {
          RegionInfo info = table.regions().get(i);
          add(new TabletRegion(table, tablets.get(i), info, clock, writePolicy,
              statistics.tablet(info.getEncodedName())), byName, byEncodedName);
        }
      }
      // Pruned here, where the served regions change, so no region just added can lose its statistics to a prune.
      statistics.retainOnly(byEncodedName.keySet());
      snapshot = new Snapshot(version, byName, byEncodedName);
    }
    return snapshot;
  }

  private static void add(Region region, Map<ByteBuffer, Region> byName, Map<String, Region> byEncodedName) {
    byName.put(ByteBuffer.wrap(region.info().getRegionName()), region);
    byEncodedName.put(region.info().getEncodedName(), region);
  }
}
