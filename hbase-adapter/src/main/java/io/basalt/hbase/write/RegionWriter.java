package io.basalt.hbase.write;

import io.basalt.hbase.errors.StorageErrors;
import io.basalt.hbase.read.CellTtls;
import io.basalt.hbase.schema.HBaseTable;
import io.basalt.hbase.write.MutationConverter.VersionLookup;
import io.basalt.storage.data.Durability;
import io.basalt.storage.data.RowLocks;
import io.basalt.storage.data.RowMutation;
import io.basalt.storage.data.Waiting;
import io.basalt.storage.errors.StorageException;
import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
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
import org.apache.hadoop.hbase.exceptions.FailedSanityCheckException;
import org.apache.hadoop.hbase.io.TimeRange;
import org.apache.hadoop.hbase.regionserver.WrongRegionException;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Applies client mutations to one region's tablet: batches of independent mutations, atomic row mutations and the
 * write half of checkAndMutate. Every write holds its rows' locks from the reads it depends on (current values of
 * counters, versions targeted by deletes) until it is applied, and every row's cells go in one RocksDB batch.
 *
 * <p>A writer told not to wait ({@link Waiting#REFUSED}) passes that on to every lock, read and write it makes, and
 * refuses an fsync before anything; where any of them would wait, {@link io.basalt.storage.errors.WouldBlockException}
 * ends the call before its single write, so nothing is written and no nonce recorded.
 */
public final class RegionWriter {
  private static final byte[] NO_NOTE = new byte[0];
  /** Confirms a row belongs to the region before anything is done with it. */
  @FunctionalInterface
  public interface RowCheck {
    void check(byte[] row) throws IOException;
  }

  private final HBaseTable table;
  private final RegionInfo region;
  private final Clock clock;
  private final RowGetter reader;
  private final RowGetter caughtUpReader;
  private final RowCheck rowCheck;
  private final WritePolicy policy;
  private final NonceRegistry nonces;
  private final MutationConverter converter;
  private final ReplicatedEdits replicated;
  /** The highest timestamp this writer stamped cells with. */
  private final AtomicLong highestStamp = new AtomicLong(Long.MIN_VALUE);

  /**
   * @param reader reads a row as a request does (in a cluster, through a read barrier in its tablet's group)
   * @param caughtUpReader reads a row this writer holds the lock of and has caught up on ({@link #catchUp}), with no
   *     barrier of its own
   */
  public RegionWriter(HBaseTable table, RegionInfo region, Clock clock, RowGetter reader, RowGetter caughtUpReader,
      RowCheck rowCheck, WritePolicy policy) {
    this.table = table;
    this.region = region;
    this.clock = clock;
    this.reader = reader;
    this.caughtUpReader = caughtUpReader;
    this.rowCheck = rowCheck;
    this.policy = policy;
    this.nonces = policy.nonces();
    this.converter = new MutationConverter(table.descriptor(), region,
        family -> policy.holdsCellTtls(table.storage(), family));
    this.replicated = new ReplicatedEdits(this, table, region, clock, policy, converter);
  }

  /**
   * Applies independent mutations. Like HBase, they are applied in row order (keeping the given order within a
   * row); Puts and Deletes go together in one write, each Increment or Append on its own after the Puts and
   * Deletes before it, so it sees them. A mutation that is invalid on its own fails alone.
   */
  public List<MutationOutcome> batch(List<NoncedMutation> mutations, long nonceGroup, Waiting waiting)
      throws IOException {
    if (mutations.size() > 1) {
      // Applied in several writes when counters are among them, so it could stop half applied.
      waiting.refuse("a batch of " + mutations.size() + " mutations");
    }
    for (NoncedMutation mutation : mutations) {
      refuseFsync(mutation.mutation(), waiting);
    }
    for (NoncedMutation mutation : mutations) {
      recordCellTtlFamilies(mutation.mutation(), waiting);
    }
    MutationOutcome[] outcomes = new MutationOutcome[mutations.size()];
    Integer[] order = new Integer[mutations.size()];
    List<byte[]> rows = new ArrayList<>();
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
      rows.add(mutations.get(i).mutation().getRow());
    }
    Arrays.sort(order, Comparator.comparing(i -> mutations.get(i).mutation().getRow(), Bytes.BYTES_COMPARATOR));
    try (RowLocks.RowLock ignored = table.storage().lockAll(rows, waiting)) {
      Pending pending = new Pending(waiting);
      long now = stamp(rows);
      VersionLookup versions = versionLookup(reader, waiting);
      for (int index : order) {
        NoncedMutation request = mutations.get(index);
        Mutation mutation = request.mutation();
        try {
          checkBatchRow(mutation.getRow());
          policy.checkCellSizes(mutation);
          if (mutation instanceof Put || mutation instanceof Delete) {
            pending.add(index, converter.convert(mutation, now, versions, pending.writes), mutation);
          } else {
            pending.flush(outcomes);
            outcomes[index] = MutationOutcome.applied(applyDelta(mutation, nonceGroup, request.nonce(), waiting));
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

  /** Writes an HBase cluster's replicated Puts and Deletes through the tablet's leader: see {@link ReplicatedEdits}. */
  public void writeAtLeader(List<Mutation> mutations) throws IOException {
    replicated.write(mutations);
  }

  /**
   * The timestamp for cells of {@code rows} written now, under their locks: the clock's time, but never below a stamp
   * this writer gave before, nor below the highest cell timestamp this node applied to the rows' tablet in cluster
   * mode ({@code Table#timestampFloor}). A clock that jumps back, or a leader elected on a node whose clock is
   * behind the previous leader's, would otherwise stamp a put below the cell it replaces, which would then hide it:
   * a write lost to the client without an error. HBase stamps with the region server's clock as it is; the two
   * differ only while a clock runs behind a stamp already given, when Basalt repeats that stamp (the later write of
   * a cell then replaces the earlier, as two writes in one millisecond do in HBase).
   */
  private long stamp(List<byte[]> rows) throws IOException {
    long floor = highestStamp.get();
    for (byte[] row : rows) {
      floor = Math.max(floor, table.storage().timestampFloor(row));
    }
    long now = Math.max(clock.millis(), floor);
    highestStamp.accumulateAndGet(now, Math::max);
    return now;
  }

  /**
   * A row of another region fails its mutation of a batch as HBase's batchMutate fails it, as a sanity check failure
   * that clients do not retry; a WrongRegionException, which HBase throws only for gets and atomic mutations, they
   * would retry until they gave up.
   */
  void checkBatchRow(byte[] row) throws IOException {
    try {
      rowCheck.check(row);
    } catch (WrongRegionException e) {
      throw new FailedSanityCheckException(e.getMessage());
    }
  }

  /**
   * Applies mutations of one row atomically: all are computed against the row as it was, then written in one
   * batch. Returns the cells of the Increments and Appends among them, in order, or null if there are none.
   */
  public Result mutateRow(List<Mutation> mutations, long nonceGroup, long nonce, Waiting waiting)
      throws IOException {
    byte[] row = sameRow(mutations);
    for (Mutation mutation : mutations) {
      refuseFsync(mutation, waiting);
    }
    for (Mutation mutation : mutations) {
      recordCellTtlFamilies(mutation, waiting);
    }
    try (RowLocks.RowLock ignored = lockRow(row, waiting)) {
      long now = stamp(List.of(row));
      return applyRowLocked(row, mutations, now, now, nonceGroup, nonce, false, waiting);
    } catch (StorageException e) {
      throw StorageErrors.translate(e, region);
    }
  }

  /**
   * An fsync is a wait: a writer that must not wait hands the call on before it reads or counts anything, rather
   * than when it reaches the write.
   */
  void refuseFsync(Mutation mutation, Waiting waiting) {
    if (Durabilities.of(mutation.getDurability(), table.durability()) == Durability.LOG_FSYNC) {
      waiting.refuse("an fsync of the log");
    }
  }

  /**
   * Records the families a mutation puts cells with its own TTL into, if any is not yet recorded, before anything
   * of the call is read, locked or written: the record must precede the family's first such put, and it is a
   * synced catalog write, a wait that a writer that must not wait hands on to a handler thread.
   */
  void recordCellTtlFamilies(Mutation mutation, Waiting waiting) throws IOException {
    if (!(mutation instanceof Put || mutation instanceof Increment || mutation instanceof Append)
        || !CellTtls.hasTtl(mutation)) {
      return;
    }
    List<byte[]> unrecorded = new ArrayList<>();
    for (byte[] family : mutation.getFamilyCellMap().keySet()) {
      if (table.descriptor().hasColumnFamily(family) && !policy.holdsCellTtls(table.storage(), family)) {
        unrecorded.add(family);
      }
    }
    record(unrecorded, waiting);
  }

  /** Whether a family counts as holding puts with their own TTL (see {@code schema.CellTtlFamilies}). */
  public boolean holdsCellTtls(byte[] family) {
    return policy.holdsCellTtls(table.storage(), family);
  }

  /**
   * Records that families hold puts with their own TTL, those not yet recorded, before such puts loaded other than
   * by a mutation (a bulk load's files) become visible.
   */
  public void recordCellTtlFamilies(List<byte[]> families) throws IOException {
    List<byte[]> unrecorded = new ArrayList<>();
    for (byte[] family : families) {
      if (!holdsCellTtls(family)) {
        unrecorded.add(family);
      }
    }
    record(unrecorded, Waiting.ALLOWED);
  }

  private void record(List<byte[]> families, Waiting waiting) throws IOException {
    if (families.isEmpty()) {
      return;
    }
    waiting.refuse("recording a family's first cell with its own TTL");
    policy.cellTtlFamilies().record(table.name(), families);
  }

  /** Locks a row of this region for a read-then-write sequence such as checkAndMutate. */
  RowLocks.RowLock lockRow(byte[] row, Waiting waiting) throws IOException {
    rowCheck.check(row);
    try {
      return table.storage().lockRow(row, waiting);
    } catch (StorageException e) {
      throw StorageErrors.translate(e, region);
    }
  }

  /**
   * Writes the action of a checkAndMutate whose condition passed, under the lock taken for the check, after which
   * the row was caught up on. Puts without a timestamp are stamped no earlier than the cell the condition read, so
   * the new value is never hidden behind the one it replaced.
   */
  Result applyChecked(List<Mutation> mutations, long checkedCellTimestamp, long nonceGroup, long nonce,
      Waiting waiting) throws IOException {
    long now = stamp(List.of(sameRow(mutations)));
    return applyRowLocked(sameRow(mutations), mutations, now, Math.max(now, checkedCellTimestamp), nonceGroup,
        nonce, true, waiting);
  }

  private Result applyRowLocked(byte[] row, List<Mutation> mutations, long now, long putNow, long nonceGroup,
      long nonce, boolean caughtUp, Waiting waiting) throws IOException {
    if (!caughtUp) {
      catchUp(row, waiting);
    }
    boolean replay = nonces.wasApplied(nonceGroup, nonce);
    OneWrite writes = new OneWrite();
    List<Cell> results = new ArrayList<>();
    boolean anyDelta = false;
    Durability durability = Durability.SKIP_LOG;
    VersionLookup versions = versionLookup(caughtUpReader, waiting);
    for (Mutation mutation : mutations) {
      policy.checkCellSizes(mutation);
      if (mutation instanceof Put || mutation instanceof Delete) {
        long stamp = mutation instanceof Put ? putNow : now;
        writes.add(converter.convert(mutation, stamp, versions, writes));
      } else if (mutation instanceof Increment || mutation instanceof Append) {
        anyDelta = true;
        if (replay) {
          // Already applied under this nonce: answer with the current values instead of applying it again.
          if (returnsResults(mutation)) {
            results.addAll(currentValues(mutation, waiting));
          }
          continue;
        }
        List<Cell> computed = computeDeltas(mutation, now, waiting);
        writes.add(putsOf(row, computed, now, writes));
        if (returnsResults(mutation)) {
          results.addAll(computed);
        }
      } else {
        throw new DoNotRetryIOException("Action must be Put or Delete or Increment or Append, not "
            + mutation.getClass().getSimpleName());
      }
      durability = Durabilities.stronger(durability, Durabilities.of(mutation.getDurability(), table.durability()));
    }
    write(writes.mutations(), durability, waiting,
        anyDelta && !replay ? NonceRegistry.note(nonceGroup, nonce) : NO_NOTE);
    if (anyDelta && !replay) {
      nonces.markApplied(nonceGroup, nonce);
    }
    return anyDelta ? Result.create(results) : null;
  }

  private Result applyDelta(Mutation mutation, long nonceGroup, long nonce, Waiting waiting) throws IOException {
    if (!(mutation instanceof Increment) && !(mutation instanceof Append)) {
      throw new DoNotRetryIOException(mutation.getClass().getSimpleName() + " is not a supported mutation");
    }
    catchUp(mutation.getRow(), waiting);
    if (nonces.wasApplied(nonceGroup, nonce)) {
      return returnsResults(mutation) ? Result.create(currentValues(mutation, waiting)) : Result.EMPTY_RESULT;
    }
    long now = stamp(List.of(mutation.getRow()));
    List<Cell> computed = computeDeltas(mutation, now, waiting);
    write(List.of(putsOf(mutation.getRow(), computed, now, new OneWrite())), Durabilities.of(mutation.getDurability(),
        table.durability()), waiting, NonceRegistry.note(nonceGroup, nonce));
    nonces.markApplied(nonceGroup, nonce);
    return returnsResults(mutation) ? Result.create(computed) : Result.EMPTY_RESULT;
  }

  /**
   * The new cells of an Increment or Append; an Append may not grow a cell past the size limit. A new cell may
   * carry the TTL of the version it replaces, whose family is then already recorded as holding such cells; should
   * it not be, it is recorded now, before the write.
   */
  private List<Cell> computeDeltas(Mutation mutation, long now, Waiting waiting) throws IOException {
    List<Cell> computed = DeltaCalculator.newCells(mutation, now, caughtUpReader, waiting);
    List<byte[]> unrecorded = new ArrayList<>();
    for (Cell cell : computed) {
      policy.checkCellSize(cell);
      byte[] family = CellUtil.cloneFamily(cell);
      if (CellTtls.of(cell) != CellTtls.NONE && !policy.holdsCellTtls(table.storage(), family)
          && unrecorded.stream().noneMatch(f -> Bytes.equals(f, family))) {
        unrecorded.add(family);
      }
    }
    record(unrecorded, waiting);
    return computed;
  }

  /** The latest values of the columns a counter mutation names, within its time range. */
  private List<Cell> currentValues(Mutation mutation, Waiting waiting) throws IOException {
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
    List<Cell> cells = caughtUpReader.get(get, waiting).listCells();
    return cells == null ? List.of() : cells;
  }

  private void write(List<RowMutation> writes, Durability durability, Waiting waiting) throws IOException {
    write(writes, durability, waiting, NO_NOTE);
  }

  /**
   * Under the row's lock, before a read-modify-write reads the row or looks its nonce up: returns once this node has
   * applied every write committed to the row's tablet (in a cluster a read barrier, passed only by the tablet's
   * leader; nothing on one node). The writer's reads then need no barrier of their own ({@code caughtUpReader}): no
   * write to the row can commit meanwhile but under this lock, or through a leader elected since, in which case
   * this node's write cannot commit either and the client retries. One barrier per increment instead of two (one
   * for the nonce, one for the read), as a retried increment may reach a new leader before it applied the first
   * attempt's entry. A check that fails writes nothing and is answered as of the barrier, which the request
   * followed.
   */
  void catchUp(byte[] row, Waiting waiting) throws IOException {
    try {
      table.storage().catchUp(row, waiting);
    } catch (StorageException e) {
      throw StorageErrors.translate(e, region);
    }
  }

  private void write(List<RowMutation> writes, Durability durability, Waiting waiting, byte[] note)
      throws IOException {
    List<RowMutation> nonEmpty = writes.stream().filter(w -> !w.cells().isEmpty() || !w.erasures().isEmpty())
        .toList();
    if (nonEmpty.isEmpty()) {
      return;
    }
    try {
      table.storage().writeAll(nonEmpty, durability, waiting, note);
    } catch (StorageException e) {
      throw StorageErrors.translate(e, region);
    }
  }

  /** Timestamps of the n-th newest visible version of columns, read under the caller's row lock. */
  private static VersionLookup versionLookup(RowGetter getter, Waiting waiting) {
    return (row, family, qualifier, nth) -> {
      List<Cell> cells = getter.get(new Get(row).addColumn(family, qualifier).readVersions(nth), waiting)
          .listCells();
      return cells == null || cells.size() < nth ? null : cells.get(nth - 1).getTimestamp();
    };
  }

  /** Whether the client wants the new cells of an Increment or Append back. */
  private static boolean returnsResults(Mutation mutation) {
    return mutation instanceof Increment increment ? increment.isReturnResults()
        : ((Append) mutation).isReturnResults();
  }

  /** The stored form of an Increment's or Append's new cells, each with the TTL its tag carries. */
  private RowMutation putsOf(byte[] row, List<Cell> cells, long now, OneWrite earlier) {
    RowMutation.Builder builder = RowMutation.forRow(row);
    for (Cell cell : cells) {
      converter.addPut(builder, earlier, CellUtil.cloneFamily(cell), CellUtil.cloneQualifier(cell), cell.getTimestamp(),
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
    private final OneWrite writes = new OneWrite();
    private final Waiting waiting;
    private Durability durability = Durability.SKIP_LOG;

    Pending(Waiting waiting) {
      this.waiting = waiting;
    }

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
        table.storage().writeAll(writes.mutations(), durability, waiting);
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
