package io.basalt.hbase.write;

import io.basalt.hbase.errors.StorageErrors;
import io.basalt.hbase.read.CellTtls;
import io.basalt.hbase.schema.CellTtlFamilies;
import io.basalt.hbase.schema.HBaseTable;
import io.basalt.storage.Durability;
import io.basalt.storage.NonBlocking;
import io.basalt.storage.StorageException;
import io.basalt.storage.data.RowLocks;
import io.basalt.storage.data.RowMutation;
import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.client.Append;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.io.TimeRange;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Applies client mutations to one region's tablet: batches of independent mutations, atomic row mutations and the
 * write half of checkAndMutate. Every write holds its rows' locks from the reads it depends on (current values of
 * counters, versions targeted by deletes) until it is applied, and every row's cells go in one RocksDB batch.
 */
public final class RegionWriter {
  /** Confirms a row belongs to the region before anything is done with it. */
  @FunctionalInterface
  public interface RowCheck {
    void check(byte[] row) throws IOException;
  }

  private final HBaseTable table;
  private final RegionInfo region;
  private final Clock clock;
  private final RowGetter reader;
  private final RowCheck rowCheck;
  private final WritePolicy policy;
  private final NonceRegistry nonces;
  private final MutationConverter converter;

  public RegionWriter(HBaseTable table, RegionInfo region, Clock clock, RowGetter reader,
      RowCheck rowCheck, WritePolicy policy) {
    this.table = table;
    this.region = region;
    this.clock = clock;
    this.reader = reader;
    this.rowCheck = rowCheck;
    this.policy = policy;
    this.nonces = policy.nonces();
    this.converter = new MutationConverter(table.descriptor(), region,
        family -> CellTtlFamilies.held(table.storage(), family));
  }

  /**
   * Applies independent mutations. Like HBase, they are applied in row order (keeping the given order within a
   * row); Puts and Deletes go together in one write, each Increment or Append on its own after the Puts and
   * Deletes before it, so it sees them. A mutation that is invalid on its own fails alone.
   */
  public List<MutationOutcome> batch(List<NoncedMutation> mutations, long nonceGroup) throws IOException {
    for (NoncedMutation mutation : mutations) {
      refuseFsyncWithoutBlocking(mutation.mutation());
    }
    for (NoncedMutation mutation : mutations) {
      recordCellTtlFamilies(mutation.mutation());
    }
    MutationOutcome[] outcomes = new MutationOutcome[mutations.size()];
    Integer[] order = new Integer[mutations.size()];
    List<byte[]> rows = new ArrayList<>();
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
      rows.add(mutations.get(i).mutation().getRow());
    }
    Arrays.sort(order, Comparator.comparing(i -> mutations.get(i).mutation().getRow(), Bytes.BYTES_COMPARATOR));
    try (RowLocks.RowLock ignored = table.storage().lockAll(rows)) {
      Pending pending = new Pending();
      long now = clock.millis();
      for (int index : order) {
        NoncedMutation request = mutations.get(index);
        Mutation mutation = request.mutation();
        try {
          rowCheck.check(mutation.getRow());
          policy.checkCellSizes(mutation);
          if (mutation instanceof Put || mutation instanceof Delete) {
            pending.add(index, converter.convert(mutation, now, this::nthNewestTimestamp), mutation);
          } else {
            pending.flush(outcomes);
            outcomes[index] = MutationOutcome.applied(applyDelta(mutation, nonceGroup, request.nonce()));
          }
        } catch (IOException e) {
          outcomes[index] = MutationOutcome.failed(e);
        }
      }
      pending.flush(outcomes);
    } catch (StorageException e) {
      throw StorageErrors.translate(e, region);
    }
    return Arrays.asList(outcomes);
  }

  /**
   * Applies mutations of one row atomically: all are computed against the row as it was, then written in one
   * batch. Returns the cells of the Increments and Appends among them, in order, or null if there are none.
   */
  public Result mutateRow(List<Mutation> mutations, long nonceGroup, long nonce) throws IOException {
    byte[] row = sameRow(mutations);
    for (Mutation mutation : mutations) {
      refuseFsyncWithoutBlocking(mutation);
    }
    for (Mutation mutation : mutations) {
      recordCellTtlFamilies(mutation);
    }
    try (RowLocks.RowLock ignored = lockRow(row)) {
      long now = clock.millis();
      return applyRowLocked(row, mutations, now, now, nonceGroup, nonce);
    } catch (StorageException e) {
      throw StorageErrors.translate(e, region);
    }
  }

  /**
   * An fsync is a wait: a writer that must not wait ({@link NonBlocking}) hands the call on before it reads or
   * counts anything, rather than when it reaches the write.
   */
  void refuseFsyncWithoutBlocking(Mutation mutation) {
    if (NonBlocking.active()
        && Durabilities.of(mutation.getDurability(), table.durability()) == Durability.LOG_FSYNC) {
      NonBlocking.refuseToWait("an fsync of the log");
    }
  }

  /**
   * Records the families a mutation puts cells with its own TTL into, if any is not yet recorded, before anything
   * of the call is read, locked or written: the record must precede the family's first such put, and it is a
   * synced catalog write, a wait that a writer that must not wait hands on to a handler thread.
   */
  void recordCellTtlFamilies(Mutation mutation) throws IOException {
    if (!(mutation instanceof Put || mutation instanceof Increment || mutation instanceof Append)
        || !CellTtls.hasTtl(mutation)) {
      return;
    }
    List<byte[]> unrecorded = new ArrayList<>();
    for (byte[] family : mutation.getFamilyCellMap().keySet()) {
      if (table.descriptor().hasColumnFamily(family) && !CellTtlFamilies.held(table.storage(), family)) {
        unrecorded.add(family);
      }
    }
    record(unrecorded);
  }

  private void record(List<byte[]> families) throws IOException {
    if (families.isEmpty()) {
      return;
    }
    if (NonBlocking.active()) {
      NonBlocking.refuseToWait("recording a family's first cell with its own TTL");
    }
    policy.cellTtlFamilies().record(table.name(), families);
  }

  /** Locks a row of this region for a read-then-write sequence such as checkAndMutate. */
  RowLocks.RowLock lockRow(byte[] row) throws IOException {
    rowCheck.check(row);
    try {
      return table.storage().lockRow(row);
    } catch (StorageException e) {
      throw StorageErrors.translate(e, region);
    }
  }

  /**
   * Writes the action of a checkAndMutate whose condition passed, under the lock taken for the check. Puts without
   * a timestamp are stamped no earlier than the cell the condition read, so the new value is never hidden behind
   * the one it replaced.
   */
  Result applyChecked(List<Mutation> mutations, long checkedCellTimestamp, long nonceGroup, long nonce)
      throws IOException {
    long now = clock.millis();
    return applyRowLocked(sameRow(mutations), mutations, now, Math.max(now, checkedCellTimestamp), nonceGroup,
        nonce);
  }

  private Result applyRowLocked(byte[] row, List<Mutation> mutations, long now, long putNow, long nonceGroup,
      long nonce) throws IOException {
    boolean replay = nonces.wasApplied(nonceGroup, nonce);
    // Applied in order in one batch, so a later mutation's cells replace an earlier one's at the same coordinates.
    List<RowMutation> writes = new ArrayList<>();
    List<Cell> results = new ArrayList<>();
    boolean anyDelta = false;
    Durability durability = Durability.SKIP_LOG;
    for (Mutation mutation : mutations) {
      policy.checkCellSizes(mutation);
      if (mutation instanceof Put || mutation instanceof Delete) {
        long stamp = mutation instanceof Put ? putNow : now;
        writes.add(converter.convert(mutation, stamp, this::nthNewestTimestamp));
      } else if (mutation instanceof Increment || mutation instanceof Append) {
        anyDelta = true;
        if (replay) {
          // Already applied under this nonce: answer with the current values instead of applying it again.
          if (returnsResults(mutation)) {
            results.addAll(currentValues(mutation));
          }
          continue;
        }
        List<Cell> computed = computeDeltas(mutation, now);
        writes.add(putsOf(row, computed, now));
        if (returnsResults(mutation)) {
          results.addAll(computed);
        }
      } else {
        throw new DoNotRetryIOException("Action must be Put or Delete or Increment or Append, not "
            + mutation.getClass().getSimpleName());
      }
      durability = Durabilities.stronger(durability, Durabilities.of(mutation.getDurability(), table.durability()));
    }
    write(writes, durability);
    if (anyDelta && !replay) {
      nonces.markApplied(nonceGroup, nonce);
    }
    return anyDelta ? Result.create(results) : null;
  }

  private Result applyDelta(Mutation mutation, long nonceGroup, long nonce) throws IOException {
    if (!(mutation instanceof Increment) && !(mutation instanceof Append)) {
      throw new DoNotRetryIOException(mutation.getClass().getSimpleName() + " is not a supported mutation");
    }
    if (nonces.wasApplied(nonceGroup, nonce)) {
      return returnsResults(mutation) ? Result.create(currentValues(mutation)) : Result.EMPTY_RESULT;
    }
    long now = clock.millis();
    List<Cell> computed = computeDeltas(mutation, now);
    write(List.of(putsOf(mutation.getRow(), computed, now)), Durabilities.of(mutation.getDurability(),
        table.durability()));
    nonces.markApplied(nonceGroup, nonce);
    return returnsResults(mutation) ? Result.create(computed) : Result.EMPTY_RESULT;
  }

  /**
   * The new cells of an Increment or Append; an Append may not grow a cell past the size limit. A new cell may
   * carry the TTL of the version it replaces, whose family is then already recorded as holding such cells; should
   * it not be, it is recorded now, before the write.
   */
  private List<Cell> computeDeltas(Mutation mutation, long now) throws IOException {
    List<Cell> computed = DeltaCalculator.newCells(mutation, now, reader);
    List<byte[]> unrecorded = new ArrayList<>();
    for (Cell cell : computed) {
      policy.checkCellSize(cell);
      byte[] family = CellUtil.cloneFamily(cell);
      if (CellTtls.of(cell) != CellTtls.NONE && !CellTtlFamilies.held(table.storage(), family)
          && unrecorded.stream().noneMatch(f -> Bytes.equals(f, family))) {
        unrecorded.add(family);
      }
    }
    record(unrecorded);
    return computed;
  }

  /** The latest values of the columns a counter mutation names, within its time range. */
  private List<Cell> currentValues(Mutation mutation) throws IOException {
    Get get = new Get(mutation.getRow());
    for (Map.Entry<byte[], List<Cell>> family : mutation.getFamilyCellMap().entrySet()) {
      for (Cell cell : family.getValue()) {
        get.addColumn(family.getKey(), CellUtil.cloneQualifier(cell));
      }
    }
    TimeRange range = mutation instanceof Increment ? ((Increment) mutation).getTimeRange()
        : ((Append) mutation).getTimeRange();
    if (range != null) {
      get.setTimeRange(range.getMin(), range.getMax());
    }
    List<Cell> cells = reader.get(get).listCells();
    return cells == null ? List.of() : cells;
  }

  private void write(List<RowMutation> writes, Durability durability) throws IOException {
    List<RowMutation> nonEmpty = writes.stream().filter(w -> !w.cells().isEmpty() || !w.erasures().isEmpty())
        .toList();
    if (nonEmpty.isEmpty()) {
      return;
    }
    try {
      table.storage().writeAll(nonEmpty, durability);
    } catch (StorageException e) {
      throw StorageErrors.translate(e, region);
    }
  }

  /** Timestamp of the n-th newest visible version of a column, read under the caller's row lock. */
  private Long nthNewestTimestamp(byte[] row, byte[] family, byte[] qualifier, int nth) throws IOException {
    List<Cell> cells = reader.get(new Get(row).addColumn(family, qualifier).readVersions(nth)).listCells();
    if (cells == null || cells.size() < nth) {
      return null;
    }
    return cells.get(nth - 1).getTimestamp();
  }

  /** Whether the client wants the new cells of an Increment or Append back. */
  private static boolean returnsResults(Mutation mutation) {
    return mutation instanceof Increment increment ? increment.isReturnResults()
        : ((Append) mutation).isReturnResults();
  }

  /** The stored form of an Increment's or Append's new cells, each with the TTL its tag carries. */
  private RowMutation putsOf(byte[] row, List<Cell> cells, long now) {
    RowMutation.Builder builder = RowMutation.forRow(row);
    for (Cell cell : cells) {
      converter.addPut(builder, CellUtil.cloneFamily(cell), CellUtil.cloneQualifier(cell), cell.getTimestamp(),
          CellUtil.cloneValue(cell), CellTtls.of(cell), now);
    }
    return builder.build();
  }

  static byte[] sameRow(List<Mutation> mutations) throws DoNotRetryIOException {
    if (mutations.isEmpty()) {
      throw new DoNotRetryIOException("no mutations to apply");
    }
    byte[] row = mutations.get(0).getRow();
    for (Mutation mutation : mutations) {
      if (!Bytes.equals(row, mutation.getRow())) {
        throw new DoNotRetryIOException("Action's getRow must match: " + Bytes.toStringBinary(row) + " vs "
            + Bytes.toStringBinary(mutation.getRow()));
      }
    }
    return row;
  }

  /** Put and Delete conversions waiting to be written together. */
  private final class Pending {
    private final List<Integer> indexes = new ArrayList<>();
    private final List<RowMutation> writes = new ArrayList<>();
    private Durability durability = Durability.SKIP_LOG;

    void add(int index, RowMutation write, Mutation mutation) {
      indexes.add(index);
      writes.add(write);
      durability = Durabilities.stronger(durability, Durabilities.of(mutation.getDurability(), table.durability()));
    }

    void flush(MutationOutcome[] outcomes) {
      if (writes.isEmpty()) {
        return;
      }
      MutationOutcome outcome;
      try {
        table.storage().writeAll(writes, durability);
        outcome = MutationOutcome.applied(Result.EMPTY_RESULT);
      } catch (StorageException e) {
        outcome = MutationOutcome.failed(StorageErrors.translate(e, region));
      }
      for (int index : indexes) {
        outcomes[index] = outcome;
      }
      indexes.clear();
      writes.clear();
      durability = Durability.SKIP_LOG;
    }
  }
}
