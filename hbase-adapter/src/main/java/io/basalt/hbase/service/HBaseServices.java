package io.basalt.hbase.service;

import io.basalt.hbase.bulkload.BulkLoader;
import io.basalt.hbase.cluster.RegionLocations;
import io.basalt.hbase.cluster.ServerIdentity;
import io.basalt.hbase.compaction.CompactionQueue;
import io.basalt.hbase.logs.SlowLog;
import io.basalt.hbase.master.Master;
import io.basalt.hbase.metrics.RegionFigures;
import io.basalt.hbase.metrics.RequestMetrics;
import io.basalt.hbase.region.RegionDirectory;
import io.basalt.hbase.region.RegionResolver;
import io.basalt.hbase.rpc.RpcDispatcher;
import io.basalt.hbase.rpc.ServiceBinding;
import io.basalt.hbase.scan.ScanHandler;
import io.basalt.hbase.scan.ScannerRegistry;
import io.basalt.hbase.schema.TableDirectory;
import io.basalt.hbase.security.AuthenticationEndpoint;
import io.basalt.hbase.security.Authorization;
import io.basalt.hbase.security.SecuritySettings;
import io.basalt.hbase.stats.TabletStatistics;
import java.util.List;

/**
 * Assembles the five services Basalt serves on its one port: the region server's (ClientService, AdminService) over
 * the regions, the master's (MasterService, HbckService) over the master, and the registry's (ClientMetaService).
 */
public final class HBaseServices {
  private HBaseServices() {}

  /**
   * @param tables the tables the master publishes, which the regions serve
   * @param security the server's authentication, for AuthenticationService and the security capabilities
   * @param authorization the grants every call is checked against, or null when permissions are not checked
   */
  public static RpcDispatcher dispatcher(RegionLocations locations, TableDirectory tables, Master master,
      RegionDirectory directory, ScannerRegistry scanners, CompactionQueue compactions, TabletStatistics statistics,
      long maxScanResultBytes, SecuritySettings security, Authorization authorization, SlowLog slowLog,
      RequestMetrics metrics, BulkLoader bulkLoader) {
    List<ServiceBinding> bindings = bindings(locations, tables, master, directory, scanners, compactions,
        statistics, maxScanResultBytes, security, authorization, slowLog, metrics, bulkLoader);
    if (authorization == null) {
      return new RpcDispatcher(bindings, slowLog);
    }
    AccessRules rules = new AccessRules(authorization, new RegionResolver(directory));
    return new RpcDispatcher(bindings.stream().map(binding -> binding.guardedBy(rules)).toList(), slowLog);
  }

  static List<ServiceBinding> bindings(RegionLocations locations, TableDirectory tables, Master master,
      RegionDirectory directory, ScannerRegistry scanners, CompactionQueue compactions, TabletStatistics statistics,
      long maxScanResultBytes, SecuritySettings security, Authorization authorization, SlowLog slowLog,
      RequestMetrics metrics, BulkLoader bulkLoader) {
    ServerIdentity server = locations.self();
    LogEntryHandlers logs = new LogEntryHandlers(slowLog);
    RegionResolver regions = new RegionResolver(directory);
    ScanHandler scanHandler = new ScanHandler(regions, scanners, maxScanResultBytes, metrics);
    RegionReports reports = new RegionReports(new RegionFigures(directory, tables, statistics), compactions);
    return List.of(
        new ClientServiceHandlers(regions, scanHandler, new MultiHandler(regions, metrics), statistics, metrics,
            security.kerberos() ? new AuthenticationEndpoint(security.tokens()) : null,
            new BulkLoadHandlers(regions, bulkLoader)).binding(),
        new AdminServiceHandlers(server, directory, regions, tables, compactions, statistics, reports, logs)
            .binding(),
        new MasterServiceHandlers(master,
            new ClusterHandlers(locations, master, directory, compactions, statistics, reports),
            new RegionChangeHandlers(master, directory), new SnapshotHandlers(master),
            new AccessControlHandlers(security.kerberos(), authorization), logs).binding(),
        new ClientMetaServiceHandlers(locations).binding(),
        new HbckServiceHandlers().binding());
  }
}
