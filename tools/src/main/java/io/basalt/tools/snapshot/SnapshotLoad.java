package io.basalt.tools.snapshot;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.client.RegionInfo;

/**
 * Loads a snapshot's regions into the created table, a few at a time: for each, its files (halves written for its
 * references), then HBase's bulk load of them in {@link LoadLayers}' order, then its halves removed. Regions are
 * loaded one per call so that progress is counted in regions, and so that a failure stops the import knowing which
 * regions were loaded whole (a region's load is atomic where its files' time ranges allow it one call).
 */
final class SnapshotLoad {
  /** A region of the snapshot and its files, as found under the export root. */
  record RegionToLoad(RegionInfo info, List<SnapshotFile> files) {
    /** The bytes the server reads for the region: a reference counts half its parent's file. */
    long bytes() {
      return files.stream().mapToLong(file -> file.isReference() ? file.size() / 2 : file.size()).sum();
    }
  }

  /** A load that stopped part way; {@link #loaded()} regions had been loaded whole. */
  static final class PartialLoadException extends IOException {
    private static final long serialVersionUID = 1L;
    private final int loaded;

    PartialLoadException(int loaded, Throwable cause) {
      super(cause.getMessage(), cause);
      this.loaded = loaded;
    }

    int loaded() {
      return loaded;
    }
  }

  private final RegionFiles regionFiles;
  private final RegionLoader loader;
  private final int threads;

  SnapshotLoad(RegionFiles regionFiles, RegionLoader loader, int threads) {
    this.regionFiles = regionFiles;
    this.loader = loader;
    this.threads = threads;
  }

  /**
   * Loads every region; returns them as loaded, in the given order. After a region fails no other region starts;
   * those already loading finish (a load stopped half way would leave its region partly loaded), and then the
   * failure is thrown with the count of regions loaded whole.
   */
  List<CellCountCheck.LoadedRegion> loadAll(List<RegionToLoad> regions, ImportProgress progress)
      throws PartialLoadException {
    ExecutorService pool = Executors.newFixedThreadPool(threads, runnable -> {
      Thread thread = new Thread(runnable, "import-region");
      thread.setDaemon(true);
      return thread;
    });
    AtomicBoolean failed = new AtomicBoolean();
    try {
      List<Future<CellCountCheck.LoadedRegion>> loads = new ArrayList<>();
      for (RegionToLoad region : regions) {
        loads.add(pool.submit(() -> failed.get() ? null : loadOrStop(region, progress, failed)));
      }
      List<CellCountCheck.LoadedRegion> loaded = new ArrayList<>();
      Throwable failure = null;
      for (Future<CellCountCheck.LoadedRegion> load : loads) {
        try {
          loaded.add(load.get());
        } catch (ExecutionException e) {
          failure = failure == null ? e.getCause() : failure;
        }
      }
      if (failure != null) {
        throw new PartialLoadException(progress.regionsDone(), failure);
      }
      return loaded;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      failed.set(true);
      throw new PartialLoadException(progress.regionsDone(), e);
    } finally {
      pool.shutdown();
    }
  }

  private CellCountCheck.LoadedRegion loadOrStop(RegionToLoad region, ImportProgress progress, AtomicBoolean failed)
      throws IOException {
    try {
      return load(region, progress);
    } catch (IOException | RuntimeException e) {
      failed.set(true);
      throw e;
    }
  }

  private CellCountCheck.LoadedRegion load(RegionToLoad region, ImportProgress progress) throws IOException {
    String name = region.info().getEncodedName();
    List<LoadFile> files = regionFiles.prepare(name, region.files());
    try {
      List<Map<byte[], List<Path>>> layers = LoadLayers.of(files);
      loader.load(layers);
    } finally {
      regionFiles.remove(files);
    }
    long cells = files.stream().mapToLong(LoadFile::cells).sum();
    progress.regionDone(region.bytes(), cells);
    return new CellCountCheck.LoadedRegion(name, region.info().getStartKey(), region.info().getEndKey(),
        region.files(), cells);
  }
}
