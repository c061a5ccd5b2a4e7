package io.basalt.hbase.metrics;

import io.basalt.hbase.region.Region;
import io.basalt.hbase.region.RegionDirectory;
import io.basalt.hbase.schema.HBaseTable;
import io.basalt.hbase.schema.TableDirectory;
import io.basalt.hbase.stats.TabletRequests;
import io.basalt.hbase.stats.TabletStatistics;
import io.basalt.storage.TabletSize;
import io.basalt.storage.errors.StorageException;
import io.basalt.storage.errors.UnknownTableException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.RegionInfo;

/**
 * What a report says of each region served: its stores (families), its tablet's measured size and its request
 * counts. hbase:meta is computed, so it has one store, no files, and no counts. Measuring asks RocksDB for each
 * table's tablet sizes (estimates from the block indexes and memtable statistics: no data is read).
 */
public final class RegionFigures {
  /** One region's figures; {@code requests} is empty for a region that has served nothing since start. */
  public record Figure(RegionInfo info, int stores, TabletSize size, Optional<TabletRequests> requests) {
    /** The bytes of its tablet's files. */
    public long fileBytes() {
      return size.fileBytes();
    }

    /** The bytes of its tablet's memtables. */
    public long memtableBytes() {
      return size.memtableBytes();
    }

    /** Its tablet's files. */
    public long fileCount() {
      return size.fileCount();
    }
  }

  private final RegionDirectory directory;
  private final TableDirectory tables;
  private final TabletStatistics statistics;

  public RegionFigures(RegionDirectory directory, TableDirectory tables, TabletStatistics statistics) {
    this.directory = directory;
    this.tables = tables;
    this.statistics = statistics;
  }

  /**
   * Figures of every region, or of one table's regions when {@code table} is not null, measured now; a disabled
   * table's (closed) regions too.
   */
  public List<Figure> measure(TableName table) throws IOException {
    return figures(sizes(table), table, false);
  }

  /** The tablet sizes of every region, or of one table's regions, by encoded region name. */
  Map<String, TabletSize> sizes(TableName table) throws IOException {
    Map<String, TabletSize> sizes = new HashMap<>();
    for (HBaseTable served : tables.all()) {
      if (table == null || table.equals(served.name())) {
        sizes.putAll(sizesOf(served));
      }
    }
    return sizes;
  }

  /**
   * The regions served now, with their current counts and the sizes given (none for a region not in them); only the
   * open ones if {@code openOnly}, as HBase's region server reports regions in its metrics.
   */
  List<Figure> figures(Map<String, TabletSize> sizes, TableName table, boolean openOnly) {
    List<Figure> figures = new ArrayList<>();
    for (Region region : directory.all()) {
      RegionInfo info = region.info();
      if ((table != null && !table.equals(info.getTable())) || (openOnly && !region.isOnline())) {
        continue;
      }
      int stores = info.isMetaRegion() ? 1
          : tables.table(info.getTable()).map(t -> t.descriptor().getColumnFamilyCount()).orElse(0);
      figures.add(new Figure(info, stores, sizes.getOrDefault(info.getEncodedName(), TabletSize.EMPTY),
          statistics.find(info.getEncodedName())));
    }
    return figures;
  }

  /** The sizes of a table's tablets by region encoded name; none for a table dropped since it was listed. */
  private static Map<String, TabletSize> sizesOf(HBaseTable table) throws IOException {
    List<TabletSize> sizes;
    try {
      sizes = table.storage().approximateSizes(table.definition().tablets());
    } catch (UnknownTableException e) {
      return Map.of(); // its regions are leaving the directory too
    } catch (StorageException e) {
      throw new IOException("cannot measure the regions of " + table.name() + ": " + e.getMessage(), e);
    }
    Map<String, TabletSize> byRegion = new HashMap<>();
    for (int i = 0; i < sizes.size(); i++) {
      byRegion.put(table.regions().get(i).getEncodedName(), sizes.get(i));
    }
    return byRegion;
  }
}
