package io.basalt.server.rpc;

/**
 * One request frame (without its length prefix) and the connection it arrived on.
 *
 * @param backlogged whether more of the connection's bytes were already waiting when this frame was decoded: its
 *     client is sending faster than calls are answered, so the calls are spread over handler threads
 */
record RpcFrame(byte[] bytes, ConnectionInfo connection, boolean backlogged) {}
