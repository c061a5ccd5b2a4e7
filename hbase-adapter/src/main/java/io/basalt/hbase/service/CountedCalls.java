package io.basalt.hbase.service;

import io.basalt.hbase.rpc.RpcHandler;
import io.basalt.hbase.stats.TabletStatistics;
import java.io.IOException;
import org.apache.hbase.thirdparty.com.google.protobuf.Message;

/**
 * Counts calls of the region server's services in the server's request total ({@code totalNumberOfRequests}), as
 * HBase's region server counts every call of most of its ClientService and AdminService methods.
 */
final class CountedCalls {
  private CountedCalls() {}

  static <Q extends Message> RpcHandler<Q> counted(TabletStatistics statistics, RpcHandler<Q> handler) {
    return counted(statistics, () -> { }, handler);
  }

  /** Counts the calls also by their kind, as HBase counts them: {@code kind} runs once per call. */
  static <Q extends Message> RpcHandler<Q> counted(TabletStatistics statistics, Runnable kind,
      RpcHandler<Q> handler) {
    return (call, request) -> {
      Message response;
      try {
        response = handler.handle(call, request);
      } catch (IOException e) {
        statistics.countRpc();
        kind.run();
        throw e;
      }
      // Not counted when it threw WouldBlockException (it refused to wait): it is counted once it runs again.
      statistics.countRpc();
      kind.run();
      return response;
    };
  }
}
