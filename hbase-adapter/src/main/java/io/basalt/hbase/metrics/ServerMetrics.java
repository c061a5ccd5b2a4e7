package io.basalt.hbase.metrics;

import io.basalt.hbase.cluster.RegionLocations;
import io.basalt.hbase.keyviz.HotTablet;
import io.basalt.hbase.region.RegionDirectory;
import io.basalt.hbase.schema.HBaseTable;
import io.basalt.hbase.schema.TableDirectory;
import io.basalt.hbase.stats.TabletRequests;
import io.basalt.hbase.stats.TabletStatistics;
import io.basalt.storage.TabletStore;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.LongSupplier;
import java.util.function.ToLongFunction;
import java.util.stream.Collectors;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.RegionInfo;

/**
 * The region server's and the master's metrics records, under HBase's bean and attribute names: {@code
 * RegionServer,sub=Server|Regions|Tables}, one {@code RegionServer,sub=TableRequests_...} per table served, and
 * {@code Master,sub=Server|AssignmentManager}; and RocksDB's figures under {@code name=Basalt}. The RPC server adds its
 * own ({@code sub=IPC}), the server the JVM's.
 */
public final class ServerMetrics {
  /**
   * HBase's metrics period, ten seconds ({@code *.period} of its hadoop-metrics2 file): the least a histogram's
   * interval lasts, and how stale its JMX figures may be.
   */
  public static final long INTERVAL_MILLIS = 10_000;
  /** How often region sizes are measured at most: HBase's {@code hbase.regionserver.metrics.period}, 5 s. */
  static final long SIZE_PERIOD_MILLIS = 5_000;

  private final RequestMetrics requests;
  private final TableDirectory tables;
  private final List<MetricsRecord> fixed;
  private final RecentFigures figures;
  private volatile String zookeeperQuorum = "";

  /** The sources the records read; see {@link #ServerMetrics}. */
  public record Sources(RegionLocations locations, RegionDirectory directory, TableDirectory tables,
      TabletStatistics statistics, TabletStore store, LongSupplier activeScanners, LongSupplier compactionQueue,
      ToLongFunction<RegionInfo> lastMajorCompaction, Clock clock) {}

  public ServerMetrics(RequestMetrics requests, Sources sources) {
    this.requests = requests;
    this.tables = sources.tables();
    RecentFigures figures = new RecentFigures(new RegionFigures(sources.directory(), sources.tables(),
        sources.statistics()), SIZE_PERIOD_MILLIS);
    this.figures = figures;
    ServerTags tags = new ServerTags(sources.locations().self(), this::zookeeperQuorum);
    this.fixed = List.of(
        new RegionServerRecord(tags, figures, sources.statistics(), requests, sources.activeScanners(),
            sources.compactionQueue(), sources.store()),
        new RegionsRecord(figures, sources.lastMajorCompaction(), sources.clock()),
        new TablesRecord(figures),
        new MasterRecord(tags, sources.locations(), () -> figures.get().size(), sources.statistics()::rpcCount),
        new AssignmentManagerRecord(),
        new StorageEngineRecord(sources.store()));
  }

  /** The quorum clients are told to use, which the server knows once its registry is up. */
  public void zookeeperQuorum(String quorum) {
    this.zookeeperQuorum = quorum == null ? "" : quorum;
  }

  private String zookeeperQuorum() {
    return zookeeperQuorum;
  }

  /**
   * The regions with the most requests per second over the last minute, busiest first: of one table, or of all
   * when {@code table} is null; only regions that served requests.
   */
  public List<HotTablet> busiestRegions(String table, int limit) {
    List<HotTablet> busiest = new ArrayList<>();
    for (RegionFigures.Figure figure : figures.get()) {
      RegionInfo info = figure.info();
      String name = info.getTable().getNameAsString();
      if (figure.requests().isEmpty() || (table != null && !table.equals(name))) {
        continue;
      }
      TabletRequests requests = figure.requests().get();
      busiest.add(new HotTablet(name, info.getRegionNameAsString(), info.getStartKey(), info.getEndKey(),
          requests.requestsPerSecond(), requests.readRequests(), requests.writeRequests()));
    }
    busiest.sort((a, b) -> Double.compare(b.requestsPerSecond(), a.requestsPerSecond()));
    return List.copyOf(busiest.subList(0, Math.min(limit, busiest.size())));
  }

  /**
   * The records as they stand: the fixed ones, and one per table that has served requests and is still served
   * (enabled: HBase drops a table's request bean when its regions close).
   */
  public List<MetricsRecord> records() {
    Set<TableName> served = tables.all().stream().filter(HBaseTable::isEnabled).map(HBaseTable::name)
        .collect(Collectors.toSet());
    served.add(TableName.META_TABLE_NAME);
    requests.retainTables(served);
    List<MetricsRecord> records = new ArrayList<>(fixed);
    records.addAll(requests.tables());
    return records;
  }
}
