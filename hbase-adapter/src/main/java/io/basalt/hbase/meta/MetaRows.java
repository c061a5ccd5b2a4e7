package io.basalt.hbase.meta;

import io.basalt.hbase.cluster.ServerIdentity;
import io.basalt.hbase.schema.HBaseTable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.MetaCellComparator;
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

  static List<Row> build(List<HBaseTable> tables, ServerIdentity server) {
    List<Row> rows = new ArrayList<>();
    for (HBaseTable table : tables) {
      rows.add(stateRow(table));
      for (RegionInfo region : table.regions()) {
        rows.add(regionRow(table, region, server));
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

  private static Row regionRow(HBaseTable table, RegionInfo region, ServerIdentity server) {
    byte[] key = region.getRegionName();
    long ts = table.createdMillis();
    // Disabled tables keep their server column, as in HBase: clients then get NotServingRegionException and
    // report the table as disabled, instead of looping on a region without a location.
    String state = table.isEnabled() ? "OPEN" : "CLOSED";
    List<Cell> cells = new ArrayList<>();
    cells.add(info(key, HConstants.REGIONINFO_QUALIFIER, ts, RegionInfo.toByteArray(region)));
    cells.add(info(key, HConstants.SEQNUM_QUALIFIER, ts, Bytes.toBytes(1L)));
    cells.add(info(key, HConstants.SERVER_QUALIFIER, ts, Bytes.toBytes(server.hostAndPort())));
    cells.add(info(key, HConstants.SERVERNAME_QUALIFIER, ts, Bytes.toBytes(server.serverName().getServerName())));
    cells.add(info(key, HConstants.STARTCODE_QUALIFIER, ts, Bytes.toBytes(server.startCode())));
    cells.add(info(key, HConstants.STATE_QUALIFIER, ts, Bytes.toBytes(state)));
    cells.sort(CellComparator.getInstance());
    return new Row(key, List.copyOf(cells));
  }

  private static KeyValue info(byte[] row, byte[] qualifier, long ts, byte[] value) {
    return new KeyValue(row, HConstants.CATALOG_FAMILY, qualifier, ts, KeyValue.Type.Put, value);
  }
}
