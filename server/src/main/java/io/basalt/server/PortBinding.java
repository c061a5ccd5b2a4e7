package io.basalt.server;

import io.basalt.server.config.ConfigException;
import io.basalt.server.rpc.BindFailedException;
import java.net.BindException;

/** Binding the server's ports, with a one-line explanation naming the option to change when one is taken. */
final class PortBinding {
  /** Opens something on a port. */
  @FunctionalInterface
  interface Binder<T> {
    T bind() throws ConfigException, InterruptedException;
  }

  private PortBinding() {}

  /**
   * Binds with {@code binder}, turning "address in use" into a message naming the command-line {@code flag} and the
   * {@code property} that choose the {@code what} port.
   */
  static <T> T bindOrExplain(String what, String property, String flag, int port, Binder<T> binder)
      throws ConfigException, StartupException, InterruptedException {
    try {
      return binder.bind();
    } catch (BindFailedException e) {
      if (causedBy(e, BindException.class)) {
        throw new StartupException(what + " port " + port + " is already in use; choose another with " + flag
            + " or " + property + " (0 picks a free port)", e);
      }
      throw new StartupException("cannot open the " + what + " port: " + e.getMessage(), e);
    }
  }

  private static boolean causedBy(Throwable error, Class<? extends Throwable> type) {
    for (Throwable t = error; t != null; t = t.getCause()) {
      if (type.isInstance(t)) {
        return true;
      }
    }
    return false;
  }
}
