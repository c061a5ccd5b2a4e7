package io.basalt.hbase.rpc;

import java.io.IOException;
import org.apache.hbase.thirdparty.com.google.protobuf.Message;

/** Serves one RPC method: takes the parsed request, returns the response message. */
@FunctionalInterface
public interface RpcHandler<Q extends Message> {
  Message handle(CallContext call, Q request) throws IOException;
}
