package io.basalt.examples.common;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.RegionMetrics;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * How many requests each region (tablet) of a table has served, in row-key order, as the server reports them
 * through the stock {@link Admin#getRegionMetrics(ServerName, TableName)}. Counts only grow, so what a piece of
 * work cost is the difference of two snapshots: {@code after.minus(before)}.
 */
public record RegionRequests(List<Region> regions) {

  /** One region's counters. Reads include rows a filter looked at and dropped: the server still read them. */
  public record Region(String regionName, String startKey, long reads, long writes) {}

  public static RegionRequests of(Admin admin, TableName table) throws IOException {
    Map<String, RegionMetrics> metricsByRegion = new HashMap<>();
    for (ServerName server : admin.getRegionServers()) {
      for (RegionMetrics metrics : admin.getRegionMetrics(server, table)) {
        metricsByRegion.put(Bytes.toStringBinary(metrics.getRegionName()), metrics);
      }
    }
    List<RegionInfo> regionsInKeyOrder = new ArrayList<>(admin.getRegions(table));
    regionsInKeyOrder.sort(RegionInfo.COMPARATOR);
    List<Region> regions = new ArrayList<>();
    for (RegionInfo info : regionsInKeyOrder) {
      String name = Bytes.toStringBinary(info.getRegionName());
      RegionMetrics metrics = metricsByRegion.get(name);
      long reads = metrics == null ? 0 : metrics.getReadRequestCount() + metrics.getFilteredReadRequestCount();
      long writes = metrics == null ? 0 : metrics.getWriteRequestCount();
      regions.add(new Region(name, Bytes.toStringBinary(info.getStartKey()), reads, writes));
    }
    return new RegionRequests(List.copyOf(regions));
  }

  /** The requests served since {@code earlier}, region by region. */
  public RegionRequests minus(RegionRequests earlier) {
    Map<String, Region> before = new HashMap<>();
    for (Region region : earlier.regions) {
      before.put(region.regionName(), region);
    }
    List<Region> difference = new ArrayList<>();
    for (Region region : regions) {
      Region old = before.get(region.regionName());
      difference.add(old == null ? region
          : new Region(region.regionName(), region.startKey(), region.reads() - old.reads(),
              region.writes() - old.writes()));
    }
    return new RegionRequests(List.copyOf(difference));
  }

  public long[] writesPerRegion() {
    return regions.stream().mapToLong(Region::writes).toArray();
  }

  public long totalReads() {
    return regions.stream().mapToLong(Region::reads).sum();
  }

  public long totalWrites() {
    return regions.stream().mapToLong(Region::writes).sum();
  }
}
