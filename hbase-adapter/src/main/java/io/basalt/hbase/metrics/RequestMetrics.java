package io.basalt.hbase.metrics;

import io.basalt.hbase.keyviz.KeyVisualizer;
import java.util.Collection;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.PrivateCellUtil;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Append;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Row;
import org.apache.hadoop.hbase.client.RowMutations;

/**
 * What the region server's request handlers measure, in HBase's terms: the time of each get, put, delete, increment,
 * append, check-and-mutate and scan call, server-wide and per table ({@link TableRequestMetrics}); the calls by
 * kind ({@code rpcGetRequestCount}...); the conditions that passed and failed; the operations slower than a second
 * ({@code slowGetCount}...); and the rows read and mutations written as rates. Times are whole milliseconds, as HBase
 * measures them. Recording allocates nothing once a table has been seen.
 */
public final class RequestMetrics {
  /** HBase counts an operation as slow ({@code slowPutCount}...) past {@code hbase.metrics.slowMetricTime}: 1 s. */
  static final long SLOW_MILLIS = 1000;

  private final long intervalMillis;
  private final KeyVisualizer keys;
  private final Map<TableName, TableRequestMetrics> tables = new ConcurrentHashMap<>();
  final OperationTimes times;
  private final Map<Operation, LongAdder> slow = new EnumMap<>(Operation.class);
  final LongAdder rpcGets = new LongAdder();
  final LongAdder rpcScans = new LongAdder();
  final LongAdder rpcFullScans = new LongAdder();
  final LongAdder rpcMultis = new LongAdder();
  final LongAdder rpcMutates = new LongAdder();
  final LongAdder checksPassed = new LongAdder();
  final LongAdder checksFailed = new LongAdder();
  final QueryMeter reads = new QueryMeter();
  final QueryMeter writes = new QueryMeter();

  /** Metrics without a Key Visualizer; see {@link #RequestMetrics(long, KeyVisualizer)}. */
  public RequestMetrics(long intervalMillis) {
    this(intervalMillis, null);
  }

  /**
   * @param intervalMillis how long a histogram's interval lasts at least (see {@link OperationHistogram})
   * @param keys where sampled requests' rows go, or null
   */
  public RequestMetrics(long intervalMillis, KeyVisualizer keys) {
    this.intervalMillis = intervalMillis;
    this.keys = keys;
    this.times = new OperationTimes(true, intervalMillis);
    for (Operation operation : Operation.values()) {
      if (operation.slowCountName != null) {
        slow.put(operation, new LongAdder());
      }
    }
  }

  public void getCall() {
    rpcGets.increment();
  }

  public void mutateCall() {
    rpcMutates.increment();
  }

  public void multiCall() {
    rpcMultis.increment();
  }

  /** Any scan call: opening, reading, renewing or closing. */
  public void scanCall() {
    rpcScans.increment();
  }

  /** A scan call of a scanner whose range covers its whole region, which HBase counts apart too. */
  public void fullRegionScanCall() {
    rpcFullScans.increment();
  }

  /** A get of {@code row} that started at {@code startNanos} and found {@code result}. */
  public void get(RegionInfo region, long startNanos, byte[] row, Result result) {
    long nanos = System.nanoTime() - startNanos;
    timed(Operation.GET, region, nanos / 1_000_000);
    if (sampled(region)) {
      keys.record(region.getTable(), row, cellBytes(result), 0, nanos);
    }
  }

  /** A Put, Delete, Increment or Append applied alone (a Mutate call, or a Multi's increment or append). */
  public void mutation(RegionInfo region, long startNanos, Mutation mutation) {
    long nanos = System.nanoTime() - startNanos;
    Operation operation = mutation instanceof Put ? Operation.PUT : mutation instanceof Delete ? Operation.DELETE
        : mutation instanceof Increment ? Operation.INCREMENT : mutation instanceof Append ? Operation.APPEND : null;
    if (operation != null) {
      timed(operation, region, nanos / 1_000_000);
    }
    mutationsWritten(region, 1);
    recordWrite(region, mutation, nanos);
  }

  /**
   * A check-and-mutate, {@code passed} when its condition held: timed as a check-and-mutate, and also as a
   * check-and-put or check-and-delete when its action is a put or delete, as HBase times it.
   */
  public void checkAndMutate(RegionInfo region, long startNanos, CheckAndMutate checkAndMutate, boolean passed) {
    long nanos = System.nanoTime() - startNanos;
    long millis = nanos / 1_000_000;
    Row action = checkAndMutate.getAction();
    timed(Operation.CHECK_AND_MUTATE, region, millis);
    if (action instanceof Put) {
      timed(Operation.CHECK_AND_PUT, region, millis);
    } else if (action instanceof Delete) {
      timed(Operation.CHECK_AND_DELETE, region, millis);
    }
    (passed ? checksPassed : checksFailed).increment();
    if (passed) {
      mutationsWritten(region, action instanceof RowMutations rowMutations ? rowMutations.getMutations().size() : 1);
    }
    if (sampled(region)) {
      keys.record(region.getTable(), checkAndMutate.getRow(), 0,
          passed && action instanceof Mutation mutation ? cellBytes(mutation) : 0, nanos);
    }
  }

  /**
   * Puts and deletes applied together in one region (a Multi's batch, or an atomic row mutation): HBase times the
   * batch once for each of the two kinds it holds.
   */
  public void mutationBatch(RegionInfo region, long startNanos, List<? extends Mutation> mutations) {
    long nanos = System.nanoTime() - startNanos;
    boolean puts = false;
    boolean deletes = false;
    for (Mutation mutation : mutations) {
      puts |= mutation instanceof Put;
      deletes |= mutation instanceof Delete;
      recordWrite(region, mutation, nanos);
    }
    mutationsWritten(region, mutations.size());
    if (puts) {
      timed(Operation.PUT_BATCH, region, nanos / 1_000_000);
    }
    if (deletes) {
      timed(Operation.DELETE_BATCH, region, nanos / 1_000_000);
    }
  }

  /** A scan call that started at {@code startNanos} and returned {@code results}, of {@code cellBytes} in all. */
  public void scan(RegionInfo region, long startNanos, List<Result> results, long cellBytes) {
    long nanos = System.nanoTime() - startNanos;
    timed(Operation.SCAN_TIME, region, nanos / 1_000_000);
    timed(Operation.SCAN_SIZE, region, cellBytes);
    if (keys != null && !region.isMetaRegion()) {
      for (Result result : results) {
        if (KeyVisualizer.sample() && !result.isEmpty()) {
          keys.record(region.getTable(), result.getRow(), cellBytes(result), 0, nanos);
        }
      }
    }
  }

  /** Rows read for a client, for the read query rates. */
  public void rowsRead(RegionInfo region, long rows) {
    reads.mark(rows);
    table(region).reads.mark(rows);
  }

  /** Operations slower than a second, by HBase's name for their count. */
  void writeSlowCounts(MetricsOutput out) {
    slow.forEach((operation, count) -> out.counter(operation.slowCountName, count.sum()));
  }

  /** The per-table records, one for each table served since start that is still served. */
  Collection<TableRequestMetrics> tables() {
    return tables.values();
  }

  /** Forgets the tables no longer served, so a dropped table's bean goes with it. */
  void retainTables(Set<TableName> served) {
    tables.keySet().retainAll(served);
  }

  private void timed(Operation operation, RegionInfo region, long value) {
    times.update(operation, value);
    table(region).times.update(operation, value);
    LongAdder slowCount = slow.get(operation);
    if (slowCount != null && value > SLOW_MILLIS) {
      slowCount.increment();
    }
  }

  /** Whether to give this request to the Key Visualizer: sampled, and of a table (hbase:meta is computed). */
  private boolean sampled(RegionInfo region) {
    return keys != null && !region.isMetaRegion() && KeyVisualizer.sample();
  }

  private void recordWrite(RegionInfo region, Mutation mutation, long nanos) {
    if (sampled(region)) {
      keys.record(region.getTable(), mutation.getRow(), 0, cellBytes(mutation), nanos);
    }
  }

  private static long cellBytes(Result result) {
    Cell[] cells = result.rawCells();
    if (cells == null) {
      return 0; // an empty Result has no cell array at all
    }
    long bytes = 0;
    for (Cell cell : cells) {
      bytes += PrivateCellUtil.estimatedSerializedSizeOf(cell);
    }
    return bytes;
  }

  private static long cellBytes(Mutation mutation) {
    long bytes = 0;
    for (List<Cell> cells : mutation.getFamilyCellMap().values()) {
      for (Cell cell : cells) {
        bytes += PrivateCellUtil.estimatedSerializedSizeOf(cell);
      }
    }
    return bytes;
  }

  /** Mutations written, for the write query rates. */
  private void mutationsWritten(RegionInfo region, long mutations) {
    writes.mark(mutations);
    table(region).writes.mark(mutations);
  }

  private TableRequestMetrics table(RegionInfo region) {
    TableRequestMetrics table = tables.get(region.getTable());
    if (table == null) {
      table = tables.computeIfAbsent(region.getTable(), name -> new TableRequestMetrics(name, intervalMillis));
    }
    return table;
  }
}
