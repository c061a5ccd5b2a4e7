package io.basalt.server.ui;

import io.basalt.hbase.HBaseFrontend;
import io.basalt.hbase.cluster.RegionLocations;
import io.basalt.hbase.metrics.RegionFigures;
import io.basalt.hbase.schema.HBaseTable;
import io.basalt.hbase.stats.TabletRequests;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.RegionInfo;

/** The regions' figures in the pages' terms, each with the server serving it (hbase:meta's: the active master). */
public final class RegionRows {
  private RegionRows() {}

  /** Every region's row, or only those of {@code table} when it is not null. */
  public static List<RegionRow> measure(HBaseFrontend frontend, RegionLocations locations, TableName table)
      throws IOException {
    Map<String, ServerName> servers = new HashMap<>();
    for (HBaseTable served : frontend.tables().all()) {
      if (table == null || table.equals(served.name())) {
        servers.putAll(locations.servers(served));
      }
    }
    List<RegionRow> rows = new ArrayList<>();
    for (RegionFigures.Figure figure : frontend.regionFigures().measure(table)) {
      RegionInfo info = figure.info();
      Optional<TabletRequests> requests = figure.requests();
      Optional<ServerName> server = info.isMetaRegion() ? locations.activeMaster()
          : Optional.ofNullable(servers.get(info.getEncodedName()));
      rows.add(new RegionRow(info, server, figure.stores(), figure.fileBytes(), figure.memtableBytes(),
          figure.fileCount(), requests.map(TabletRequests::readRequests).orElse(0L),
          requests.map(TabletRequests::filteredReadRequests).orElse(0L),
          requests.map(TabletRequests::writeRequests).orElse(0L),
          requests.map(TabletRequests::requestsPerSecond).orElse(0.0)));
    }
    return rows;
  }
}
