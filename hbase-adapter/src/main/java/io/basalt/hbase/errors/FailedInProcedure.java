package io.basalt.hbase.errors;

import java.io.IOException;

/**
 * An error HBase's master reports through a procedure's result, not from the RPC that asked for the procedure: the
 * call returns a procedure id, and the client meets the error when it polls {@code getProcedureResult}. A client
 * rebuilds such an error from its class name and message alone and does not retry it, where the same exception
 * thrown by an RPC would carry the server's stack trace in its message and, unless it is a
 * DoNotRetryIOException, be retried until the client gives up. Throw it from a procedure's operation to fail the
 * procedure that way.
 */
public final class FailedInProcedure extends IOException {
  private static final long serialVersionUID = 1L;

  /** @param reported what the procedure's result reports: its class (or remote class name) and message */
  public FailedInProcedure(IOException reported) {
    super(reported.getMessage(), reported);
  }

  /** The error as the client will rebuild it. */
  public IOException reported() {
    return (IOException) getCause();
  }

  /** The class name the client loads to rebuild the error. */
  public String reportedClassName() {
    return reported() instanceof ServerSideException serverSide
        ? serverSide.remoteClassName() : reported().getClass().getName();
  }
}
