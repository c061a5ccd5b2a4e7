package io.basalt.tools.snapshot;

import java.io.IOException;

/** Why an export cannot go on, in one line for the operator: the command prints the message alone. */
final class ExportException extends IOException {
  private static final long serialVersionUID = 1L;

  ExportException(String message) {
    super(message);
  }

  ExportException(String message, Throwable cause) {
    super(message, cause);
  }
}
