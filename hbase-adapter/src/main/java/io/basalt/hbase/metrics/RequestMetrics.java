package io.basalt.hbase.metrics;

import java.util.Collection;
import java.util.EnumMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Append;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionInfo;
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

  /** {@code intervalMillis}: how long a histogram's interval lasts at least (see {@link OperationHistogram}). */
  public RequestMetrics(long intervalMillis) {
    this.intervalMillis = intervalMillis;
    this.times = new OperationTimes(true, intervalMillis);
    for (Operation operation : Operation.values()) {
      if (operation.slowCountName != null) {
        slow.put(operation, new LongAdder());
      }
    }
  }

  /** Milliseconds since {@code startNanos}, a {@link System#nanoTime()} reading. */
  public static long millisSince(long startNanos) {
    return (System.nanoTime() - startNanos) / 1_000_000;
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

  public void get(RegionInfo region, long millis) {
    timed(Operation.GET, region, millis);
  }

  /** A Put, Delete, Increment or Append applied alone (a Mutate call, or a Multi's increment or append). */
  public void mutation(RegionInfo region, long millis, Mutation mutation) {
    Operation operation = mutation instanceof Put ? Operation.PUT : mutation instanceof Delete ? Operation.DELETE
        : mutation instanceof Increment ? Operation.INCREMENT : mutation instanceof Append ? Operation.APPEND : null;
    if (operation != null) {
      timed(operation, region, millis);
    }
    mutationsWritten(region, 1);
  }

  /**
   * A check-and-mutate of {@code action} (a Put, a Delete or RowMutations), {@code passed} when its condition held:
   * timed as a check-and-mutate, and also as a check-and-put or check-and-delete for a put or delete, as HBase times
   * it.
   */
  public void checkAndMutate(RegionInfo region, long millis, Row action, boolean passed) {
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
  }

  /**
   * A batch of puts and deletes applied together in one region (a Multi's, or an atomic row mutation): HBase times
   * the batch once for each of the two kinds it holds.
   */
  public void mutationBatch(RegionInfo region, long millis, boolean puts, boolean deletes, int mutations) {
    mutationsWritten(region, mutations);
    if (puts) {
      timed(Operation.PUT_BATCH, region, millis);
    }
    if (deletes) {
      timed(Operation.DELETE_BATCH, region, millis);
    }
  }

  /** A scan call's time and the bytes of the cells it returned. */
  public void scan(RegionInfo region, long millis, long responseCellBytes) {
    timed(Operation.SCAN_TIME, region, millis);
    timed(Operation.SCAN_SIZE, region, responseCellBytes);
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
