package io.basalt.hbase.meta;

import io.basalt.hbase.cluster.RegionLocations;
import io.basalt.hbase.compaction.CompactionBacklog;
import io.basalt.hbase.compaction.TabletCompaction;
import io.basalt.hbase.read.FamilySchema;
import io.basalt.hbase.read.ReadSpec;
import io.basalt.hbase.read.RegionScanner;
import io.basalt.hbase.read.RowScanner;
import io.basalt.hbase.read.ScanLimits;
import io.basalt.hbase.region.Region;
import io.basalt.hbase.schema.TableDirectory;
import io.basalt.hbase.write.MutationOutcome;
import io.basalt.hbase.write.NoncedMutation;
import io.basalt.storage.data.Waiting;
import java.io.IOException;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.MetaCellComparator;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.CheckAndMutateResult;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;

/**
 * The hbase:meta region, answered from the published tables rather than stored: clients read table state and region
 * locations from it with ordinary Gets and (mostly reversed) Scans. Its rows are rebuilt whenever the tables
 * changes and each read works on one consistent snapshot of them.
 */
public final class MetaRegion implements Region {
  private final TableDirectory tables;
  private final RegionLocations locations;
  private final Clock clock;
  private final CompactionBacklog backlog = new CompactionBacklog();
  private volatile Snapshot snapshot;

  /** The rows as of a version of the tables and of the regions' locations. */
  private record Snapshot(long version, long locationsVersion, List<MetaRows.Row> rows) {}

  public MetaRegion(TableDirectory tables, RegionLocations locations, Clock clock) {
    this.tables = tables;
    this.locations = locations;
    this.clock = clock;
  }

  @Override
  public RegionInfo info() {
    return MetaSchema.REGION;
  }

  @Override
  public FamilySchema families() {
    return MetaSchema.families();
  }

  /** Served by the active master (always, on a single node): a client sent elsewhere looks the master up again. */
  @Override
  public boolean isOnline() {
    return locations.isActiveMaster();
  }

  /** hbase:meta is computed from the tables; it has no files to flush. */
  @Override
  public void flush() {}

  /** Nor any to compact: a compaction of it finds nothing to drop, and is done at once. */
  @Override
  public Optional<TabletCompaction.Outcome> compact(boolean major, byte[] family, BooleanSupplier cancelled) {
    return Optional.of(new TabletCompaction.Outcome(0, 0, 0, true));
  }

  /** Writes to hbase:meta are refused (Basalt maintains it), so its backlog stays empty. */
  @Override
  public CompactionBacklog compactionBacklog() {
    return backlog;
  }

  /** Served from memory: it never waits, whatever {@code waiting} says. */
  @Override
  public Result get(Get get, Waiting waiting) throws IOException {
    ReadSpec spec = ReadSpec.forGet(get, MetaSchema.families(), info(), clock.millis());
    List<MetaRows.Row> rows = rows();
    int index = firstAtOrAfter(rows, get.getRow(), true);
    int end = index < rows.size() && compare(rows.get(index).key(), get.getRow()) == 0 ? index + 1 : index;
    try (RegionScanner scanner = new RowScanner(info(), new MetaRowSource(rows, index, end, false), spec, 0)) {
      List<Result> results = scanner.next(ScanLimits.oneRow(), waiting).results();
      return results.isEmpty() ? Result.EMPTY_RESULT : results.get(0);
    }
  }

  /** Served from memory: its batches never wait. */
  @Override
  public RegionScanner openScanner(Scan scan, Waiting waiting) throws IOException {
    ReadSpec spec = ReadSpec.forScan(scan, MetaSchema.families(), info(), clock.millis());
    List<MetaRows.Row> rows = rows();
    byte[] start = scan.getStartRow();
    byte[] stop = scan.getStopRow();
    int from;
    int to;
    if (scan.isReversed()) {
      // Reversed: the start row is the upper bound, the stop row the lower one.
      to = start.length == 0 ? rows.size() : firstAtOrAfter(rows, start, !scan.includeStartRow());
      from = stop.length == 0 ? 0 : firstAtOrAfter(rows, stop, scan.includeStopRow());
    } else {
      from = start.length == 0 ? 0 : firstAtOrAfter(rows, start, scan.includeStartRow());
      to = stop.length == 0 ? rows.size() : firstAtOrAfter(rows, stop, !scan.includeStopRow());
    }
    return new RowScanner(info(), new MetaRowSource(rows, from, Math.max(from, to), scan.isReversed()), spec,
        scan.getBatch());
  }

  @Override
  public List<MutationOutcome> mutateBatch(List<NoncedMutation> mutations, long nonceGroup, Waiting waiting)
      throws IOException {
    throw readOnly();
  }

  @Override
  public Result mutateRow(List<Mutation> mutations, long nonceGroup, long nonce, Waiting waiting)
      throws IOException {
    throw readOnly();
  }

  @Override
  public CheckAndMutateResult checkAndMutate(CheckAndMutate checkAndMutate, long nonceGroup, long nonce,
      Waiting waiting) throws IOException {
    throw readOnly();
  }

  private static DoNotRetryIOException readOnly() {
    return new DoNotRetryIOException("hbase:meta is maintained by Basalt from its tables and cannot be "
        + "written by clients");
  }

  private List<MetaRows.Row> rows() {
    long version = tables.version();
    long locationsVersion = locations.version();
    Snapshot seen = snapshot;
    if (seen != null && seen.version() == version && seen.locationsVersion() == locationsVersion) {
      return seen.rows();
    }
    return rebuild(version, locationsVersion);
  }

  private synchronized List<MetaRows.Row> rebuild(long version, long locationsVersion) {
    if (snapshot == null || snapshot.version() != version || snapshot.locationsVersion() != locationsVersion) {
      snapshot = new Snapshot(version, locationsVersion, MetaRows.build(tables.all(), locations));
    }
    return snapshot.rows();
  }

  /**
   * Index of the first row at or after {@code key} when {@code inclusive}, or strictly after it otherwise, in
   * hbase:meta order.
   */
  private static int firstAtOrAfter(List<MetaRows.Row> rows, byte[] key, boolean inclusive) {
    int low = 0;
    int high = rows.size();
    while (low < high) {
      int mid = (low + high) >>> 1;
      int c = compare(rows.get(mid).key(), key);
      if (c < 0 || (c == 0 && !inclusive)) {
        low = mid + 1;
      } else {
        high = mid;
      }
    }
    return low;
  }

  private static int compare(byte[] a, byte[] b) {
    return MetaCellComparator.META_COMPARATOR.compareRows(a, b);
  }
}
