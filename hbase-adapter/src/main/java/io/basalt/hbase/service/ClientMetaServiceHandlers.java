package io.basalt.hbase.service;

import io.basalt.hbase.cluster.ServerIdentity;
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
  private final ServerIdentity server;

  ClientMetaServiceHandlers(ServerIdentity server) {
    this.server = server;
  }

  ServiceBinding binding() {
    HBaseProtos.ServerName self = ProtobufUtil.toServerName(server.serverName());
    RegistryProtos.GetClusterIdResponse clusterId = RegistryProtos.GetClusterIdResponse.newBuilder()
        .setClusterId(server.clusterId()).build();
    RegistryProtos.GetActiveMasterResponse activeMaster = RegistryProtos.GetActiveMasterResponse.newBuilder()
        .setServerName(self).build();
    RegistryProtos.GetMastersResponse masters = RegistryProtos.GetMastersResponse.newBuilder()
        .addMasterServers(RegistryProtos.GetMastersResponseEntry.newBuilder().setServerName(self).setIsActive(true))
        .build();
    RegistryProtos.GetMetaRegionLocationsResponse metaLocations =
        RegistryProtos.GetMetaRegionLocationsResponse.newBuilder()
            .addMetaLocations(HBaseProtos.RegionLocation.newBuilder()
                .setRegionInfo(ProtobufUtil.toRegionInfo(MetaSchema.REGION))
                .setServerName(self)
                .setSeqNum(0))
            .build();
    RegistryProtos.GetBootstrapNodesResponse bootstrapNodes = RegistryProtos.GetBootstrapNodesResponse.newBuilder()
        .addServerName(self).build();
    return ServiceBinding.of(ClientMetaService.getDescriptor())
        .on("GetClusterId", RegistryProtos.GetClusterIdRequest.getDefaultInstance(), (call, request) -> clusterId)
        .on("GetActiveMaster", RegistryProtos.GetActiveMasterRequest.getDefaultInstance(),
            (call, request) -> activeMaster)
        .on("GetMasters", RegistryProtos.GetMastersRequest.getDefaultInstance(), (call, request) -> masters)
        .on("GetMetaRegionLocations", RegistryProtos.GetMetaRegionLocationsRequest.getDefaultInstance(),
            (call, request) -> metaLocations)
        .on("GetBootstrapNodes", RegistryProtos.GetBootstrapNodesRequest.getDefaultInstance(),
            (call, request) -> bootstrapNodes)
        .build();
  }
}
