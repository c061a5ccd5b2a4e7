package io.basalt.hbase.region;

import io.basalt.hbase.read.ReadSpec;
import io.basalt.hbase.read.RegionScanner;
import io.basalt.hbase.read.RowScanner;
import io.basalt.hbase.read.ScanLimits;
import io.basalt.hbase.read.TabletRowSource;
import io.basalt.hbase.schema.HBaseTable;
import io.basalt.hbase.write.Durabilities;
import io.basalt.hbase.write.MutationConverter;
import io.basalt.storage.Durability;
import io.basalt.storage.StorageException;
import io.basalt.storage.catalog.TabletDefinition;
import io.basalt.storage.data.RowLocks;
import io.basalt.storage.data.RowMutation;
import io.basalt.storage.data.RowRange;
import io.basalt.storage.data.TableCursor;
import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.NotServingRegionException;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.regionserver.WrongRegionException;
import org.apache.hadoop.hbase.util.Bytes;

/** A user region: one tablet of a table, served from the table's RocksDB column families. */
public final class TabletRegion implements Region {
  private final HBaseTable table;
  private final TabletDefinition tablet;
  private final RegionInfo info;
  private final Clock clock;
  private final MutationConverter converter;

  public TabletRegion(HBaseTable table, TabletDefinition tablet, RegionInfo info, Clock clock) {
    this.table = table;
    this.tablet = tablet;
    this.info = info;
    this.clock = clock;
    this.converter = new MutationConverter(table.descriptor(), info);
  }

  @Override
  public RegionInfo info() {
    return info;
  }

  @Override
  public boolean isOnline() {
    return table.isEnabled();
  }

  @Override
  public Result get(Get get) throws IOException {
    checkServing();
    checkRow(get.getRow());
    ReadSpec spec = ReadSpec.forGet(get, table.descriptor(), info, clock.millis());
    byte[] row = get.getRow();
    try (RegionScanner scanner = new RowScanner(info, new TabletRowSource(
        openCursor(spec, RowRange.forward(row, nextRow(row)))), spec, 0)) {
      List<Result> results = scanner.next(ScanLimits.oneRow()).results();
      return results.isEmpty() ? Result.EMPTY_RESULT : results.get(0);
    } catch (StorageException e) {
      throw StorageErrors.translate(e, info);
    }
  }

  @Override
  public RegionScanner openScanner(Scan scan) throws IOException {
    checkServing();
    ReadSpec spec = ReadSpec.forScan(scan, table.descriptor(), info, clock.millis());
    RowRange range = rangeOf(scan);
    if (range.isEmpty()) {
      return new RowScanner(info, EmptyRowSource.INSTANCE, spec, scan.getBatch());
    }
    try {
      return new RowScanner(info, new TabletRowSource(openCursor(spec, range)), spec, scan.getBatch());
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
  public void mutate(Mutation mutation) throws IOException {
    IOException failure = mutateBatch(List.of(mutation)).get(0);
    if (failure != null) {
      throw failure;
    }
  }

  @Override
  public List<IOException> mutateBatch(List<Mutation> mutations) throws IOException {
    checkServing();
    List<byte[]> rows = new ArrayList<>(mutations.size());
    for (Mutation mutation : mutations) {
      rows.add(mutation.getRow());
    }
    List<IOException> outcomes = new ArrayList<>(mutations.size());
    List<RowMutation> writes = new ArrayList<>(mutations.size());
    Durability durability = Durability.SKIP_LOG;
    long now = clock.millis();
    // All rows stay locked from the reads that resolve delete timestamps until the write is applied.
    try (RowLocks.RowLock ignored = table.storage().lockAll(rows)) {
      for (Mutation mutation : mutations) {
        try {
          checkRow(mutation.getRow());
          writes.add(converter.convert(mutation, now, this::nthNewestTimestamp));
          durability = Durabilities.stronger(durability,
              Durabilities.of(mutation.getDurability(), table.descriptor()));
          outcomes.add(null);
        } catch (IOException e) {
          outcomes.add(e);
        }
      }
      table.storage().writeAll(writes, durability);
    } catch (StorageException e) {
      throw StorageErrors.translate(e, info);
    }
    return outcomes;
  }

  /** Timestamp of the n-th newest visible version of a column, read under the caller's row lock. */
  private Long nthNewestTimestamp(byte[] row, byte[] family, byte[] qualifier, int nth) throws IOException {
    Get get = new Get(row).addColumn(family, qualifier).readVersions(nth);
    List<Cell> cells = get(get).listCells();
    if (cells == null || cells.size() < nth) {
      return null;
    }
    return cells.get(nth - 1).getTimestamp();
  }

  private TableCursor openCursor(ReadSpec spec, RowRange range) throws StorageException {
    return table.storage().openCursor(spec.familyNames(), range);
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
}
