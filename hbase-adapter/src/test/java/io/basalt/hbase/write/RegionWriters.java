package io.basalt.hbase.write;

import io.basalt.hbase.region.Region;
import io.basalt.hbase.schema.HBaseTable;
import io.basalt.hbase.testing.ServedTables;
import io.basalt.storage.catalog.TabletDefinition;
import java.io.IOException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.regionserver.WrongRegionException;
import org.apache.hadoop.hbase.util.Bytes;

/** Writers over one tablet of a served table, reading through that tablet's region as a region's own writer does. */
final class RegionWriters {
  private RegionWriters() {}

  /** A writer of the {@code index}-th tablet of {@code table} under {@code policy}, on the tables' clock. */
  static RegionWriter over(ServedTables tables, TableName table, int index, WritePolicy policy) throws IOException {
    HBaseTable served = tables.ddl().tables().require(table);
    TabletDefinition tablet = served.definition().tablets().get(index);
    RegionInfo info = served.regions().get(index);
    Region reader = tables.region(table, index);
    // One node: reads have no barrier to skip, so the caught-up reader is the region's get too.
    return new RegionWriter(served, info, tables.clock(), reader::get, reader::get, row -> {
      if (!tablet.contains(row)) {
        throw new WrongRegionException("row " + Bytes.toStringBinary(row) + " is not in "
            + info.getRegionNameAsString());
      }
    }, policy);
  }
}
