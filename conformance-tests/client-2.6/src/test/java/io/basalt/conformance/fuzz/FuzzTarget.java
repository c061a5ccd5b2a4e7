package io.basalt.conformance.fuzz;

import io.basalt.conformance.rawrpc.RawRpcConnection;
import java.io.IOException;

/**
 * The server under fuzz and what the cases need to know of it.
 *
 * @param paramsRegion name of the region of the table that requests with fuzzed parameters go to
 * @param cellsRegion name of the region of the table that writes with broken cell blocks go to; it must stay empty
 * @param idleMillis how long Basalt lets a connection go without completing anything
 * @param maxRequestSize Basalt's hbase.ipc.max.request.size
 * @param readTimeoutMillis how long a case waits for an answer before calling the server unresponsive
 */
public record FuzzTarget(String host, int port, byte[] paramsRegion, byte[] cellsRegion, long idleMillis,
    int maxRequestSize, int readTimeoutMillis) {

  public RawRpcConnection connect() throws IOException {
    return RawRpcConnection.open(host, port, readTimeoutMillis);
  }

  public RawRpcConnection connect(String service, String codec) throws IOException {
    return RawRpcConnection.handshake(host, port, readTimeoutMillis, service, codec);
  }
}
