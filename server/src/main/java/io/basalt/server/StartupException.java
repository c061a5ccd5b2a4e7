package io.basalt.server;

/** Basalt could not start; the message is the one line shown to the operator. */
public class StartupException extends Exception {
  private static final long serialVersionUID = 1L;

  public StartupException(String message, Throwable cause) {
    super(message, cause);
  }

  public StartupException(String message) {
    super(message);
  }
}
