package io.basalt.hbase.testing;

import io.basalt.hbase.cluster.RegionLocations;
import io.basalt.hbase.cluster.ServerIdentity;
import io.basalt.hbase.compaction.MemstoreFlush;
import io.basalt.hbase.master.Namespaces;
import io.basalt.hbase.master.TableDdl;
import io.basalt.hbase.meta.MetaRegion;
import io.basalt.hbase.region.Region;
import io.basalt.hbase.region.RegionDirectory;
import io.basalt.hbase.region.RegionResolver;
import io.basalt.hbase.schema.HBaseTable;
import io.basalt.hbase.schema.TableDirectory;
import io.basalt.hbase.stats.TabletRequests;
import io.basalt.hbase.stats.TabletStatistics;
import io.basalt.hbase.write.NonceRegistry;
import io.basalt.hbase.write.WritePolicy;
import io.basalt.storage.StoreOptions;
import io.basalt.storage.TabletStore;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;

/**
 * A tablet store in a directory, the HBase catalog over it and the regions that serve its tables, as the front end
 * wires them but on a {@link ManualClock}, so that server timestamps and nonce windows are exact. No background
 * work runs: no sampling, compactions, splits or scanner leases.
 */
public final class ServedTables implements AutoCloseable {
  /** The server's default cell limit ({@code hbase.server.keyvalue.maxsize}, 10 MiB). */
  public static final long DEFAULT_MAX_CELL_BYTES = 10L << 20;

  private final Path directory;
  private final long maxCellBytes;
  private final ManualClock clock = new ManualClock();
  private TabletStore store;
  private TableDdl catalog;
  private TabletStatistics statistics;
  private WritePolicy writePolicy;
  private RegionDirectory regions;

  private ServedTables(Path directory, long maxCellBytes) throws IOException {
    this.directory = directory;
    this.maxCellBytes = maxCellBytes;
    open();
  }

  public static ServedTables open(Path directory) throws IOException {
    return new ServedTables(directory, DEFAULT_MAX_CELL_BYTES);
  }

  /** @param maxCellBytes the largest cell a write may carry or produce */
  public static ServedTables open(Path directory, long maxCellBytes) throws IOException {
    return new ServedTables(directory, maxCellBytes);
  }

  private void open() throws IOException {
    store = TabletStore.open(directory, StoreOptions.defaults());
    catalog = new TableDdl(store, new TableDirectory(), new Namespaces(store), new MemstoreFlush(clock));
    statistics = new TabletStatistics(clock);
    writePolicy = new WritePolicy(new NonceRegistry(clock, TimeUnit.MINUTES.toMillis(30)), maxCellBytes,
        catalog::recordCellTtlFamilies);
    MetaRegion meta = new MetaRegion(catalog.tables(), RegionLocations.singleNode(new ServerIdentity(
        ServerName.valueOf("localhost", 16020, 1), "cluster", 16010)), clock);
    regions = new RegionDirectory(catalog.tables(), meta, clock, writePolicy, statistics);
  }

  /**
   * Flushes every table, closes the store and opens it again: every cell is then only in a file and the block cache
   * is empty, so that reads refusing to wait give up. Regions and resolvers taken before are stale.
   */
  public void reopen() throws IOException {
    for (HBaseTable table : catalog.tables().all()) {
      table.storage().flush();
    }
    close();
    open();
  }

  /** Creates an enabled table with the given families (default settings) and split keys. */
  public HBaseTable create(TableName name, List<byte[]> splitKeys, byte[]... families) throws IOException {
    TableDescriptorBuilder descriptor = TableDescriptorBuilder.newBuilder(name);
    for (byte[] family : families) {
      descriptor.setColumnFamily(ColumnFamilyDescriptorBuilder.of(family));
    }
    return create(descriptor.build(), splitKeys);
  }

  public HBaseTable create(TableDescriptor descriptor, List<byte[]> splitKeys) throws IOException {
    return catalog.create(descriptor, splitKeys);
  }

  /** The region serving the {@code index}-th tablet of a table, as the directory serves it now. */
  public Region region(TableName table, int index) throws IOException {
    return regions.byName(regionName(table, index));
  }

  public byte[] regionName(TableName table, int index) throws IOException {
    return catalog.tables().require(table).regions().get(index).getRegionName();
  }

  /** The requests a region has counted. */
  public TabletRequests requests(Region region) {
    return statistics.tablet(region.info().getEncodedName());
  }

  public ManualClock clock() {
    return clock;
  }

  public TabletStore store() {
    return store;
  }

  public TableDdl ddl() {
    return catalog;
  }

  public TabletStatistics statistics() {
    return statistics;
  }

  public WritePolicy writePolicy() {
    return writePolicy;
  }

  public RegionDirectory directory() {
    return regions;
  }

  public RegionResolver resolver() {
    return new RegionResolver(regions);
  }

  /** Resolves the tables' regions and one more, which a test made, under that region's own name. */
  public RegionResolver resolverAlsoServing(Region extra) {
    return new RegionResolver(new RegionDirectory(catalog.tables(), extra, clock, writePolicy, statistics));
  }

  @Override
  public void close() {
    statistics.close();
    store.close();
  }
}
