package io.basalt.hbase.write;

import io.basalt.storage.data.RowLocks;
import io.basalt.storage.data.Waiting;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.CompareOperator;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.client.Append;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.CheckAndMutateResult;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.RowMutations;
import org.apache.hadoop.hbase.io.TimeRange;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * checkAndMutate: under the row's lock, reads the latest version of the checked column (or the row through the
 * condition's filter), decides the condition as HBase does, and on success applies the action atomically.
 */
public final class ConditionalMutator {
  private final RegionWriter writer;
  private final RowGetter reader;

  /** @param reader reads a row the writer holds the lock of and caught up on, with no read barrier of its own */
  public ConditionalMutator(RegionWriter writer, RowGetter reader) {
    this.writer = writer;
    this.reader = reader;
  }

  public CheckAndMutateResult apply(CheckAndMutate checkAndMutate, long nonceGroup, long nonce, Waiting waiting)
      throws IOException {
    byte[] row = checkAndMutate.getRow();
    List<Mutation> actions = actions(checkAndMutate);
    for (Mutation action : actions) {
      if (!Bytes.equals(row, action.getRow())) {
        throw new DoNotRetryIOException("Action's getRow must match");
      }
    }
    for (Mutation action : actions) {
      writer.refuseFsync(action, waiting);
      writer.recordCellTtlFamilies(action, waiting);
    }
    try (RowLocks.RowLock ignored = writer.lockRow(row, waiting)) {
      writer.catchUp(row, waiting);
      Outcome outcome = check(checkAndMutate, waiting);
      if (!outcome.matches()) {
        return new CheckAndMutateResult(false, null);
      }
      Result result = writer.applyChecked(actions, outcome.cellTimestamp(), nonceGroup, nonce, waiting);
      return new CheckAndMutateResult(true, result);
    }
  }

  private static List<Mutation> actions(CheckAndMutate checkAndMutate) throws DoNotRetryIOException {
    if (checkAndMutate.getAction() instanceof RowMutations rowMutations) {
      return rowMutations.getMutations();
    }
    Mutation mutation = (Mutation) checkAndMutate.getAction();
    if (!(mutation instanceof Put) && !(mutation instanceof Delete) && !(mutation instanceof Increment)
        && !(mutation instanceof Append)) {
      throw new DoNotRetryIOException("Action must be Put or Delete or Increment or Append");
    }
    return List.of(mutation);
  }

  /** Whether the condition holds, and the timestamp of the cell it was decided on (0 if none). */
  private record Outcome(boolean matches, long cellTimestamp) {}

  private Outcome check(CheckAndMutate checkAndMutate, Waiting waiting) throws IOException {
    Get get = new Get(checkAndMutate.getRow());
    if (checkAndMutate.hasFilter()) {
      get.setFilter(checkAndMutate.getFilter());
      // HBase reads the condition through a plain region scanner, which loads every family up front.
      get.setLoadColumnFamiliesOnDemand(false);
    } else {
      get.addColumn(checkAndMutate.getFamily(), checkAndMutate.getQualifier());
    }
    TimeRange range = checkAndMutate.getTimeRange();
    if (range != null) {
      get.setTimeRange(range.getMin(), range.getMax());
    }
    List<Cell> cells = reader.get(get, waiting).listCells();
    boolean found = cells != null && !cells.isEmpty();
    long timestamp = found ? cells.get(0).getTimestamp() : 0;
    if (checkAndMutate.hasFilter()) {
      return new Outcome(found, timestamp);
    }
    CompareOperator op = checkAndMutate.getCompareOp();
    byte[] expected = checkAndMutate.getValue();
    if (expected == null || expected.length == 0) {
      // Checking for absence: a missing cell, or one with an empty value, counts as absent.
      boolean absent = !found || cells.get(0).getValueLength() == 0;
      return new Outcome(absent == (op != CompareOperator.NOT_EQUAL), timestamp);
    }
    if (!found) {
      return new Outcome(false, 0);
    }
    // HBase compares the expected value with the stored one, in that order.
    int order = Bytes.compareTo(expected, CellUtil.cloneValue(cells.get(0)));
    return new Outcome(matches(op, order), timestamp);
  }

  private static boolean matches(CompareOperator op, int order) throws DoNotRetryIOException {
    switch (op) {
      case LESS:
        return order < 0;
      case LESS_OR_EQUAL:
        return order <= 0;
      case EQUAL:
        return order == 0;
      case NOT_EQUAL:
        return order != 0;
      case GREATER_OR_EQUAL:
        return order >= 0;
      case GREATER:
        return order > 0;
      default:
        throw new DoNotRetryIOException("Unknown Compare op " + op);
    }
  }
}
