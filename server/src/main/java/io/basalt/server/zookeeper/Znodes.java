package io.basalt.server.zookeeper;

import io.basalt.hbase.cluster.ServerIdentity;
import java.util.Date;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClusterIdProtos;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClusterStatusProtos;
import org.apache.hadoop.hbase.shaded.protobuf.generated.HBaseProtos;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ZooKeeperProtos;

/**
 * The znodes HBase clients read, with the contents HBase writes: the {@code PBUF} magic followed by a protobuf.
 * Clients skip the first four bytes of the master and meta znodes without checking them, so the magic is required.
 */
final class Znodes {
  static final String CLUSTER_ID = "hbaseid";
  static final String MASTER = "master";
  static final String META_REGION_SERVER = "meta-region-server";
  static final String REGION_SERVERS = "rs";
  static final String RUNNING = "running";

  private Znodes() {}

  static byte[] clusterId(ServerIdentity server) {
    return ProtobufUtil.prependPBMagic(
        ClusterIdProtos.ClusterId.newBuilder().setClusterId(server.clusterId()).build().toByteArray());
  }

  static byte[] master(ServerIdentity server) {
    return ProtobufUtil.prependPBMagic(ZooKeeperProtos.Master.newBuilder()
        .setMaster(ProtobufUtil.toServerName(server.serverName()))
        .setRpcVersion(0)
        .setInfoPort(Math.max(server.infoPort(), 0))
        .build().toByteArray());
  }

  static byte[] metaRegionServer(ServerIdentity server) {
    return ProtobufUtil.prependPBMagic(ZooKeeperProtos.MetaRegionServer.newBuilder()
        .setServer(ProtobufUtil.toServerName(server.serverName()))
        .setRpcVersion(0)
        .setState(ClusterStatusProtos.RegionState.State.OPEN)
        .build().toByteArray());
  }

  static byte[] regionServer(ServerIdentity server) {
    return ProtobufUtil.prependPBMagic(HBaseProtos.RegionServerInfo.newBuilder()
        .setInfoPort(Math.max(server.infoPort(), 0))
        .setVersionInfo(ProtobufUtil.getVersionInfo())
        .build().toByteArray());
  }

  static byte[] running() {
    return ProtobufUtil.prependPBMagic(ZooKeeperProtos.ClusterUp.newBuilder()
        .setStartDate(new Date().toString()).build().toByteArray());
  }
}
