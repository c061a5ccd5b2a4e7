package io.basalt.hbase.service;

import static io.basalt.hbase.service.CountedCalls.counted;

import io.basalt.hbase.cluster.ServerIdentity;
import io.basalt.hbase.compaction.CompactionQueue;
import io.basalt.hbase.region.Region;
import io.basalt.hbase.region.RegionDirectory;
import io.basalt.hbase.region.RegionResolver;
import io.basalt.hbase.replication.ReplicationSink;
import io.basalt.hbase.rpc.CallContext;
import io.basalt.hbase.rpc.ServiceBinding;
import io.basalt.hbase.schema.TableDirectory;
import io.basalt.hbase.stats.TabletStatistics;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.NotServingRegionException;
import org.apache.hadoop.hbase.RegionMetrics;
import org.apache.hadoop.hbase.RegionMetricsBuilder;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.regionserver.NoSuchColumnFamilyException;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.shaded.protobuf.ResponseConverter;
import org.apache.hadoop.hbase.shaded.protobuf.generated.AdminProtos.AdminService;
import org.apache.hadoop.hbase.shaded.protobuf.generated.AdminProtos;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * AdminService: questions about this server and the regions it holds; flushes and compactions; the WAL entries an
 * HBase cluster replicating to this one ships.
 */
final class AdminServiceHandlers {
  private final ServerIdentity server;
  private final RegionDirectory directory;
  private final RegionResolver regions;
  private final TableDirectory tables;
  private final CompactionQueue compactions;
  private final TabletStatistics statistics;
  private final RegionReports reports;
  private final LogEntryHandlers logs;
  private final ReplicationSink sink;

  AdminServiceHandlers(ServerIdentity server, RegionDirectory directory, RegionResolver regions,
      TableDirectory tables, CompactionQueue compactions, TabletStatistics statistics, RegionReports reports,
      LogEntryHandlers logs) {
    this.sink = new ReplicationSink(directory);
    this.server = server;
    this.directory = directory;
    this.regions = regions;
    this.tables = tables;
    this.compactions = compactions;
    this.statistics = statistics;
    this.reports = reports;
    this.logs = logs;
  }

  /** Calls count toward the server's requests as in HBase: all but GetRegionLoad. */
  ServiceBinding binding() {
    ServiceBinding.Builder binding = ServiceBinding.of(AdminService.getDescriptor())
        .on("GetServerInfo", AdminProtos.GetServerInfoRequest.getDefaultInstance(), counted(statistics,
            (call, request) -> ResponseConverter.buildGetServerInfoResponse(server.serverName(), server.infoPort())))
        .on("GetOnlineRegion", AdminProtos.GetOnlineRegionRequest.getDefaultInstance(),
            counted(statistics, this::onlineRegions))
        .on("GetRegionInfo", AdminProtos.GetRegionInfoRequest.getDefaultInstance(),
            counted(statistics, this::regionInfo))
        .on("FlushRegion", AdminProtos.FlushRegionRequest.getDefaultInstance(), counted(statistics, this::flushRegion))
        .on("CompactRegion", AdminProtos.CompactRegionRequest.getDefaultInstance(),
            counted(statistics, this::compactRegion))
        .on("CompactionSwitch", AdminProtos.CompactionSwitchRequest.getDefaultInstance(), counted(statistics,
            (call, request) -> AdminProtos.CompactionSwitchResponse.newBuilder()
                .setPrevState(compactions.switchCompactions(request.getEnabled())).build()))
        .on("GetRegionLoad", AdminProtos.GetRegionLoadRequest.getDefaultInstance(), this::regionLoad)
        .on("ReplicateWALEntry", AdminProtos.ReplicateWALEntryRequest.getDefaultInstance(),
            counted(statistics, this::replicate));
    logs.registerRegionServer(binding);
    return binding.build();
  }

  /** Applies what an HBase cluster replicating to this one ships: Basalt as a replication peer. */
  private AdminProtos.ReplicateWALEntryResponse replicate(CallContext call,
      AdminProtos.ReplicateWALEntryRequest request) throws IOException {
    sink.replicate(request.getEntryList(), call.requestCells());
    return AdminProtos.ReplicateWALEntryResponse.getDefaultInstance();
  }

  /** Flushes the region's table now; its memtables become sorted files. */
  private AdminProtos.FlushRegionResponse flushRegion(CallContext call, AdminProtos.FlushRegionRequest request)
      throws IOException {
    regions.resolve(request.getRegion()).flush();
    return AdminProtos.FlushRegionResponse.newBuilder().setLastFlushTime(System.currentTimeMillis())
        .setFlushed(true).build();
  }

  /** Queues a compaction of the region and returns, as HBase does; the region's compaction state shows progress. */
  private AdminProtos.CompactRegionResponse compactRegion(CallContext call,
      AdminProtos.CompactRegionRequest request) throws IOException {
    Region region = regions.resolve(request.getRegion());
    byte[] family = request.hasFamily() ? request.getFamily().toByteArray() : null;
    if (family != null && !region.info().isMetaRegion()
        && !tables.require(region.info().getTable()).descriptor().hasColumnFamily(family)) {
      throw new NoSuchColumnFamilyException("Column family " + Bytes.toStringBinary(family) + " does not exist in "
          + region.info().getRegionNameAsString());
    }
    compactions.request(region, request.getMajor(), family);
    return AdminProtos.CompactRegionResponse.getDefaultInstance();
  }

  /** The loads of this server's regions, or of one table's: what {@code Admin.getRegionMetrics} asks for. */
  private AdminProtos.GetRegionLoadResponse regionLoad(CallContext call, AdminProtos.GetRegionLoadRequest request)
      throws IOException {
    TableName table = request.hasTableName() ? ProtobufUtil.toTableName(request.getTableName()) : null;
    AdminProtos.GetRegionLoadResponse.Builder response = AdminProtos.GetRegionLoadResponse.newBuilder();
    for (RegionMetrics metrics : reports.metrics(table)) {
      response.addRegionLoads(RegionMetricsBuilder.toRegionLoad(metrics));
    }
    return response.build();
  }

  private AdminProtos.GetOnlineRegionResponse onlineRegions(CallContext call,
      AdminProtos.GetOnlineRegionRequest request) {
    List<RegionInfo> infos = new ArrayList<>();
    for (Region region : directory.all()) {
      if (region.isOnline()) {
        infos.add(region.info());
      }
    }
    return ResponseConverter.buildGetOnlineRegionResponse(infos);
  }

  private AdminProtos.GetRegionInfoResponse regionInfo(CallContext call, AdminProtos.GetRegionInfoRequest request)
      throws NotServingRegionException {
    Region region = regions.resolve(request.getRegion());
    AdminProtos.GetRegionInfoResponse.Builder response = AdminProtos.GetRegionInfoResponse.newBuilder()
        .setRegionInfo(ProtobufUtil.toRegionInfo(region.info()));
    if (request.getCompactionState()) {
      response.setCompactionState(ProtobufUtil.createCompactionState(compactions.state(region.info())));
    }
    return response.build();
  }
}
