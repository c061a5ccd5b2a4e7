package io.basalt.hbase.service;

import static io.basalt.hbase.service.CountedCalls.counted;

import io.basalt.hbase.metrics.RequestMetrics;
import io.basalt.hbase.region.Region;
import io.basalt.hbase.region.RegionResolver;
import io.basalt.hbase.rpc.CallContext;
import io.basalt.hbase.rpc.ServiceBinding;
import io.basalt.hbase.scan.ScanHandler;
import io.basalt.hbase.security.AuthenticationEndpoint;
import io.basalt.hbase.security.DataPermissions;
import io.basalt.hbase.stats.TabletStatistics;
import java.io.IOException;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.client.Append;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.CheckAndMutateResult;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.exceptions.UnknownProtocolException;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.CoprocessorServiceCall;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.CoprocessorServiceRequest;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.CoprocessorServiceResponse;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.GetRequest;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.GetResponse;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.MutateRequest;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.MutateResponse;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.MutationProto;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos;
import org.apache.hadoop.hbase.shaded.protobuf.generated.HBaseProtos.NameBytesPair;
import org.apache.hadoop.hbase.shaded.protobuf.generated.HBaseProtos.RegionSpecifier.RegionSpecifierType;
import org.apache.hadoop.hbase.shaded.protobuf.generated.HBaseProtos.RegionSpecifier;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hbase.thirdparty.com.google.protobuf.UnsafeByteOperations;

/**
 * ClientService: the data path. Get and Mutate (with checkAndMutate) here; Scan, Multi and the bulk load calls
 * have their own. And ExecService, for the one coprocessor endpoint Basalt has.
 */
public final class ClientServiceHandlers {
  private final RegionResolver regions;
  private final ScanHandler scans;
  private final MultiHandler multi;
  private final TabletStatistics statistics;
  private final RequestMetrics metrics;
  private final AuthenticationEndpoint authentication;
  private final BulkLoadHandlers bulkLoads;

  ClientServiceHandlers(RegionResolver regions, ScanHandler scans, MultiHandler multi,
      TabletStatistics statistics, RequestMetrics metrics, AuthenticationEndpoint authentication,
      BulkLoadHandlers bulkLoads) {
    this.regions = regions;
    this.bulkLoads = bulkLoads;
    this.scans = scans;
    this.multi = multi;
    this.statistics = statistics;
    this.metrics = metrics;
    this.authentication = authentication;
  }

  /**
   * Every call counts toward the server's requests, each Multi once whatever it holds, as in HBase. Get, Mutate,
   * a Multi of one row's action and a scan call for a few rows are short: they may run on the thread that read them
   * when they need not wait. Not so a call with a filter, whose code may take any time on even one row, nor
   * batches of several actions, which could be half done when they would wait (see ScanHandler for scans).
   */
  ServiceBinding binding() {
    return ServiceBinding.of(ClientProtos.ClientService.getDescriptor())
        .onShortWhen("Get", GetRequest.getDefaultInstance(), request -> !request.getGet().hasFilter(),
            counted(statistics, metrics::getCall, this::get))
        .onShortWhen("Mutate", MutateRequest.getDefaultInstance(), request -> !request.getCondition().hasFilter(),
            counted(statistics, metrics::mutateCall, this::mutate))
        .onShortWhen("Scan", ClientProtos.ScanRequest.getDefaultInstance(), scans::isShort,
            counted(statistics, metrics::scanCall, scans::scan))
        .onShortWhen("Multi", ClientProtos.MultiRequest.getDefaultInstance(), MultiHandler::isShort,
            counted(statistics, metrics::multiCall, multi::multi))
        .on("ExecService", CoprocessorServiceRequest.getDefaultInstance(), counted(statistics, this::execService))
        .on("PrepareBulkLoad", ClientProtos.PrepareBulkLoadRequest.getDefaultInstance(),
            counted(statistics, bulkLoads::prepare))
        .on("BulkLoadHFile", ClientProtos.BulkLoadHFileRequest.getDefaultInstance(),
            counted(statistics, bulkLoads::load))
        .on("CleanupBulkLoad", ClientProtos.CleanupBulkLoadRequest.getDefaultInstance(),
            counted(statistics, bulkLoads::cleanup))
        .build();
  }

  private GetResponse get(CallContext call, GetRequest request) throws IOException {
    if (request.getGet().getClosestRowBefore()) {
      throw new UnknownProtocolException("closest_row_before was removed in HBase 2.0 and is not supported");
    }
    Region region = regions.resolve(request.getRegion());
    Get get = ProtobufUtil.toGet(request.getGet());
    DataPermissions.checkGet(call.permissions(), region.info().getTable(), region.families(), get);
    long start = System.nanoTime();
    Result result = region.get(get, call.waiting());
    metrics.get(region.info(), start, get.getRow(), result);
    metrics.rowsRead(region.info(), 1);
    return GetResponse.newBuilder().setResult(ResultEncoder.encode(get, result, call)).build();
  }

  /**
   * A coprocessor endpoint call. Basalt runs no coprocessors; with Kerberos on it answers AuthenticationService
   * itself, on every region, as HBase does with the TokenProvider its secure deployments configure.
   */
  private CoprocessorServiceResponse execService(CallContext call, CoprocessorServiceRequest request)
      throws IOException {
    Region region = regions.resolve(request.getRegion());
    CoprocessorServiceCall endpointCall = request.getCall();
    if (authentication == null || !AuthenticationEndpoint.SERVICE.equals(endpointCall.getServiceName())) {
      throw new UnknownProtocolException("No registered coprocessor service found for "
          + endpointCall.getServiceName() + " in region " + Bytes.toStringBinary(region.info().getRegionName()));
    }
    byte[] result = authentication.call(call.user(), endpointCall.getMethodName());
    return CoprocessorServiceResponse.newBuilder()
        .setRegion(RegionSpecifier.newBuilder().setType(RegionSpecifierType.REGION_NAME)
            .setValue(UnsafeByteOperations.unsafeWrap(region.info().getRegionName())))
        .setValue(NameBytesPair.newBuilder().setName(endpointCall.getServiceName() + "." + endpointCall.getMethodName())
            .setValue(UnsafeByteOperations.unsafeWrap(result)))
        .build();
  }

  private MutateResponse mutate(CallContext call, MutateRequest request) throws IOException {
    Region region = regions.resolve(request.getRegion());
    MutationProto proto = request.getMutation();
    long nonceGroup = request.hasNonceGroup() ? request.getNonceGroup() : HConstants.NO_NONCE;
    long nonce = proto.hasNonce() ? proto.getNonce() : HConstants.NO_NONCE;
    MutateResponse.Builder response = MutateResponse.newBuilder();
    if (request.hasCondition()) {
      CheckAndMutate checkAndMutate = ProtobufUtil.toCheckAndMutate(request.getCondition(), proto,
          call.requestCells());
      DataPermissions.checkConditional(call.permissions(), region.info().getTable(), region.families(),
          checkAndMutate);
      long start = System.nanoTime();
      CheckAndMutateResult outcome = region.checkAndMutate(checkAndMutate, nonceGroup, nonce,
          call.waiting());
      metrics.checkAndMutate(region.info(), start, checkAndMutate, outcome.isSuccess());
      response.setProcessed(outcome.isSuccess());
      if (outcome.getResult() != null) {
        response.setResult(ResultEncoder.encode(outcome.getResult(), call));
      }
      return response.build();
    }
    Mutation mutation = Mutations.fromProto(proto, call.requestCells());
    DataPermissions.checkWrite(call.permissions(), region.info().getTable(), region.families(), mutation);
    long start = System.nanoTime();
    Result result = region.mutate(mutation, nonceGroup, nonce, call.waiting());
    metrics.mutation(region.info(), start, mutation);
    if (mutation instanceof Increment || mutation instanceof Append) {
      // HBase answers a counter mutation with its result alone, leaving processed unset.
      response.setResult(ResultEncoder.encode(result, call));
    } else {
      response.setProcessed(true);
    }
    return response.build();
  }
}
