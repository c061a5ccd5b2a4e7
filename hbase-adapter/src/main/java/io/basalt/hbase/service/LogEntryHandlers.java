package io.basalt.hbase.service;

import io.basalt.hbase.logs.SlowLog;
import io.basalt.hbase.rpc.CallContext;
import io.basalt.hbase.rpc.ServiceBinding;
import java.io.IOException;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.shaded.protobuf.generated.AdminProtos.ClearSlowLogResponseRequest;
import org.apache.hadoop.hbase.shaded.protobuf.generated.AdminProtos.ClearSlowLogResponses;
import org.apache.hadoop.hbase.shaded.protobuf.generated.AdminProtos.SlowLogResponseRequest;
import org.apache.hadoop.hbase.shaded.protobuf.generated.AdminProtos.SlowLogResponses;
import org.apache.hadoop.hbase.shaded.protobuf.generated.HBaseProtos.LogEntry;
import org.apache.hadoop.hbase.shaded.protobuf.generated.HBaseProtos.LogRequest;
import org.apache.hadoop.hbase.shaded.protobuf.generated.MasterProtos.BalancerDecisionsRequest;
import org.apache.hadoop.hbase.shaded.protobuf.generated.MasterProtos.BalancerDecisionsResponse;
import org.apache.hadoop.hbase.shaded.protobuf.generated.MasterProtos.BalancerRejectionsRequest;
import org.apache.hadoop.hbase.shaded.protobuf.generated.MasterProtos.BalancerRejectionsResponse;
import org.apache.hbase.thirdparty.com.google.protobuf.InvalidProtocolBufferException;
import org.apache.hbase.thirdparty.com.google.protobuf.Message;

/**
 * The logs HBase 2.6 serves through GetLogEntries: the region server's slow and large log (AdminService, with the
 * older GetSlowLogResponses and GetLargeLogResponses and ClearSlowLogsResponses), and the master's balancer decisions
 * and rejections (MasterService), which Basalt, having no balancer, answers empty, as HBase answers with their
 * buffers off (the default). A request is named by its class, as HBase's clients name it.
 */
final class LogEntryHandlers {
  private static final String INVALID = "Invalid request params";

  private final SlowLog slowLog;

  LogEntryHandlers(SlowLog slowLog) {
    this.slowLog = slowLog;
  }

  void registerRegionServer(ServiceBinding.Builder binding) {
    binding.on("GetLogEntries", LogRequest.getDefaultInstance(), this::regionServerEntries)
        .on("GetSlowLogResponses", SlowLogResponseRequest.getDefaultInstance(),
            (call, request) -> slowLog.query(request))
        .on("GetLargeLogResponses", SlowLogResponseRequest.getDefaultInstance(),
            (call, request) -> slowLog.query(request))
        .on("ClearSlowLogsResponses", ClearSlowLogResponseRequest.getDefaultInstance(),
            (call, request) -> ClearSlowLogResponses.newBuilder().setIsCleaned(slowLog.clear()).build());
  }

  void registerMaster(ServiceBinding.Builder binding) {
    binding.on("GetLogEntries", LogRequest.getDefaultInstance(), this::masterEntries);
  }

  private LogEntry regionServerEntries(CallContext call, LogRequest request) throws IOException {
    requireKnown(request);
    if (!request.getLogClassName().contains("SlowLogResponseRequest")) {
      throw new IOException(INVALID);
    }
    SlowLogResponses answer = slowLog.query(parse(request, SlowLogResponseRequest.getDefaultInstance()));
    return entry(answer);
  }

  private LogEntry masterEntries(CallContext call, LogRequest request) throws IOException {
    requireKnown(request);
    if (request.getLogClassName().contains("BalancerDecisionsRequest")) {
      parse(request, BalancerDecisionsRequest.getDefaultInstance());
      return entry(BalancerDecisionsResponse.getDefaultInstance());
    }
    if (request.getLogClassName().contains("BalancerRejectionsRequest")) {
      parse(request, BalancerRejectionsRequest.getDefaultInstance());
      return entry(BalancerRejectionsResponse.getDefaultInstance());
    }
    throw new IOException(INVALID);
  }

  /** HBase's server loads the class the request names before anything else: an unknown one fails so. */
  private static void requireKnown(LogRequest request) throws IOException {
    try {
      Class.forName(request.getLogClassName(), false, LogEntryHandlers.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      throw new IOException(request.getLogClassName(), e);
    }
  }

  @SuppressWarnings("unchecked")
  private static <M extends Message> M parse(LogRequest request, M prototype) throws DoNotRetryIOException {
    try {
      return (M) prototype.getParserForType().parseFrom(request.getLogMessage());
    } catch (InvalidProtocolBufferException e) {
      throw new DoNotRetryIOException("unreadable " + prototype.getDescriptorForType().getName() + ": "
          + e.getMessage());
    }
  }

  private static LogEntry entry(Message answer) {
    return LogEntry.newBuilder().setLogClassName(answer.getClass().getName()).setLogMessage(answer.toByteString())
        .build();
  }
}
