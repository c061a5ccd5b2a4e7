package io.basalt.hbase.stats;

import io.basalt.hbase.compaction.CompactionBacklog;
import java.util.concurrent.atomic.LongAdder;

/**
 * The requests one tablet (HBase region) has served since the server started, counted as HBase counts them: read
 * requests (one per Result a get or scan produces, see {@code RegionScanner.Batch}), filtered reads (rows read and
 * dropped), write requests (one per mutation), and the operations by kind as HBase's region metrics count them. Also
 * what a load-based splitter needs: the recent request rate and a sample of the rows requests touched; and the
 * tablet's {@link CompactionBacklog}, which decides when it is due a compaction. Counting is a few {@link LongAdder}
 * additions and a random draw, cheap enough for every request.
 */
public final class TabletRequests {
  /** The rate window: one minute of once-a-second samples. */
  static final int RATE_SAMPLES = 61;
  static final int SAMPLED_ROWS = 128;
  /** One touched row in this many enters the sample. */
  static final int ROW_SAMPLE_PERIOD = 16;

  private final LongAdder reads = new LongAdder();
  private final LongAdder filteredReads = new LongAdder();
  private final LongAdder writes = new LongAdder();
  private final LongAdder gets = new LongAdder();
  private final LongAdder scans = new LongAdder();
  private final LongAdder puts = new LongAdder();
  private final LongAdder deletes = new LongAdder();
  private final LongAdder increments = new LongAdder();
  private final LongAdder appends = new LongAdder();
  private final CompactionBacklog backlog = new CompactionBacklog();
  private final RequestRate rate = new RequestRate(RATE_SAMPLES);
  private final RowKeySample rows = new RowKeySample(SAMPLED_ROWS, ROW_SAMPLE_PERIOD);

  public void countReads(int readRequests, int filteredRows) {
    reads.add(readRequests);
    if (filteredRows > 0) {
      filteredReads.add(filteredRows);
    }
  }

  /** Counts write requests and the cells they carried (applied or not: the count only paces compactions). */
  public void countWrites(int mutations, long cells) {
    writes.add(mutations);
    backlog.wrote(cells);
  }

  /** Counts one get served, as HBase's region counts its gets ({@code getCount}). */
  public void countGet() {
    gets.increment();
  }

  /** Counts one scan call that read rows, as HBase's region counts them ({@code scanCount}). */
  public void countScan() {
    scans.increment();
  }

  /**
   * Counts one applied batch of mutations by the kinds it held: HBase's region adds one to its {@code putCount} for
   * each batch holding puts, not one per put, and likewise for deletes, increments and appends.
   */
  public void countMutationBatch(boolean put, boolean delete, boolean increment, boolean append) {
    if (put) {
      puts.increment();
    }
    if (delete) {
      deletes.increment();
    }
    if (increment) {
      increments.increment();
    }
    if (append) {
      appends.increment();
    }
  }

  /** Offers a row a request touched to the sample; see {@link RowKeySample#offer(byte[], int, int)}. */
  public void touched(byte[] row, int offset, int length) {
    rows.offer(row, offset, length);
  }

  public void touched(byte[] row) {
    rows.offer(row);
  }

  public long readRequests() {
    return reads.sum();
  }

  public long filteredReadRequests() {
    return filteredReads.sum();
  }

  public long writeRequests() {
    return writes.sum();
  }

  public long gets() {
    return gets.sum();
  }

  public long scans() {
    return scans.sum();
  }

  public long puts() {
    return puts.sum();
  }

  public long deletes() {
    return deletes.sum();
  }

  public long increments() {
    return increments.sum();
  }

  public long appends() {
    return appends.sum();
  }

  public CompactionBacklog compactionBacklog() {
    return backlog;
  }

  /** Read and write requests per second over the last minute. */
  public double requestsPerSecond() {
    return rate.perSecond();
  }

  /** How long {@link #requestsPerSecond()} has been measured over, up to the minute it covers. */
  public long rateSpanMillis() {
    return rate.spanMillis();
  }

  /** Rows recent requests touched. */
  public RowKeySample sampledRows() {
    return rows;
  }

  /** Records the request total for the rate; returns the requests since the previous sample. */
  long sample(long nowMillis) {
    return rate.record(nowMillis, reads.sum() + writes.sum());
  }
}
