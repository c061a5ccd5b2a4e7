package io.basalt.tools.snapshot;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.RegionInfoBuilder;

/**
 * Exports the frozen table's regions a few at a time, each under a region info of the exported table with the
 * clone's boundaries and region id (so the region names in the export are those of a table of the table's own
 * name). After a region fails no other region starts and those running stop at their next batch of rows, closing
 * their files; then the first failure is thrown, and the export's rollback removes what was written.
 */
final class TableExport {
  private final RegionExport regionExport;
  private final TableName table;
  private final int threads;

  TableExport(RegionExport regionExport, TableName table, int threads) {
    this.regionExport = regionExport;
    this.table = table;
    this.threads = threads;
  }

  /** Exports every region of the clone; returns them as exported, in key order. */
  List<RegionExport.ExportedRegion> exportAll(List<RegionInfo> cloneRegions, ExportProgress progress)
      throws IOException {
    ExecutorService pool = Executors.newFixedThreadPool(threads, runnable -> {
      Thread thread = new Thread(runnable, "export-region");
      thread.setDaemon(true);
      return thread;
    });
    AtomicBoolean failed = new AtomicBoolean();
    AtomicReference<Throwable> firstFailure = new AtomicReference<>();
    List<Future<RegionExport.ExportedRegion>> exports = new ArrayList<>();
    for (RegionInfo region : cloneRegions) {
      exports.add(pool.submit(() -> exportOrStop(region, progress, failed, firstFailure)));
    }
    pool.shutdown();
    List<RegionExport.ExportedRegion> exported = new ArrayList<>();
    boolean interrupted = false;
    for (Future<RegionExport.ExportedRegion> export : exports) {
      while (true) {
        try {
          RegionExport.ExportedRegion region = export.get();
          if (region != null) {
            exported.add(region);
          }
          break;
        } catch (ExecutionException e) {
          // Kept if it is the first; the regions failing after it are mostly those stopped because of it.
          firstFailure.compareAndSet(null, e.getCause());
          break;
        } catch (InterruptedException e) {
          // Stop the others, and still wait for every running region to close its files before the rollback.
          interrupted = true;
          failed.set(true);
        }
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while exporting the regions of " + table);
    }
    Throwable failure = firstFailure.get();
    if (failure instanceof IOException io) {
      throw io;
    }
    if (failure != null) {
      throw new ExportException(failure.toString(), failure);
    }
    return exported;
  }

  private RegionExport.ExportedRegion exportOrStop(RegionInfo region, ExportProgress progress, AtomicBoolean failed,
      AtomicReference<Throwable> firstFailure) throws IOException {
    if (failed.get()) {
      return null;
    }
    try {
      RegionExport.ExportedRegion exported = regionExport.export(region, exportedInfo(region), failed::get);
      progress.regionDone(exported);
      return exported;
    } catch (IOException | RuntimeException | Error e) {
      if (failed.compareAndSet(false, true)) {
        firstFailure.set(e);
      }
      throw e;
    }
  }

  /** The clone's region as a region of the exported table: same boundaries and region id. */
  private RegionInfo exportedInfo(RegionInfo region) {
    return RegionInfoBuilder.newBuilder(table)
        .setStartKey(region.getStartKey())
        .setEndKey(region.getEndKey())
        .setRegionId(region.getRegionId())
        .build();
  }
}
