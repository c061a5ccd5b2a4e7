package io.basalt.tools.snapshot;

import java.io.IOException;

/** Why an import cannot go on, in one line for the operator: the command prints the message alone. */
final class ImportException extends IOException {
  private static final long serialVersionUID = 1L;

  ImportException(String message) {
    super(message);
  }

  ImportException(String message, Throwable cause) {
    super(message, cause);
  }
}
