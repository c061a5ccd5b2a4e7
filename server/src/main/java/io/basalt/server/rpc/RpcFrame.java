package io.basalt.server.rpc;

/** One request frame (without its length prefix) and the connection it arrived on. */
record RpcFrame(byte[] bytes, ConnectionInfo connection) {}
