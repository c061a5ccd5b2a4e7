package io.basalt.hbase.read;

import io.basalt.storage.data.Waiting;
import io.basalt.storage.errors.WouldBlockException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.KeyValueUtil;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.filter.Filter;

/**
 * Scans the rows of a {@link RowSource} through a {@link RowReader} and the row-level part of the filter
 * ({@code filterAllRemaining}, {@code filterRowKey}, {@code filterRowCells}, {@code filterRow}, {@code reset}), and
 * cuts what it finds into Results: whole rows, or pieces of at most {@code batch} cells, or pieces ended by the
 * byte limit when the client reassembles rows. Looks one row ahead so that the batch which empties the region says
 * so, sparing the client a round trip.
 *
 * <p>A scanner opened refusing to wait reads from a source that does not wait either. A forward scan without a
 * filter can then undo a batch that would have waited (the filter's state could not be undone): the batch is run
 * again allowed to wait, and the source turns into one that waits, over the same state of the data, from the row
 * after the last one the scanner examined. Every other scan makes that change between batches, once a batch is
 * allowed to wait.
 */
public final class RowScanner implements RegionScanner {
  private final RegionInfo region;
  private final RowSource source;
  private final RowReader reader;
  private final Filter filter;
  private final boolean joinedFamilies;
  private final int batch;
  private List<Cell> pending = List.of();
  private int pendingOffset;
  private boolean rowPending;
  private boolean exhausted;
  private boolean filterDone;
  private byte[] lastRow;
  /** Rows dropped since the current batch began. */
  private int filteredRows;
  /** Whether a batch has been read; an unread scanner is simply closed if its first batch would wait. */
  private boolean started;
  /** A batch was undone after the source had moved: it must resume before it is read again. */
  private boolean positionLost;
  /** How long a batch refusing to wait may take before it gives up; not timing batches that may wait. */
  private final BatchBudget budget;

  /** @param batch most cells per Result, or 0 for whole rows */
  public RowScanner(RegionInfo region, RowSource source, ReadSpec spec, int batch) {
    this(region, source, spec, batch, BatchBudget.ofThreadCpu());
  }

  RowScanner(RegionInfo region, RowSource source, ReadSpec spec, int batch, BatchBudget budget) {
    this.budget = budget;
    this.region = region;
    this.source = source;
    this.reader = new RowReader(spec);
    this.filter = spec.filter();
    this.joinedFamilies = spec.hasJoinedFamilies();
    this.batch = batch;
  }

  @Override
  public RegionInfo region() {
    return region;
  }

  /**
   * The next Results. A filter or comparator that throws (a LongComparator meeting a value that is not 8 bytes,
   * say) fails the read for good: the same cells would fail it again on every retry.
   */
  @Override
  public Batch next(ScanLimits limits, Waiting waiting) throws IOException {
    try {
      if (waiting == Waiting.ALLOWED) {
        goOnBlocking();
        started = true;
        budget.stop();
        return read(limits);
      }
      if (!readsWithoutWaiting()) {
        throw new WouldBlockException("the scanner of " + region.getRegionNameAsString() + " reads where it may wait");
      }
      started = true;
      Place place = new Place(pending, pendingOffset, exhausted, filterDone, lastRow);
      budget.start(System.nanoTime(), limits.maxResults() > 1);
      try {
        return read(limits);
      } catch (WouldBlockException e) {
        if (canUndoBatch()) {
          goBackTo(place);
        }
        throw e;
      }
    } catch (WouldBlockException e) {
      throw e; // not a failure: the read runs again where it may wait
    } catch (RuntimeException e) {
      throw new DoNotRetryIOException("reading " + region.getRegionNameAsString() + " failed: " + e, e);
    }
  }

  /**
   * Whether the next batch may run refusing to wait: the first always (if it would wait, the scanner is closed
   * and the scan opened again, allowed to wait), later ones only if they can be undone.
   */
  @Override
  public boolean readsWithoutWaiting() {
    return !positionLost && source.readsWithoutWaiting() && (!started || canUndoBatch());
  }

  private boolean canUndoBatch() {
    return filter == null && !source.isReversed() && source.canResumeBlocking();
  }

  /** The scanner's state between batches, minus the source's position, which follows from {@code lastRow}. */
  private record Place(List<Cell> pending, int pendingOffset, boolean exhausted, boolean filterDone,
      byte[] lastRow) {}

  private void goBackTo(Place place) {
    pending = place.pending();
    pendingOffset = place.pendingOffset();
    exhausted = place.exhausted();
    filterDone = place.filterDone();
    lastRow = place.lastRow();
    rowPending = false; // found again when the source resumes
    positionLost = true;
  }

  /**
   * Turns a source that reads without waiting into one that waits, placed after the last row examined: every row
   * before it was returned or dropped, a row still pending in part is held here, and the row the source had moved
   * on to (if any) is found again. Forwards only: backwards a source resumes at or before a row, never just
   * before it.
   */
  private void goOnBlocking() throws IOException {
    if (!source.canResumeBlocking() || source.isReversed() || exhausted) {
      return;
    }
    rowPending = false;
    source.resumeBlocking(lastRow == null ? null : Arrays.copyOf(lastRow, lastRow.length + 1));
    positionLost = false;
  }

  private Batch read(ScanLimits limits) throws IOException {
    List<Result> results = new ArrayList<>();
    long bytes = 0;
    int completeRows = 0;
    boolean heartbeat = false;
    int emptySearches = 0;
    filteredRows = 0;
    while (results.size() < limits.maxResults() && completeRows < limits.maxCompleteRows()
        && bytes < limits.maxBytes()) {
      if (pendingOffset >= pending.size()) {
        if (limits.deadlineNanos() != 0 && limits.pastDeadline(System.nanoTime())) {
          heartbeat = true;
          break;
        }
        int filteredBefore = filteredRows;
        RowOutcome outcome = nextVisibleRow(limits);
        if (outcome != RowOutcome.ROW) {
          // HBase's scanner would have been called for this search too, unless it already knew, when it returned
          // the last row, that no other followed.
          if (outcome == RowOutcome.DEADLINE || results.isEmpty() || filteredRows > filteredBefore) {
            emptySearches = 1;
          }
          heartbeat = outcome == RowOutcome.DEADLINE;
          break;
        }
      }
      int end = pieceEnd(pending.size(), pendingOffset, batch);
      // A filter that judges whole rows keeps rows whole: HBase then checks the byte limit between rows only.
      if (limits.partialRowsAllowed() && (filter == null || !filter.hasFilterRow())) {
        // Cut after the cell that reaches the byte limit, as HBase does between cells.
        for (int i = pendingOffset; i < end; i++) {
          bytes += sizeOf(pending.get(i));
          if (bytes >= limits.maxBytes()) {
            end = i + 1;
            break;
          }
        }
      } else {
        for (int i = pendingOffset; i < end; i++) {
          bytes += sizeOf(pending.get(i));
        }
      }
      List<Cell> piece = pending.subList(pendingOffset, end);
      pendingOffset = end;
      boolean moreCellsInRow = pendingOffset < pending.size();
      List<Cell> cells = new ArrayList<>(piece);
      if (joinedFamilies) {
        // Essential families come first in the pending row; each Result is in cell order, as HBase sorts it.
        cells.sort(CellComparator.getInstance());
      }
      results.add(Result.create(cells, null, false, moreCellsInRow));
      if (!moreCellsInRow) {
        completeRows++;
      }
    }
    boolean more = pendingOffset < pending.size() || (!filterDone && advance());
    return new Batch(results, more, heartbeat && more, filterDone, lastRow, results.size() + emptySearches,
        filteredRows);
  }

  private enum RowOutcome { ROW, NONE, DEADLINE }

  /** Finds the next row the filter keeps and makes it pending. */
  private RowOutcome nextVisibleRow(ScanLimits limits) throws IOException {
    while (true) {
      if (filter != null && filter.filterAllRemaining()) {
        filterDone = true;
        return RowOutcome.NONE;
      }
      if (!advance()) {
        return RowOutcome.NONE;
      }
      // One clock read serves both limits: clock reads per row had been a percent of a 100-row scan's server CPU.
      long now = budget.timing() || limits.deadlineNanos() != 0 ? System.nanoTime() : 0;
      if (budget.spent(now)) {
        throw new WouldBlockException("a batch of " + region.getRegionNameAsString() + " takes too long for a "
            + "thread that must not wait");
      }
      if (limits.pastDeadline(now)) {
        return RowOutcome.DEADLINE; // the row stays pending for the next call
      }
      rowPending = false;
      lastRow = source.row();
      if (filter != null && filter.filterRowKey(KeyValueUtil.createFirstOnRow(lastRow))) {
        filteredRows++;
        // As HBase: a filter that rejects the row key and then wants nothing more ends the region at once.
        boolean regionDone = filter.filterAllRemaining();
        if (!regionDone && !source.isReversed()) {
          // Forwards, HBase passes over a rejected row by reading through it, so the filter still sees its cells
          // (a WhileMatchFilter may trip on them); the cells are dropped. Backwards it seeks past the row unread.
          regionDone = reader.readRow(source).allFamiliesDone();
        }
        filter.reset();
        if (regionDone) {
          exhausted = true;
          filterDone = filter.filterAllRemaining();
          return RowOutcome.NONE;
        }
        continue;
      }
      RowReader.Row row = reader.readRow(source);
      List<Cell> cells = row.cells();
      boolean keep = !cells.isEmpty();
      if (keep && filter != null) {
        if (filter.hasFilterRow()) {
          filter.filterRowCells(cells);
          // filterRow is asked only when cells remain; a row emptied here may still gain on-demand families.
          keep = cells.isEmpty() || !filter.filterRow();
        } else {
          keep = !filter.filterRow();
        }
      }
      boolean familiesDone = row.allFamiliesDone();
      if (keep && joinedFamilies) {
        // The row passed on its essential families; now read the rest into it, through the same filter.
        source.rewindFamilies();
        RowReader.Row joined = reader.readJoinedFamilies(source);
        cells = new ArrayList<>(cells);
        cells.addAll(joined.cells());
        familiesDone = joined.allFamiliesDone();
      }
      if (familiesDone) {
        exhausted = true; // every family's reading has ended: nothing more in this region
      }
      if (filter != null) {
        filter.reset();
        // Once reset for the next row the filter may still want nothing more: then the whole scan is over.
        filterDone = filter.filterAllRemaining();
      }
      if (keep && !cells.isEmpty()) {
        pending = cells;
        pendingOffset = 0;
        return RowOutcome.ROW;
      }
      filteredRows++;
      if (filterDone || exhausted) {
        return RowOutcome.NONE;
      }
    }
  }

  /** Positions on the next row unless one is already waiting; false when the region is exhausted. */
  private boolean advance() throws IOException {
    if (!rowPending && !exhausted) {
      rowPending = source.nextRow();
      exhausted = !rowPending;
    }
    return rowPending;
  }

  /**
   * Where the next piece of a row ends: after at most {@code batch} cells, or at the row's end. Compared as a count
   * of cells left, never as {@code offset + batch}, which overflows for CopyTable's batch of
   * {@code Integer.MAX_VALUE} once a size limit has cut the row.
   */
  static int pieceEnd(int rowSize, int offset, int batch) {
    return batch > 0 && rowSize - offset > batch ? offset + batch : rowSize;
  }

  /** Bytes a cell counts for against the response size limit: its serialized form and length prefix. */
  private static long sizeOf(Cell cell) {
    return cell.getSerializedSize() + Integer.BYTES;
  }

  @Override
  public void close() {
    source.close();
  }
}
