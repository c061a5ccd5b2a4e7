package io.basalt.conformance;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.client.RetriesExhaustedException;
import org.apache.hadoop.hbase.client.RetriesExhaustedWithDetailsException;
import org.apache.hadoop.hbase.exceptions.ClientExceptionsUtil;
import org.apache.hadoop.hbase.regionserver.RegionServerStoppedException;

/**
 * Tells the errors a stock client may see while a server stops (ones it retries) from ones it must not see. The
 * client's own ClientExceptionsUtil decides what counts as a connection error, so the test and the client agree.
 */
final class StopErrors {
  private StopErrors() {}

  /**
   * Null if the error is one a client retries: somewhere in it a connection error or RegionServerStoppedException,
   * nowhere a DoNotRetryIOException. A RetriesExhaustedException lists its attempts' errors in its message only
   * (the registry's has no cause at all), so their class names are read from there.
   */
  static String problem(Throwable error) {
    boolean retriable = false;
    for (Throwable t : chain(error)) {
      if (t instanceof DoNotRetryIOException) {
        return "a DoNotRetryIOException";
      }
      retriable |= t instanceof RegionServerStoppedException || ClientExceptionsUtil.isConnectionException(t);
      if (t instanceof RetriesExhaustedException) {
        String attempts = String.valueOf(t.getMessage());
        if (attempts.contains(DoNotRetryIOException.class.getSimpleName())) {
          return "a DoNotRetryIOException among the attempts";
        }
        retriable |= namesRetriableError(attempts);
      }
    }
    return retriable ? null : "neither a connection error nor RegionServerStoppedException";
  }

  private static boolean namesRetriableError(String message) {
    if (message.contains(RegionServerStoppedException.class.getSimpleName())) {
      return true;
    }
    for (Class<? extends Throwable> type : ClientExceptionsUtil.getConnectionExceptionTypes()) {
      if (message.contains(type.getSimpleName())) {
        return true;
      }
    }
    return false;
  }

  /** The error's classes from the outside in, such as {@code RetriesExhaustedException<-ConnectException}. */
  static String describe(Throwable error) {
    List<String> names = new ArrayList<>();
    for (Throwable t : chain(error)) {
      names.add(t.getClass().getSimpleName());
    }
    return String.join("<-", names);
  }

  /** The error, its causes, and the per-action causes of a batch's RetriesExhaustedWithDetailsException. */
  private static List<Throwable> chain(Throwable error) {
    List<Throwable> chain = new ArrayList<>();
    for (Throwable t = error; t != null && !chain.contains(t); t = t.getCause()) {
      chain.add(t);
      if (t instanceof RetriesExhaustedWithDetailsException details) {
        for (int i = 0; i < details.getNumExceptions(); i++) {
          chain.addAll(chain(details.getCause(i)));
        }
      }
    }
    return chain;
  }
}
