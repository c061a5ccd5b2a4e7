package io.basalt.conformance.fuzz;

import io.basalt.conformance.rawrpc.RawRpcConnection;
import io.basalt.conformance.rawrpc.RequestFrames;
import io.basalt.conformance.rawrpc.RpcResponse;
import java.io.IOException;
import java.net.SocketTimeoutException;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.shaded.protobuf.RequestConverter;
import org.apache.hadoop.hbase.util.Bytes;

/** What Basalt must answer to bad input, checked on a raw connection. */
final class Expect {
  static final String FATAL = "org.apache.hadoop.hbase.ipc.FatalConnectionException";
  static final String DO_NOT_RETRY = "org.apache.hadoop.hbase.DoNotRetryIOException";

  private Expect() {}

  /** One connection-level error frame (call id -1) of the given class, not to be retried, then the socket closes. */
  static RpcResponse connectionError(RawRpcConnection connection, String exceptionClass) throws IOException {
    RpcResponse response = answer(connection, -1);
    check(exceptionClass.equals(response.exceptionClass()), "expected " + exceptionClass + ", got " + response);
    check(response.exception().getDoNotRetry(), "a connection error must be final: " + response);
    closed(connection);
    return response;
  }

  /** An error answering call {@code callId}, flagged so the client does not retry it. */
  static RpcResponse callError(RawRpcConnection connection, int callId, String exceptionClass) throws IOException {
    RpcResponse response = answer(connection, callId);
    check(exceptionClass.equals(response.exceptionClass()), "expected " + exceptionClass + ", got " + response);
    check(response.exception().getDoNotRetry(), "bad input must not be retried: " + response);
    return response;
  }

  /** Any answer, right or wrong, under call {@code callId}. */
  static RpcResponse answer(RawRpcConnection connection, int callId) throws IOException {
    RpcResponse response;
    try {
      response = connection.read();
    } catch (SocketTimeoutException e) {
      throw new AssertionError("no answer within the timeout");
    } catch (IOException e) {
      if (RawRpcConnection.isClosed(e)) {
        throw new AssertionError("the server closed the connection without answering");
      }
      throw e;
    }
    check(response.callId() == callId, "expected an answer to call " + callId + ", got " + response);
    return response;
  }

  /** The server closes the connection; anything it sends first is returned as a byte count. */
  static int closed(RawRpcConnection connection) throws IOException {
    try {
      return connection.awaitClosedByServer();
    } catch (SocketTimeoutException e) {
      throw new AssertionError("the server kept the connection open");
    }
  }

  /** The server closes the connection without a word. */
  static void closedSilently(RawRpcConnection connection) throws IOException {
    int bytes = closed(connection);
    check(bytes == 0, "the server sent " + bytes + " bytes to a connection that never finished a request");
  }

  /** The connection still works: a plain Get on it is answered without error. */
  static void stillServing(RawRpcConnection connection, FuzzTarget target, int callId) throws IOException {
    byte[] param = RequestConverter.buildGetRequest(target.paramsRegion(), new Get(Bytes.toBytes("probe")))
        .toByteArray();
    connection.send(RequestFrames.request(RequestFrames.header(callId, "Get", -1), param, null));
    RpcResponse response = answer(connection, callId);
    check(!response.isError(), "a good Get after the bad call failed: " + response);
  }

  static void check(boolean condition, String message) {
    if (!condition) {
      throw new AssertionError(message);
    }
  }
}
