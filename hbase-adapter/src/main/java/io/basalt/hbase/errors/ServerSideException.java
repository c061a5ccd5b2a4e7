package io.basalt.hbase.errors;

import org.apache.hadoop.hbase.DoNotRetryIOException;

/**
 * An HBase exception whose class lives in hbase-server, which neither clients nor Basalt have on their classpath
 * (ConstraintException, for one). It travels under that class's name, so clients see exactly what HBase sends
 * them: a remote exception of that class, not retried.
 */
public final class ServerSideException extends DoNotRetryIOException {
  private static final long serialVersionUID = 1L;

  private final String remoteClassName;

  public ServerSideException(String remoteClassName, String message) {
    super(message);
    this.remoteClassName = remoteClassName;
  }

  /** HBase's ConstraintException: a request breaks a rule of the schema, such as removing a non-empty namespace. */
  public static ServerSideException constraint(String message) {
    return new ServerSideException("org.apache.hadoop.hbase.constraint.ConstraintException", message);
  }

  public String remoteClassName() {
    return remoteClassName;
  }
}
