package io.basalt.hbase.service;

import io.basalt.hbase.cluster.RegionLocations;
import io.basalt.hbase.cluster.ServerIdentity;
import io.basalt.hbase.compaction.CompactionQueue;
import io.basalt.hbase.master.ClusterSwitches.Switch;
import io.basalt.hbase.master.Master;
import io.basalt.hbase.region.Region;
import io.basalt.hbase.region.RegionDirectory;
import io.basalt.hbase.region.RegionResolver;
import io.basalt.hbase.rpc.CallContext;
import io.basalt.hbase.rpc.ServiceBinding;
import io.basalt.hbase.schema.HBaseTable;
import io.basalt.hbase.stats.TabletStatistics;
import java.io.IOException;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.ClusterMetrics;
import org.apache.hadoop.hbase.ClusterMetricsBuilder;
import org.apache.hadoop.hbase.RegionMetrics;
import org.apache.hadoop.hbase.ServerMetrics;
import org.apache.hadoop.hbase.ServerMetricsBuilder;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.Size;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.RegionStatesCount;
import org.apache.hadoop.hbase.security.AccessDeniedException;
import org.apache.hadoop.hbase.security.access.Permission.Action;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.shaded.protobuf.generated.MasterProtos;
import org.apache.hadoop.hbase.util.VersionInfo;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * MasterService's cluster-level methods: the cluster status the shell's {@code status} prints, the master's
 * switches, maintenance mode, and flushing a table. One process is the whole cluster: one live server that is
 * also the active master, no backups, nothing dead, nothing in transition, nothing to balance or normalize.
 */
final class ClusterHandlers {
  private static final Logger LOG = LoggerFactory.getLogger(ClusterHandlers.class);

  private final RegionLocations locations;
  private final ServerIdentity server;
  private final Master master;
  private final RegionDirectory directory;
  private final CompactionQueue compactions;
  private final TabletStatistics statistics;
  private final RegionReports reports;

  ClusterHandlers(RegionLocations locations, Master master, RegionDirectory directory, CompactionQueue compactions,
      TabletStatistics statistics, RegionReports reports) {
    this.locations = locations;
    this.server = locations.self();
    this.master = master;
    this.directory = directory;
    this.compactions = compactions;
    this.statistics = statistics;
    this.reports = reports;
  }

  void register(ServiceBinding.Builder binding) {
    binding
        .on("GetClusterStatus", MasterProtos.GetClusterStatusRequest.getDefaultInstance(),
            (call, request) -> MasterProtos.GetClusterStatusResponse.newBuilder()
                .setClusterStatus(ClusterMetricsBuilder.toClusterStatus(metrics())).build())
        .on("IsMasterInMaintenanceMode", MasterProtos.IsInMaintenanceModeRequest.getDefaultInstance(),
            (call, request) -> MasterProtos.IsInMaintenanceModeResponse.newBuilder().setInMaintenanceMode(false)
                .build())
        .on("FlushTable", MasterProtos.FlushTableRequest.getDefaultInstance(), this::flushTable)
        .on("getLastMajorCompactionTimestamp", MasterProtos.MajorCompactionTimestampRequest.getDefaultInstance(),
            this::lastMajorCompaction)
        .on("getLastMajorCompactionTimestampForRegion",
            MasterProtos.MajorCompactionTimestampForRegionRequest.getDefaultInstance(),
            this::lastMajorCompactionOfRegion)
        .on("SetBalancerRunning", MasterProtos.SetBalancerRunningRequest.getDefaultInstance(),
            this::switchBalancer)
        .on("IsBalancerEnabled", MasterProtos.IsBalancerEnabledRequest.getDefaultInstance(),
            (call, request) -> MasterProtos.IsBalancerEnabledResponse.newBuilder()
                .setEnabled(master.switches().get(Switch.BALANCER)).build())
        .on("Balance", MasterProtos.BalanceRequest.getDefaultInstance(), this::balance)
        .on("ClearDeadServers", MasterProtos.ClearDeadServersRequest.getDefaultInstance(),
            // HBase's master answers with the servers it could not clear because it knew no such dead server;
            // the one server here is alive, so every name asked about comes back.
            (call, request) -> MasterProtos.ClearDeadServersResponse.newBuilder()
                .addAllServerName(request.getServerNameList()).build())
        .on("SetNormalizerRunning", MasterProtos.SetNormalizerRunningRequest.getDefaultInstance(),
            (call, request) -> MasterProtos.SetNormalizerRunningResponse.newBuilder()
                .setPrevNormalizerValue(master.switches().set(Switch.NORMALIZER, request.getOn())).build())
        .on("IsNormalizerEnabled", MasterProtos.IsNormalizerEnabledRequest.getDefaultInstance(),
            (call, request) -> MasterProtos.IsNormalizerEnabledResponse.newBuilder()
                .setEnabled(master.switches().get(Switch.NORMALIZER)).build())
        .on("Normalize", MasterProtos.NormalizeRequest.getDefaultInstance(),
            (call, request) -> MasterProtos.NormalizeResponse.newBuilder().setNormalizerRan(false).build())
        .on("EnableCatalogJanitor", MasterProtos.EnableCatalogJanitorRequest.getDefaultInstance(),
            (call, request) -> MasterProtos.EnableCatalogJanitorResponse.newBuilder()
                .setPrevValue(master.switches().set(Switch.CATALOG_JANITOR, request.getEnable())).build())
        .on("IsCatalogJanitorEnabled", MasterProtos.IsCatalogJanitorEnabledRequest.getDefaultInstance(),
            (call, request) -> MasterProtos.IsCatalogJanitorEnabledResponse.newBuilder()
                .setValue(master.switches().get(Switch.CATALOG_JANITOR)).build())
        .on("RunCatalogScan", MasterProtos.RunCatalogScanRequest.getDefaultInstance(),
            (call, request) -> MasterProtos.RunCatalogScanResponse.newBuilder().setScanResult(0).build())
        .on("SetCleanerChoreRunning", MasterProtos.SetCleanerChoreRunningRequest.getDefaultInstance(),
            (call, request) -> MasterProtos.SetCleanerChoreRunningResponse.newBuilder()
                .setPrevValue(master.switches().set(Switch.CLEANER_CHORE, request.getOn())).build())
        .on("IsCleanerChoreEnabled", MasterProtos.IsCleanerChoreEnabledRequest.getDefaultInstance(),
            (call, request) -> MasterProtos.IsCleanerChoreEnabledResponse.newBuilder()
                .setValue(master.switches().get(Switch.CLEANER_CHORE)).build())
        .on("RunCleanerChore", MasterProtos.RunCleanerChoreRequest.getDefaultInstance(),
            (call, request) -> MasterProtos.RunCleanerChoreResponse.newBuilder().setCleanerChoreRan(true).build())
        .on("SetSplitOrMergeEnabled", MasterProtos.SetSplitOrMergeEnabledRequest.getDefaultInstance(),
            this::setSplitOrMerge)
        .on("IsSplitOrMergeEnabled", MasterProtos.IsSplitOrMergeEnabledRequest.getDefaultInstance(),
            (call, request) -> MasterProtos.IsSplitOrMergeEnabledResponse.newBuilder()
                .setEnabled(master.switches().get(switchOf(request.getSwitchType()))).build());
  }

  /**
   * A balancer run, as HBase's master answers it: with the balancer switched off only a dry run runs; otherwise
   * the balancer runs and, with one server holding every region, finds no move to make. The force flag (run
   * despite regions in transition) changes nothing, as no region is ever in transition.
   */
  /**
   * Turns the balancer on or off, answering what it was. A caller without global ADMIN changes nothing and is
   * answered as if it had, as HBase's master does (it logs the refusal and answers the old value); the refusal
   * goes to the audit log.
   */
  private MasterProtos.SetBalancerRunningResponse switchBalancer(CallContext call,
      MasterProtos.SetBalancerRunningRequest request) throws IOException {
    boolean previous;
    try {
      call.permissions().requireGlobal(Action.ADMIN);
      previous = master.switches().set(Switch.BALANCER, request.getOn());
    } catch (AccessDeniedException e) {
      LOG.warn("Not switching the balancer for {}: {}", call.user().shortName(), e.getMessage());
      previous = master.switches().get(Switch.BALANCER);
    }
    return MasterProtos.SetBalancerRunningResponse.newBuilder().setPrevBalanceValue(previous).build();
  }

  private MasterProtos.BalanceResponse balance(CallContext call, MasterProtos.BalanceRequest request) {
    boolean runs = master.switches().get(Switch.BALANCER) || request.getDryRun();
    return MasterProtos.BalanceResponse.newBuilder().setBalancerRan(runs).setMovesCalculated(0)
        .setMovesExecuted(0).build();
  }

  private MasterProtos.SetSplitOrMergeEnabledResponse setSplitOrMerge(CallContext call,
      MasterProtos.SetSplitOrMergeEnabledRequest request) throws IOException {
    MasterProtos.SetSplitOrMergeEnabledResponse.Builder response =
        MasterProtos.SetSplitOrMergeEnabledResponse.newBuilder();
    for (MasterProtos.MasterSwitchType type : request.getSwitchTypesList()) {
      response.addPrevValue(master.switches().set(switchOf(type), request.getEnabled()));
    }
    return response.build();
  }

  private static Switch switchOf(MasterProtos.MasterSwitchType type) {
    return type == MasterProtos.MasterSwitchType.MERGE ? Switch.MERGE : Switch.SPLIT;
  }

  private MasterProtos.FlushTableResponse flushTable(CallContext call, MasterProtos.FlushTableRequest request)
      throws IOException {
    TableName name = ProtobufUtil.toTableName(request.getTableName());
    long procId = master.procedures().run("FlushTableProcedure", call.user().shortName(), () -> flush(master, name));
    return MasterProtos.FlushTableResponse.newBuilder().setProcId(procId).build();
  }

  /**
   * Flushes a table's memtables to files. hbase:meta, which HBase flushes like any table, is computed from the
   * catalog and has nothing to flush.
   */
  static void flush(Master master, TableName name) throws IOException {
    if (!TableName.META_TABLE_NAME.equals(name)) {
      master.ddl().flush(name);
    }
  }

  /** The oldest of the table's regions' last major compactions: 0 unless every region has had one. */
  private MasterProtos.MajorCompactionTimestampResponse lastMajorCompaction(CallContext call,
      MasterProtos.MajorCompactionTimestampRequest request) throws IOException {
    HBaseTable table = master.tables().require(ProtobufUtil.toTableName(request.getTableName()));
    long oldest = Long.MAX_VALUE;
    for (RegionInfo region : table.regions()) {
      oldest = Math.min(oldest, compactions.lastMajorCompaction(region));
    }
    return MasterProtos.MajorCompactionTimestampResponse.newBuilder()
        .setCompactionTimestamp(oldest == Long.MAX_VALUE ? 0 : oldest).build();
  }

  private MasterProtos.MajorCompactionTimestampResponse lastMajorCompactionOfRegion(CallContext call,
      MasterProtos.MajorCompactionTimestampForRegionRequest request) throws IOException {
    Region region = new RegionResolver(directory).resolve(request.getRegion());
    return MasterProtos.MajorCompactionTimestampResponse.newBuilder()
        .setCompactionTimestamp(compactions.lastMajorCompaction(region.info())).build();
  }

  /** Another member as its last report describes it, or by its name alone while it has not reported. */
  private ServerMetrics reported(ServerName other) {
    var metrics = ServerMetricsBuilder.newBuilder(other).setVersion(VersionInfo.getVersion());
    locations.reportOf(other).ifPresent(report -> metrics
        .setRequestCount(report.requests())
        .setRequestCountPerSecond((long) report.requestsPerSecond())
        .setUsedHeapSize(new Size(report.usedHeapBytes() / (1024.0 * 1024.0), Size.Unit.MEGABYTE))
        .setMaxHeapSize(new Size(report.maxHeapBytes() / (1024.0 * 1024.0), Size.Unit.MEGABYTE))
        .setReportTimestamp(report.reportMillis())
        .setLastReportTimestamp(report.reportMillis()));
    return metrics.build();
  }

  /**
   * The cluster as one live server holding every region. Its request count is the RPC calls it has served, its
   * requests per second the read and write requests of its regions over the last few seconds, both as HBase's
   * region server reports them (the latter truncated to a whole number, as there).
   */
  private ClusterMetrics metrics() throws IOException {
    List<RegionMetrics> regionMetrics = reports.metrics(null);
    Runtime runtime = Runtime.getRuntime();
    long now = System.currentTimeMillis();
    var serverMetrics = ServerMetricsBuilder.newBuilder(server.serverName())
        .setVersion(VersionInfo.getVersion())
        .setInfoServerPort(server.infoPort())
        .setUsedHeapSize(new Size((runtime.totalMemory() - runtime.freeMemory()) / (1024.0 * 1024.0),
            Size.Unit.MEGABYTE))
        .setMaxHeapSize(new Size(runtime.maxMemory() / (1024.0 * 1024.0), Size.Unit.MEGABYTE))
        .setRequestCount(statistics.rpcCount())
        .setRequestCountPerSecond((long) statistics.requestsPerSecond())
        .setRegionMetrics(regionMetrics)
        .setReportTimestamp(now)
        .setLastReportTimestamp(now)
        .build();
    // Every region of an enabled table is open, none of a disabled one; none is ever in transition.
    Map<TableName, RegionStatesCount> regionStates = new HashMap<>();
    for (HBaseTable table : master.tables().all()) {
      int regions = table.regions().size();
      regionStates.put(table.name(), new RegionStatesCount.RegionStatesCountBuilder()
          .setOpenRegions(table.isEnabled() ? regions : 0)
          .setClosedRegions(table.isEnabled() ? 0 : regions)
          .setTotalRegions(regions)
          .build());
    }
    // In a cluster the other members are listed with the totals each last reported of itself (requests, heap);
    // the metrics of their regions are theirs to report.
    Map<ServerName, ServerMetrics> live = new LinkedHashMap<>();
    for (ServerName other : locations.liveServers()) {
      live.put(other, other.equals(server.serverName()) ? serverMetrics : reported(other));
    }
    live.putIfAbsent(server.serverName(), serverMetrics);
    ClusterMetricsBuilder builder = ClusterMetricsBuilder.newBuilder()
        .setHBaseVersion(VersionInfo.getVersion())
        .setClusterId(server.clusterId())
        .setBackerMasterNames(locations.backupMasters())
        .setLiveServerMetrics(live)
        .setDeadServerNames(List.of())
        .setRegionsInTransition(List.of())
        .setServerNames(List.copyOf(live.keySet()))
        .setBalancerOn(master.switches().get(Switch.BALANCER))
        .setMasterInfoPort(server.infoPort())
        .setTableRegionStatesCount(regionStates);
    locations.activeMaster().ifPresent(builder::setMasterName);
    return builder.build();
  }
}
