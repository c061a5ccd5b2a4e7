package io.basalt.hbase.service;

import io.basalt.hbase.cluster.ServerIdentity;
import io.basalt.hbase.compaction.CompactionQueue;
import io.basalt.hbase.master.ClusterSwitches;
import io.basalt.hbase.master.ProcedureTracker;
import io.basalt.hbase.master.SnapshotCleanupChore;
import io.basalt.hbase.region.RegionDirectory;
import io.basalt.hbase.region.RegionResolver;
import io.basalt.hbase.rpc.RpcDispatcher;
import io.basalt.hbase.rpc.ServiceBinding;
import io.basalt.hbase.scan.ScanHandler;
import io.basalt.hbase.scan.ScannerRegistry;
import io.basalt.hbase.schema.RegionSplitsAndMerges;
import io.basalt.hbase.schema.TableCatalog;
import io.basalt.hbase.stats.TabletStatistics;
import java.util.List;

/** Assembles the five services Basalt serves on its one port. */
public final class HBaseServices {
  private HBaseServices() {}

  public static RpcDispatcher dispatcher(ServerIdentity server, TableCatalog catalog, RegionDirectory directory,
      ScannerRegistry scanners, ProcedureTracker procedures, CompactionQueue compactions, ClusterSwitches switches,
      RegionSplitsAndMerges splits, TabletStatistics statistics, SnapshotCleanupChore snapshotCleanup,
      long maxScanResultBytes) {
    return new RpcDispatcher(bindings(server, catalog, directory, scanners, procedures, compactions, switches,
        splits, statistics, snapshotCleanup, maxScanResultBytes));
  }

  static List<ServiceBinding> bindings(ServerIdentity server, TableCatalog catalog, RegionDirectory directory,
      ScannerRegistry scanners, ProcedureTracker procedures, CompactionQueue compactions, ClusterSwitches switches,
      RegionSplitsAndMerges splits, TabletStatistics statistics, SnapshotCleanupChore snapshotCleanup,
      long maxScanResultBytes) {
    RegionResolver regions = new RegionResolver(directory);
    ScanHandler scanHandler = new ScanHandler(regions, scanners, maxScanResultBytes);
    RegionReports reports = new RegionReports(directory, catalog, compactions, statistics);
    return List.of(
        new ClientServiceHandlers(regions, scanHandler, new MultiHandler(regions), statistics).binding(),
        new AdminServiceHandlers(server, directory, regions, catalog, compactions, statistics, reports).binding(),
        new MasterServiceHandlers(catalog, procedures,
            new ClusterHandlers(server, catalog, directory, procedures, switches, compactions, statistics, reports),
            new RegionChangeHandlers(splits, directory, switches, procedures),
            new SnapshotHandlers(catalog, procedures, switches, snapshotCleanup)).binding(),
        new ClientMetaServiceHandlers(server).binding(),
        new HbckServiceHandlers().binding());
  }
}
