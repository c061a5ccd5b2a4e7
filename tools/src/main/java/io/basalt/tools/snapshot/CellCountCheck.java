package io.basalt.tools.snapshot;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.filter.KeyOnlyFilter;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Checks an import by counting cells: for each region, the cells the snapshot's files hold (their entry counts,
 * each reference's half as written) against a raw scan of every version of the region's rows in the table (delete
 * markers included, values left out). Where a region's counts differ, its files are read cell by cell
 * ({@link ExactCellCount}) to tell the differences HBase's own reads would show (equal cells in two files, cells
 * past their TTL) from a loss, which alone fails the check.
 */
final class CellCountCheck {
  /** One region as loaded: its keys, its snapshot files, and the cells its load files held. */
  record LoadedRegion(String name, byte[] start, byte[] end, List<SnapshotFile> files, long fileCells) {}

  private final Connection connection;
  private final TableName table;
  private final ExactCellCount exact;
  private final int threads;
  private final PrintStream out;

  CellCountCheck(Connection connection, TableName table, ExactCellCount exact, int threads, PrintStream out) {
    this.connection = connection;
    this.table = table;
    this.exact = exact;
    this.threads = threads;
    this.out = out;
  }

  /** Prints the counts and what explains any difference; true when nothing is missing or extra. */
  boolean verify(List<LoadedRegion> regions) throws IOException {
    long started = System.nanoTime();
    List<Long> tableCounts = countAll(regions);
    long files = 0;
    long inTable = 0;
    long duplicates = 0;
    long expired = 0;
    List<String> failures = new ArrayList<>();
    for (int i = 0; i < regions.size(); i++) {
      LoadedRegion region = regions.get(i);
      long count = tableCounts.get(i);
      files += region.fileCells();
      inTable += count;
      if (count == region.fileCells()) {
        continue;
      }
      ExactCellCount.Count cells = exact.of(region.files(), System.currentTimeMillis());
      duplicates += cells.files() - cells.distinct();
      expired += cells.expired();
      if (cells.files() != region.fileCells() || count > cells.distinct()
          || count < cells.distinct() - cells.expired()) {
        failures.add(String.format(Locale.ROOT, "region %s [%s, %s): the table holds %,d cells, its files %,d"
            + " (%,d once equal cells are taken once, %,d of them past their TTL)", region.name(),
            Bytes.toStringBinary(region.start()), Bytes.toStringBinary(region.end()), count, region.fileCells(),
            cells.distinct(), cells.expired()));
      }
    }
    out.printf(Locale.ROOT, "cells: the snapshot's files hold %,d, the table %,d (raw, every version; counted in"
        + " %.1f s)%n", files, inTable, (System.nanoTime() - started) / 1e9);
    if (duplicates > 0) {
      out.printf(Locale.ROOT, "  %s of the files repeat%s another's row, column, timestamp and type: one cell"
          + " each, on HBase as in the table%n", cells(duplicates), duplicates == 1 ? "s" : "");
    }
    if (expired > 0) {
      out.printf(Locale.ROOT, "  %s of the files %s past %s TTL: scans leave %s out, on HBase too%n",
          cells(expired), expired == 1 ? "is" : "are", expired == 1 ? "its" : "their", expired == 1 ? "it" : "them");
    }
    if (failures.isEmpty()) {
      out.println("VERIFIED: every cell of the snapshot is in the table");
      return true;
    }
    out.println("MISMATCH: the table does not hold the snapshot's cells in " + failures.size() + " region(s):");
    failures.forEach(failure -> out.println("  " + failure));
    return false;
  }

  private static String cells(long count) {
    return String.format(Locale.ROOT, "%,d %s", count, count == 1 ? "cell" : "cells");
  }

  private List<Long> countAll(List<LoadedRegion> regions) throws IOException {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<Long>> counts = new ArrayList<>();
      for (LoadedRegion region : regions) {
        counts.add(pool.submit(() -> count(region.start(), region.end())));
      }
      List<Long> results = new ArrayList<>();
      for (Future<Long> count : counts) {
        results.add(count.get());
      }
      return results;
    } catch (ExecutionException e) {
      throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while counting the table's cells", e);
    } finally {
      pool.shutdownNow();
    }
  }

  /** Every cell of the rows in [start, end), delete markers and every version included. */
  private long count(byte[] start, byte[] end) throws IOException {
    Scan scan = new Scan().withStartRow(start).withStopRow(end).setRaw(true).readAllVersions()
        .setFilter(new KeyOnlyFilter()).setAllowPartialResults(true).setCaching(10_000);
    long cells = 0;
    try (Table target = connection.getTable(table); ResultScanner scanner = target.getScanner(scan)) {
      for (Result result : scanner) {
        cells += result.size();
      }
    }
    return cells;
  }
}
