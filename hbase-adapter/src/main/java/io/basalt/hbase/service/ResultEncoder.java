package io.basalt.hbase.service;

import io.basalt.hbase.rpc.CallContext;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos;

/**
 * Puts a Result on the wire the way HBase does: its cells in the response cell block when the client has a codec
 * (the protobuf then only says how many), inline protobuf cells otherwise.
 */
final class ResultEncoder {
  private ResultEncoder() {}

  static ClientProtos.Result encode(Result result, CallContext call) {
    if (call.cellBlocksSupported() && !result.isEmpty()) {
      call.addResponseCells(result.listCells());
      return ProtobufUtil.toResultNoData(result);
    }
    return ProtobufUtil.toResult(result);
  }

  /** A Get's answer: only whether the row has matching cells when the client asked just that. */
  static ClientProtos.Result encode(Get get, Result result, CallContext call) {
    if (get.isCheckExistenceOnly()) {
      return ProtobufUtil.toResult(!result.isEmpty(), false);
    }
    return encode(result, call);
  }
}
