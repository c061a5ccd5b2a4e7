package io.basalt.tools;

/** A tool's command line that cannot be run; its message is shown with the usage, and the tool exits with 2. */
public final class UsageException extends Exception {
  private static final long serialVersionUID = 1L;

  public UsageException(String message) {
    super(message);
  }
}
