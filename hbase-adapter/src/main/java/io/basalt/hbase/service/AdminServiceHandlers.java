package io.basalt.hbase.service;

import io.basalt.hbase.cluster.ServerIdentity;
import io.basalt.hbase.region.Region;
import io.basalt.hbase.region.RegionDirectory;
import io.basalt.hbase.rpc.CallContext;
import io.basalt.hbase.rpc.ServiceBinding;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.NotServingRegionException;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.shaded.protobuf.ResponseConverter;
import org.apache.hadoop.hbase.shaded.protobuf.generated.AdminProtos.AdminService;
import org.apache.hadoop.hbase.shaded.protobuf.generated.AdminProtos;

/** AdminService: questions about this server and the regions it holds. */
final class AdminServiceHandlers {
  private final ServerIdentity server;
  private final RegionDirectory directory;
  private final RegionResolver regions;

  AdminServiceHandlers(ServerIdentity server, RegionDirectory directory, RegionResolver regions) {
    this.server = server;
    this.directory = directory;
    this.regions = regions;
  }

  ServiceBinding binding() {
    return ServiceBinding.of(AdminService.getDescriptor())
        .on("GetServerInfo", AdminProtos.GetServerInfoRequest.getDefaultInstance(),
            (call, request) -> ResponseConverter.buildGetServerInfoResponse(server.serverName(), server.infoPort()))
        .on("GetOnlineRegion", AdminProtos.GetOnlineRegionRequest.getDefaultInstance(), this::onlineRegions)
        .on("GetRegionInfo", AdminProtos.GetRegionInfoRequest.getDefaultInstance(), this::regionInfo)
        .build();
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
    return AdminProtos.GetRegionInfoResponse.newBuilder()
        .setRegionInfo(ProtobufUtil.toRegionInfo(region.info()))
        .build();
  }
}
