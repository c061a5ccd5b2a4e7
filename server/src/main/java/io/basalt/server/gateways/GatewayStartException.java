package io.basalt.server.gateways;

/** The gateways did not start; the message is the one line shown to the operator. */
public final class GatewayStartException extends Exception {
  private static final long serialVersionUID = 1L;

  GatewayStartException(String message) {
    super(message);
  }

  GatewayStartException(String message, Throwable cause) {
    super(message, cause);
  }
}
