package io.basalt.gateways;

import java.net.BindException;
import java.util.ArrayList;
import java.util.List;

/** A gateway's start failure in one line: what each cause in the chain adds, and whether its port was taken. */
final class StartFailure {
  static final String PORT_TAKEN = "(another process holds the port)";

  private StartFailure() {}

  static String describe(Throwable error) {
    List<String> parts = new ArrayList<>();
    for (Throwable t = error; t != null; t = t.getCause()) {
      String message = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage().trim();
      // Wrappers often repeat their cause's message; say each thing once.
      if (parts.stream().noneMatch(part -> part.contains(message))) {
        parts.add(message);
      }
    }
    String line = String.join(": ", parts);
    return portTaken(error) ? line + " " + PORT_TAKEN : line;
  }

  /** Whether the port was in use: a failure the one line explains, where any other wants its stack trace logged. */
  static boolean portTaken(Throwable error) {
    for (Throwable t = error; t != null; t = t.getCause()) {
      if (t instanceof BindException) {
        return true;
      }
    }
    return false;
  }
}
