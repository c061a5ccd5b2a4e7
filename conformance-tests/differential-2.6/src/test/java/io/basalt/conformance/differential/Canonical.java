package io.basalt.conformance.differential;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.CheckAndMutateResult;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.RetriesExhaustedException;
import org.apache.hadoop.hbase.client.RetriesExhaustedWithDetailsException;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.ipc.RemoteException;

/**
 * Results written out as text, one canonical form for both servers, so that two outcomes are equal exactly when
 * their texts are. Timestamps the test chose are kept; a timestamp a server took from its own clock (increments,
 * appends, deletes without a timestamp) can only be the same by chance, so it is written as {@code now}.
 * Errors compare by exception class: messages are free text.
 */
final class Canonical {
  /** Any timestamp at or above this came from a server clock (2001-09-09); the test's own are below 100. */
  static final long SERVER_CLOCK_FLOOR = 1_000_000_000_000L;

  private Canonical() {}

  static String result(Result result) {
    if (result == null) {
      return "null";
    }
    StringBuilder text = new StringBuilder();
    if (result.getExists() != null) {
      text.append("exists=").append(result.getExists());
    }
    if (!result.isEmpty()) {
      text.append(Bytes.toStringBinary(result.getRow())).append(" {");
      for (Cell cell : result.rawCells()) {
        text.append(' ').append(cell(cell));
      }
      text.append(" }");
    } else if (result.getExists() == null) {
      text.append("empty");
    }
    if (result.mayHaveMoreCellsInRow()) {
      text.append(" partial");
    }
    return text.toString();
  }

  /**
   * A scan's Results in order. A Result followed by more of its own row must say it may have more cells; on the
   * last piece of a row the flag is left out. HBase sets it there from whichever raw cell its heap happens to peek
   * at next (hidden or not, depending on memstore versus files and on lazy seeks), so it means "maybe" and two
   * correct servers may differ on it; Basalt says false whenever it knows the row is complete.
   */
  static String scanResults(List<Result> results) {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < results.size(); i++) {
      Result result = results.get(i);
      boolean rowContinues = i + 1 < results.size() && Bytes.equals(result.getRow(), results.get(i + 1).getRow());
      String line = result(result);
      if (!rowContinues && result.mayHaveMoreCellsInRow()) {
        line = line.substring(0, line.length() - " partial".length());
      }
      text.append(line).append('\n');
    }
    return text.toString();
  }

  static String results(Result[] results) {
    List<String> lines = new ArrayList<>();
    for (Result result : results) {
      lines.add(result(result));
    }
    return String.join("\n", lines);
  }

  static String cell(Cell cell) {
    long ts = cell.getTimestamp();
    return Bytes.toStringBinary(CellUtil.cloneFamily(cell)) + ":" + Bytes.toStringBinary(CellUtil.cloneQualifier(cell))
        + "/" + (ts >= SERVER_CLOCK_FLOOR ? "now" : Long.toString(ts)) + "/" + cell.getType()
        + "=" + Bytes.toStringBinary(CellUtil.cloneValue(cell));
  }

  static String checkAndMutate(CheckAndMutateResult outcome) {
    return "success=" + outcome.isSuccess() + " " + result(outcome.getResult());
  }

  /** One entry of a batch's results: a Result, a CheckAndMutateResult, an error, or nothing. */
  static String batchEntry(Object entry) {
    if (entry instanceof Result result) {
      return result(result);
    }
    if (entry instanceof CheckAndMutateResult outcome) {
      return checkAndMutate(outcome);
    }
    if (entry instanceof Throwable error) {
      return error(error);
    }
    return String.valueOf(entry);
  }

  static String error(Throwable thrown) {
    if (thrown instanceof RetriesExhaustedWithDetailsException details) {
      List<String> causes = new ArrayList<>();
      for (int i = 0; i < details.getNumExceptions(); i++) {
        causes.add(Bytes.toStringBinary(details.getRow(i).getRow()) + " " + error(details.getCause(i)));
      }
      causes.sort(null);
      return "errors " + causes;
    }
    Throwable error = thrown;
    if (error instanceof java.io.UncheckedIOException && error.getCause() != null) {
      error = error.getCause(); // how a ResultScanner's iterator reports an IOException
    }
    if (error instanceof RetriesExhaustedException && error.getCause() != null) {
      error = error.getCause();
    }
    if (error instanceof RemoteException remote) {
      error = remote.unwrapRemoteException();
    }
    return "error " + error.getClass().getName();
  }
}
