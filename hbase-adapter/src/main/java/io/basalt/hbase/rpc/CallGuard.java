package io.basalt.hbase.rpc;

import io.basalt.hbase.security.CallPermissions;
import java.io.IOException;
import org.apache.hbase.thirdparty.com.google.protobuf.Message;

/** Decides, before its handler runs, whether a call may run at all: the server's permission checks. */
public interface CallGuard {
  /**
   * Admits the call or refuses it.
   *
   * @param method the method called, {@code Service.Method}
   * @return the call's checks, for the decisions its handler makes itself
   * @throws IOException the refusal (an AccessDeniedException), which is the call's answer
   */
  CallPermissions admit(String method, CallContext call, Message request) throws IOException;
}
