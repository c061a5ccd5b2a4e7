package io.basalt.hbase.region;

import io.basalt.hbase.compaction.CompactionBacklog;
import io.basalt.hbase.compaction.MemstoreFlush;
import io.basalt.hbase.compaction.TabletCompaction;
import io.basalt.hbase.errors.StorageErrors;
import io.basalt.hbase.read.EmptyRowSource;
import io.basalt.hbase.read.FamilySchema;
import io.basalt.hbase.read.ReadSpec;
import io.basalt.hbase.read.RegionScanner;
import io.basalt.hbase.read.RowScanner;
import io.basalt.hbase.read.ScanLimits;
import io.basalt.hbase.read.TabletRowSource;
import io.basalt.hbase.schema.HBaseTable;
import io.basalt.hbase.stats.TabletRequests;
import io.basalt.hbase.write.ConditionalMutator;
import io.basalt.hbase.write.MutationOutcome;
import io.basalt.hbase.write.NoncedMutation;
import io.basalt.hbase.write.RegionWriter;
import io.basalt.hbase.write.WritePolicy;
import io.basalt.storage.catalog.TabletDefinition;
import io.basalt.storage.data.RowRange;
import io.basalt.storage.data.TableCursor;
import io.basalt.storage.data.Waiting;
import io.basalt.storage.errors.StorageException;
import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.NotServingRegionException;
import org.apache.hadoop.hbase.client.Append;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.CheckAndMutateResult;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.RowMutations;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.regionserver.WrongRegionException;
import org.apache.hadoop.hbase.util.Bytes;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A user region: one tablet of a table, served from the table's RocksDB column families. Counts its requests as
 * HBase's region does, including the reads its writes make (current values of counters, checkAndMutate conditions).
 */
public final class TabletRegion implements Region {
  private static final Logger LOG = LoggerFactory.getLogger(TabletRegion.class);

  private final HBaseTable table;
  private final TabletDefinition tablet;
  private final RegionInfo info;
  private final Clock clock;
  private final RegionWriter writer;
  private final ConditionalMutator conditional;
  private final TabletRequests requests;

  public TabletRegion(HBaseTable table, TabletDefinition tablet, RegionInfo info, Clock clock,
      WritePolicy policy, TabletRequests requests) {
    this.table = table;
    this.tablet = tablet;
    this.info = info;
    this.clock = clock;
    this.requests = requests;
    this.writer = new RegionWriter(table, info, clock, this::get, this::getCaughtUp, this::checkRow, policy);
    this.conditional = new ConditionalMutator(writer, this::getCaughtUp);
  }

  @Override
  public RegionInfo info() {
    return info;
  }

  @Override
  public FamilySchema families() {
    return table.families();
  }

  @Override
  public boolean isOnline() {
    return table.isEnabled();
  }

  /**
   * Flushes the whole table, dropping what HBase's flush drops: its tablets share column families, so a flush
   * cannot be narrower.
   */
  @Override
  public void flush() throws IOException {
    MemstoreFlush.flush(table, clock.millis());
  }

  @Override
  public Optional<TabletCompaction.Outcome> compact(boolean major, byte[] family, BooleanSupplier cancelled)
      throws IOException {
    if (!table.isEnabled()) {
      return Optional.empty(); // HBase compacts only regions that are open
    }
    try {
      long startNanos = System.nanoTime();
      TabletCompaction.Outcome outcome = new TabletCompaction(table, tablet, family, clock.millis(), major,
          cancelled).run();
      LOG.info("{} compaction of {} dropped {} cells from {} rows and kept {} in {} ms", major ? "Major" : "Minor",
          info.getRegionNameAsString(), outcome.cellsErased(), outcome.rowsRewritten(), outcome.cellsKept(),
          (System.nanoTime() - startNanos) / 1_000_000);
      return Optional.of(outcome);
    } catch (StorageException e) {
      throw StorageErrors.translate(e, info);
    }
  }

  /** The table this region is a tablet of. */
  public HBaseTable table() {
    return table;
  }

  /** The region's writer, for writes other than mutations (a bulk load's records). */
  public RegionWriter writer() {
    return writer;
  }

  /** Counts a bulk load of files into the region: one write request, as HBase's region counts one. */
  public void countBulkLoad(long cells) {
    requests.countWrites(1, cells);
  }

  @Override
  public CompactionBacklog compactionBacklog() {
    return requests.compactionBacklog();
  }

  @Override
  public Result get(Get get, Waiting waiting) throws IOException {
    Result result = get(get, waiting, true);
    requests.countGet();
    return result;
  }

  /** A get by a writer holding the row's lock after catching up on it: no read barrier (see RegionWriter.catchUp). */
  private Result getCaughtUp(Get get, Waiting waiting) throws IOException {
    return get(get, waiting, false);
  }

  private Result get(Get get, Waiting waiting, boolean barrier) throws IOException {
    checkServing();
    checkRow(get.getRow());
    ReadSpec spec = ReadSpec.forGet(get, table.families(), info, clock.millis());
    byte[] row = get.getRow();
    RowRange range = RowRange.forward(row, nextRow(row));
    try (RegionScanner scanner = new RowScanner(info, new TabletRowSource(barrier
        ? openCursor(spec, range, waiting, false)
        : table.storage().openCursorCaughtUp(spec.familyNames(), range, waiting)), spec, 0)) {
      RegionScanner.Batch batch = scanner.next(ScanLimits.oneRow(), waiting);
      requests.countReads(batch.readRequests(), batch.filteredRows());
      requests.touched(row);
      return batch.results().isEmpty() ? Result.EMPTY_RESULT : batch.results().get(0);
    } catch (StorageException e) {
      throw StorageErrors.translate(e, info);
    }
  }

  @Override
  public RegionScanner openScanner(Scan scan, Waiting waiting) throws IOException {
    checkServing();
    ReadSpec spec = ReadSpec.forScan(scan, table.families(), info, clock.millis());
    RowRange range = rangeOf(scan);
    if (range.isEmpty()) {
      return new CountingScanner(new RowScanner(info, EmptyRowSource.INSTANCE, spec, scan.getBatch()), requests);
    }
    try {
      // A forward scan opened refusing to wait can go on allowed to (see RowScanner); a get never needs to.
      return new CountingScanner(new RowScanner(info, new TabletRowSource(openCursor(spec, range, waiting,
          !range.reversed())), spec, scan.getBatch()), requests);
    } catch (StorageException e) {
      throw StorageErrors.translate(e, info);
    }
  }

  /**
   * The rows of this tablet the scan covers, as a half-open range. Forwards the start row is the lower bound;
   * reversed, the start row is the upper bound and the stop row the lower one. Inclusive and exclusive bounds become
   * half-open ones by stepping to the next possible row (the row with a zero byte appended).
   */
  private RowRange rangeOf(Scan scan) {
    byte[] start = scan.getStartRow();
    byte[] stop = scan.getStopRow();
    if (!scan.isReversed()) {
      byte[] low = start.length > 0 && !scan.includeStartRow() ? nextRow(start) : start;
      byte[] high = stop.length > 0 && scan.includeStopRow() ? nextRow(stop) : stop;
      return RowRange.forward(max(tablet.startRow(), low), minEnd(tablet.endRow(), high));
    }
    byte[] high = start.length > 0 && scan.includeStartRow() ? nextRow(start) : start;
    byte[] low = stop.length > 0 && !scan.includeStopRow() ? nextRow(stop) : stop;
    return RowRange.reversed(max(tablet.startRow(), low), minEnd(tablet.endRow(), high));
  }

  private static byte[] nextRow(byte[] row) {
    return Arrays.copyOf(row, row.length + 1);
  }

  @Override
  public List<MutationOutcome> mutateBatch(List<NoncedMutation> mutations, long nonceGroup, Waiting waiting)
      throws IOException {
    checkServing();
    // HBase counts every mutation of a batch as a write request, applied or not. A batch that would have had to
    // wait (WouldBlockException) has done nothing yet and is counted where it runs again.
    List<MutationOutcome> outcomes;
    try {
      outcomes = writer.batch(mutations, nonceGroup, waiting);
    } catch (IOException e) {
      countBatch(mutations);
      throw e;
    }
    countBatch(mutations);
    int kinds = 0;
    for (NoncedMutation mutation : mutations) {
      kinds |= kindOf(mutation.mutation());
    }
    countKinds(kinds);
    return outcomes;
  }

  /**
   * Writes edits an HBase cluster replicated into this region (Puts and Deletes, every cell with its own timestamp)
   * through its tablet's leader, wherever it is: in cluster mode the sink applies a region's edits on the node they
   * reach, as HBase's sink applies them wherever its source sends them, rather than sending the source on.
   */
  public void writeReplicatedEdits(List<NoncedMutation> mutations) throws IOException {
    checkServing();
    List<Mutation> edits = new ArrayList<>(mutations.size());
    for (NoncedMutation mutation : mutations) {
      edits.add(mutation.mutation());
    }
    try {
      writer.writeAtLeader(edits);
    } finally {
      countBatch(mutations);
    }
    countKinds(edits);
  }

  private static final int PUT = 1;
  private static final int DELETE = 2;
  private static final int INCREMENT = 4;
  private static final int APPEND = 8;

  private static int kindOf(Mutation mutation) {
    return mutation instanceof Put ? PUT : mutation instanceof Delete ? DELETE
        : mutation instanceof Increment ? INCREMENT : mutation instanceof Append ? APPEND : 0;
  }

  /** Counts an applied batch by the kinds of mutation it held, as HBase's region metrics count batches. */
  private void countKinds(int kinds) {
    requests.countMutationBatch((kinds & PUT) != 0, (kinds & DELETE) != 0, (kinds & INCREMENT) != 0,
        (kinds & APPEND) != 0);
  }

  private void countKinds(List<Mutation> mutations) {
    int kinds = 0;
    for (Mutation mutation : mutations) {
      kinds |= kindOf(mutation);
    }
    countKinds(kinds);
  }

  private void countBatch(List<NoncedMutation> mutations) {
    long cells = 0;
    for (NoncedMutation mutation : mutations) {
      requests.touched(mutation.mutation().getRow());
      cells += mutation.mutation().size();
    }
    requests.countWrites(mutations.size(), cells);
  }

  @Override
  public Result mutateRow(List<Mutation> mutations, long nonceGroup, long nonce, Waiting waiting)
      throws IOException {
    checkServing();
    Result result;
    try {
      result = writer.mutateRow(mutations, nonceGroup, nonce, waiting);
    } catch (IOException e) {
      countWrites(mutations);
      throw e;
    }
    countWrites(mutations);
    countKinds(mutations);
    return result;
  }

  @Override
  public CheckAndMutateResult checkAndMutate(CheckAndMutate checkAndMutate, long nonceGroup, long nonce,
      Waiting waiting) throws IOException {
    checkServing();
    CheckAndMutateResult result = conditional.apply(checkAndMutate, nonceGroup, nonce, waiting);
    // The condition's read counted itself; the action's mutations count only when they were applied.
    if (result.isSuccess()) {
      List<Mutation> applied = checkAndMutate.getAction() instanceof RowMutations rowMutations
          ? rowMutations.getMutations() : List.of((Mutation) checkAndMutate.getAction());
      countWrites(applied);
      countKinds(applied);
    }
    return result;
  }

  private void countWrites(List<Mutation> mutations) {
    long cells = 0;
    for (Mutation mutation : mutations) {
      cells += mutation.size();
    }
    requests.countWrites(mutations.size(), cells);
    if (!mutations.isEmpty()) {
      requests.touched(mutations.get(0).getRow());
    }
  }

  private TableCursor openCursor(ReadSpec spec, RowRange range, Waiting waiting, boolean resumable)
      throws StorageException {
    return table.storage().openCursor(spec.familyNames(), range, waiting, resumable);
  }

  private void checkServing() throws NotServingRegionException {
    if (!table.isEnabled()) {
      throw new NotServingRegionException(info.getRegionNameAsString() + " is not online: table "
          + table.name() + " is disabled");
    }
  }

  private void checkRow(byte[] row) throws WrongRegionException {
    if (!tablet.contains(row)) {
      throw new WrongRegionException("Requested row out of range for " + info.getRegionNameAsString()
          + ": row " + Bytes.toStringBinary(row));
    }
  }

  private static byte[] max(byte[] a, byte[] b) {
    return Bytes.compareTo(a, b) >= 0 ? a : b;
  }

  /** The lower of two exclusive end bounds, where empty means unbounded. */
  private static byte[] minEnd(byte[] a, byte[] b) {
    if (a.length == 0) {
      return b;
    }
    if (b.length == 0) {
      return a;
    }
    return Bytes.compareTo(a, b) <= 0 ? a : b;
  }

  /** A tablet's scanner, counting each batch toward the tablet's requests and offering its rows to sampling. */
  private static final class CountingScanner implements RegionScanner {
    private final RegionScanner scanner;
    private final TabletRequests requests;

    CountingScanner(RegionScanner scanner, TabletRequests requests) {
      this.scanner = scanner;
      this.requests = requests;
    }

    @Override
    public RegionInfo region() {
      return scanner.region();
    }

    @Override
    public Batch next(ScanLimits limits, Waiting waiting) throws IOException {
      Batch batch = scanner.next(limits, waiting);
      requests.countScan();
      requests.countReads(batch.readRequests(), batch.filteredRows());
      for (Result result : batch.results()) {
        if (!result.isEmpty()) {
          Cell first = result.rawCells()[0];
          requests.touched(first.getRowArray(), first.getRowOffset(), first.getRowLength());
        }
      }
      return batch;
    }

    @Override
    public boolean readsWithoutWaiting() {
      return scanner.readsWithoutWaiting();
    }

    @Override
    public void close() {
      scanner.close();
    }
  }
}
