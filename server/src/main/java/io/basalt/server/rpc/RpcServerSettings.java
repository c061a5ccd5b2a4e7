package io.basalt.server.rpc;

import io.basalt.server.auth.ServerSecurity;
import io.basalt.server.tls.ServerTls;
import java.net.InetSocketAddress;

/**
 * How the RPC port is run.
 *
 * @param address where to listen (port 0 for any free port)
 * @param handlerCount threads executing calls
 * @param callQueueLength calls that may wait for a thread before clients are told to back off
 * @param maxRequestSize largest accepted request frame, in bytes
 * @param idleMillis how long a connection may go without completing anything, while no call of it runs, before it
 *     is closed
 * @param maxScannersPerConnection scanners one connection may hold open at once
 * @param shortCallsOnIoThreads whether short calls (one row's get or mutation) are run on the I/O thread that read
 *     them when they need not wait, instead of being handed to a handler thread
 * @param tls the port's TLS, or null for plaintext only
 * @param security how connections are authenticated
 */
public record RpcServerSettings(InetSocketAddress address, int handlerCount, int callQueueLength,
    int maxRequestSize, long idleMillis, int maxScannersPerConnection, boolean shortCallsOnIoThreads, ServerTls tls,
    ServerSecurity security) {}
