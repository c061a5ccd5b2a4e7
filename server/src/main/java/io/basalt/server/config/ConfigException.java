package io.basalt.server.config;

/** A configuration or command-line problem, reported to the operator as one line. */
public class ConfigException extends Exception {
  private static final long serialVersionUID = 1L;

  public ConfigException(String message) {
    super(message);
  }
}
