package io.basalt.hbase.rpc;

import io.basalt.hbase.errors.ServerSideException;
import io.basalt.hbase.errors.StorageErrors;
import io.basalt.storage.errors.NotLeaderException;
import io.basalt.storage.errors.StorageFullException;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.HBaseServerException;
import org.apache.hadoop.hbase.PleaseHoldException;
import org.apache.hadoop.hbase.shaded.protobuf.generated.RPCProtos.ExceptionResponse;

/**
 * Turns a server-side exception into the {@link ExceptionResponse} an HBase client rebuilds it from: the client
 * loads the class by name and passes the stack-trace text to its String constructor, so only classes a client can
 * load may be named, and the text is what the user will read.
 */
public final class RemoteErrors {
  private RemoteErrors() {}

  public static ExceptionResponse toExceptionResponse(Throwable error) {
    Throwable reported = unwrap(error);
    String className = reported instanceof ServerSideException serverSide
        ? serverSide.remoteClassName() : reported.getClass().getName();
    ExceptionResponse.Builder response = ExceptionResponse.newBuilder()
        .setExceptionClassName(className)
        .setStackTrace(stackTrace(reported, className))
        .setDoNotRetry(reported instanceof DoNotRetryIOException);
    if (reported instanceof HBaseServerException serverException && serverException.isServerOverloaded()) {
      response.setServerOverloaded(true);
    }
    return response.build();
  }

  /**
   * Keeps exceptions a client can rebuild (HBase's and the JDK's IOExceptions) and reports anything else, such as
   * an unexpected runtime failure or an internal Basalt exception, as a plain retriable IOException.
   */
  private static Throwable unwrap(Throwable error) {
    String name = error.getClass().getName();
    if (error instanceof ServerSideException) {
      return error;
    }
    if (error instanceof StorageFullException full) {
      return StorageErrors.outOfSpace(full);
    }
    if (error instanceof NotLeaderException notLeader) {
      // A master call on a node that is not (or no longer) the active master: the catalog is led elsewhere. HBase's
      // clients retry PleaseHoldException, and look the active master up again between tries.
      return new PleaseHoldException("this node is not the active master: " + notLeader.getMessage());
    }
    if (error instanceof IOException && (name.startsWith("org.apache.hadoop.") || name.startsWith("java."))) {
      return error;
    }
    return new IOException(error.toString(), error);
  }

  /** The text a client makes its exception's message; its first line names the class the client is told of. */
  private static String stackTrace(Throwable error, String className) {
    StringWriter text = new StringWriter();
    error.printStackTrace(new PrintWriter(text));
    String trace = text.toString();
    String ownName = error.getClass().getName();
    return trace.startsWith(ownName) ? className + trace.substring(ownName.length()) : trace;
  }
}
