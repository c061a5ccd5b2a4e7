package io.basalt.hbase.service;

import io.basalt.hbase.cluster.RegionLocations;
import org.apache.hadoop.hbase.ServerName;
import io.basalt.hbase.meta.MetaSchema;
import io.basalt.hbase.rpc.ServiceBinding;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.shaded.protobuf.generated.HBaseProtos;
import org.apache.hadoop.hbase.shaded.protobuf.generated.RegistryProtos.ClientMetaService;
import org.apache.hadoop.hbase.shaded.protobuf.generated.RegistryProtos;

/**
 * ClientMetaService: the questions RPC-based connection registries ask a bootstrap node. Basalt is the only
 * master, the only region server and the only bootstrap node.
 */
final class ClientMetaServiceHandlers {
  private final RegionLocations locations;

  ClientMetaServiceHandlers(RegionLocations locations) {
    this.locations = locations;
  }

  ServiceBinding binding() {
    RegistryProtos.GetClusterIdResponse clusterId = RegistryProtos.GetClusterIdResponse.newBuilder()
        .setClusterId(locations.self().clusterId()).build();
    return ServiceBinding.of(ClientMetaService.getDescriptor())
        .on("GetClusterId", RegistryProtos.GetClusterIdRequest.getDefaultInstance(), (call, request) -> clusterId)
        .on("GetActiveMaster", RegistryProtos.GetActiveMasterRequest.getDefaultInstance(),
            (call, request) -> activeMaster())
        .on("GetMasters", RegistryProtos.GetMastersRequest.getDefaultInstance(), (call, request) -> masters())
        .on("GetMetaRegionLocations", RegistryProtos.GetMetaRegionLocationsRequest.getDefaultInstance(),
            (call, request) -> metaLocations())
        .on("GetBootstrapNodes", RegistryProtos.GetBootstrapNodesRequest.getDefaultInstance(),
            (call, request) -> bootstrapNodes())
        .build();
  }

  /**
   * The active master; while a cluster elects one the answer is empty, as HBase's registry answers before a master
   * is up, and the client asks again.
   */
  private RegistryProtos.GetActiveMasterResponse activeMaster() {
    RegistryProtos.GetActiveMasterResponse.Builder response = RegistryProtos.GetActiveMasterResponse.newBuilder();
    locations.activeMaster().ifPresent(master -> response.setServerName(ProtobufUtil.toServerName(master)));
    return response.build();
  }

  private RegistryProtos.GetMastersResponse masters() {
    RegistryProtos.GetMastersResponse.Builder response = RegistryProtos.GetMastersResponse.newBuilder();
    locations.activeMaster().ifPresent(master -> response.addMasterServers(
        RegistryProtos.GetMastersResponseEntry.newBuilder().setServerName(ProtobufUtil.toServerName(master))
            .setIsActive(true)));
    for (ServerName backup : locations.backupMasters()) {
      response.addMasterServers(RegistryProtos.GetMastersResponseEntry.newBuilder()
          .setServerName(ProtobufUtil.toServerName(backup)).setIsActive(false));
    }
    return response.build();
  }

  /** hbase:meta is served by the active master, whose catalog is the newest. */
  private RegistryProtos.GetMetaRegionLocationsResponse metaLocations() {
    RegistryProtos.GetMetaRegionLocationsResponse.Builder response =
        RegistryProtos.GetMetaRegionLocationsResponse.newBuilder();
    locations.activeMaster().ifPresent(master -> response.addMetaLocations(HBaseProtos.RegionLocation.newBuilder()
        .setRegionInfo(ProtobufUtil.toRegionInfo(MetaSchema.REGION))
        .setServerName(ProtobufUtil.toServerName(master))
        .setSeqNum(0)));
    return response.build();
  }

  private RegistryProtos.GetBootstrapNodesResponse bootstrapNodes() {
    RegistryProtos.GetBootstrapNodesResponse.Builder response = RegistryProtos.GetBootstrapNodesResponse.newBuilder();
    locations.liveServers().forEach(server -> response.addServerName(ProtobufUtil.toServerName(server)));
    return response.build();
  }
}
