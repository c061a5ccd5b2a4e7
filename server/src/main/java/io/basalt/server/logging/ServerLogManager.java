package io.basalt.server.logging;

import java.util.logging.LogManager;

/**
 * The JDK's log manager closes every handler from a shutdown hook of its own, which runs at the same time as
 * Basalt's: whatever Basalt logs while it stops (calls finishing, the store closing, "Basalt stopped") could be
 * lost. This one ignores that hook's reset; Basalt closes the handlers itself once its stop has logged its last line
 * ({@link ServerLogging#close}). Handlers write each record through, so nothing waits in them meanwhile.
 */
public final class ServerLogManager extends LogManager {
  public ServerLogManager() {
    super();
  }

  @Override
  public void reset() {
    if (isJdkShutdownHook(Thread.currentThread())) {
      return;
    }
    super.reset();
  }

  void closeHandlers() {
    super.reset();
  }

  /** The JDK's hook is a thread class nested in {@link LogManager}; no other thread is. */
  static boolean isJdkShutdownHook(Thread thread) {
    return thread.getClass().getEnclosingClass() == LogManager.class;
  }
}
