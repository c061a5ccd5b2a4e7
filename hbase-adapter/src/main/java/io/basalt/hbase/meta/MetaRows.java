package io.basalt.hbase.meta;

import io.basalt.hbase.cluster.RegionLocations;
import io.basalt.hbase.schema.HBaseTable;
import io.basalt.storage.catalog.TabletDefinition;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.MetaCellComparator;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.TableState;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The rows of hbase:meta, derived from the table catalog: one table-state row per table ({@code table:state}) and
 * one row per region with its {@code info:} columns, sorted the way hbase:meta sorts (table, then start key, then
 * region id, each compared on its own).
 */
final class MetaRows {
  private MetaRows() {}

  /** One row of hbase:meta and its cells in cell order. */
  record Row(byte[] key, List<Cell> cells) {}

  static List<Row> build(List<HBaseTable> tables, RegionLocations locations) {
    List<Row> rows = new ArrayList<>();
    for (HBaseTable table : tables) {
      rows.add(stateRow(table));
      List<TabletDefinition> tablets = table.definition().tablets();
      for (int i = 0; i < tablets.size(); i++) {
        Optional<ServerName> server = locations.serverOf(table.definition().name(), tablets.get(i));
        rows.add(regionRow(table, table.regions().get(i), server));
      }
    }
    rows.sort((a, b) -> MetaCellComparator.META_COMPARATOR.compareRows(a.key(), b.key()));
    return Collections.unmodifiableList(rows);
  }

  private static Row stateRow(HBaseTable table) {
    byte[] key = table.name().getName();
    byte[] state = new TableState(table.name(), table.state()).convert().toByteArray();
    return new Row(key, List.of(new KeyValue(key, HConstants.TABLE_FAMILY, HConstants.TABLE_STATE_QUALIFIER,
        table.createdMillis(), KeyValue.Type.Put, state)));
  }

  /**
   * A region's row. In a cluster a region whose tablet has no leader at the moment has no server columns, as an
   * HBase region in transition has none: a client finds no location, waits and asks again.
   */
  private static Row regionRow(HBaseTable table, RegionInfo region, Optional<ServerName> server) {
    byte[] key = region.getRegionName();
    long ts = table.createdMillis();
    // Disabled tables keep their server column, as in HBase: clients then get NotServingRegionException and
    // report the table as disabled, instead of looping on a region without a location.
    String state = table.isEnabled() ? "OPEN" : "CLOSED";
    List<Cell> cells = new ArrayList<>();
    cells.add(info(key, HConstants.REGIONINFO_QUALIFIER, ts, RegionInfo.toByteArray(region)));
    cells.add(info(key, HConstants.SEQNUM_QUALIFIER, ts, Bytes.toBytes(1L)));
    if (server.isPresent()) {
      cells.add(info(key, HConstants.SERVER_QUALIFIER, ts, Bytes.toBytes(server.get().getAddress().toString())));
      cells.add(info(key, HConstants.SERVERNAME_QUALIFIER, ts, Bytes.toBytes(server.get().getServerName())));
      cells.add(info(key, HConstants.STARTCODE_QUALIFIER, ts, Bytes.toBytes(server.get().getStartCode())));
    }
    cells.add(info(key, HConstants.STATE_QUALIFIER, ts, Bytes.toBytes(state)));
    cells.sort(CellComparator.getInstance());
    return new Row(key, List.copyOf(cells));
  }

  private static KeyValue info(byte[] row, byte[] qualifier, long ts, byte[] value) {
    return new KeyValue(row, HConstants.CATALOG_FAMILY, qualifier, ts, KeyValue.Type.Put, value);
  }
}
