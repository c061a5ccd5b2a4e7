package io.basalt.hbase.service;

import io.basalt.hbase.master.ClusterSwitches.Switch;
import io.basalt.hbase.master.Master;
import io.basalt.hbase.region.RegionDirectory;
import io.basalt.hbase.rpc.CallContext;
import io.basalt.hbase.rpc.ServiceBinding;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.NotServingRegionException;
import org.apache.hadoop.hbase.UnknownRegionException;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.shaded.protobuf.generated.HBaseProtos.RegionSpecifier;
import org.apache.hadoop.hbase.shaded.protobuf.generated.MasterProtos;

/** MasterService's region splits and merges, behind HBase's split and merge switches, and region truncation. */
final class RegionChangeHandlers {
  private final Master master;
  private final RegionDirectory directory;

  RegionChangeHandlers(Master master, RegionDirectory directory) {
    this.master = master;
    this.directory = directory;
  }

  void register(ServiceBinding.Builder binding) {
    binding
        .on("SplitRegion", MasterProtos.SplitTableRegionRequest.getDefaultInstance(), this::split)
        .on("MergeTableRegions", MasterProtos.MergeTableRegionsRequest.getDefaultInstance(), this::merge)
        .on("TruncateRegion", MasterProtos.TruncateRegionRequest.getDefaultInstance(), this::truncate);
  }

  private MasterProtos.SplitTableRegionResponse split(CallContext call,
      MasterProtos.SplitTableRegionRequest request) throws IOException {
    RegionInfo region = ProtobufUtil.toRegionInfo(request.getRegionInfo());
    if (!master.switches().get(Switch.SPLIT)) {
      throw new DoNotRetryIOException(
          "Split region " + region.getRegionNameAsString() + " failed due to split switch off");
    }
    byte[] splitRow = request.hasSplitRow() ? request.getSplitRow().toByteArray() : null;
    long procId = master.procedures().run("SplitTableRegionProcedure", call.user().shortName(),
        () -> master.splits().split(region, splitRow));
    return MasterProtos.SplitTableRegionResponse.newBuilder().setProcId(procId).build();
  }

  private MasterProtos.MergeTableRegionsResponse merge(CallContext call,
      MasterProtos.MergeTableRegionsRequest request) throws IOException {
    List<RegionInfo> regions = new ArrayList<>();
    for (RegionSpecifier specifier : request.getRegionList()) {
      regions.add(resolve(specifier));
    }
    if (!master.switches().get(Switch.MERGE)) {
      throw new DoNotRetryIOException(
          "Merge of " + RegionInfo.getShortNameToLog(regions) + " failed because merge switch is off");
    }
    long procId = master.procedures().run("MergeTableRegionsProcedure", call.user().shortName(),
        () -> master.splits().merge(regions, request.getForcible()));
    return MasterProtos.MergeTableRegionsResponse.newBuilder().setProcId(procId).build();
  }

  private MasterProtos.TruncateRegionResponse truncate(CallContext call, MasterProtos.TruncateRegionRequest request)
      throws IOException {
    RegionInfo region = ProtobufUtil.toRegionInfo(request.getRegionInfo());
    long procId = master.procedures().run("TruncateRegionProcedure", call.user().shortName(),
        () -> master.splits().truncate(region));
    return MasterProtos.TruncateRegionResponse.newBuilder().setProcId(procId).build();
  }

  /** The region a merge names: by encoded name, which is what clients send. */
  private RegionInfo resolve(RegionSpecifier specifier) throws IOException {
    byte[] value = specifier.getValue().toByteArray();
    try {
      return switch (specifier.getType()) {
        case REGION_NAME -> directory.byName(value).info();
        case ENCODED_REGION_NAME -> directory.byEncodedName(new String(value, StandardCharsets.UTF_8)).info();
      };
    } catch (NotServingRegionException e) {
      throw new UnknownRegionException(new String(value, StandardCharsets.UTF_8));
    }
  }
}
