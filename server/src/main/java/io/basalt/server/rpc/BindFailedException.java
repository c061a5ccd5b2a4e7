package io.basalt.server.rpc;

import java.net.InetSocketAddress;

/** A server port could not be bound, usually because another process holds it. */
public final class BindFailedException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public BindFailedException(InetSocketAddress address, Throwable cause) {
    super("cannot listen on " + address.getHostString() + ":" + address.getPort() + ": " + cause.getMessage(),
        cause);
  }
}
