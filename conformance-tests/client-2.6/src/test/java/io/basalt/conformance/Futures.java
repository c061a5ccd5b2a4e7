package io.basalt.conformance;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/** Waiting on the async client's futures in tests. */
final class Futures {
  private Futures() {}

  /** The value of a future that must complete within a minute. */
  static <T> T await(Future<T> future) throws Exception {
    return future.get(60, TimeUnit.SECONDS);
  }

  /**
   * The exception of type {@code type} a future failed with. The async client may wrap the server's exception
   * (a batch action's in RetriesExhaustedException), so the whole cause chain is searched.
   */
  static <T extends Throwable> T failure(Future<?> future, Class<T> type) {
    ExecutionException failed = assertThrows(ExecutionException.class, () -> future.get(60, TimeUnit.SECONDS));
    for (Throwable cause = failed.getCause(); cause != null; cause = cause.getCause()) {
      if (type.isInstance(cause)) {
        return type.cast(cause);
      }
    }
    return fail("expected " + type.getSimpleName() + " among the causes of " + failed.getCause(), failed);
  }
}
