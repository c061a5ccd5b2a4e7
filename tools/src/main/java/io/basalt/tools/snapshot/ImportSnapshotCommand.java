package io.basalt.tools.snapshot;

import io.basalt.tools.ProgressLine;
import io.basalt.tools.ToolLogging;
import io.basalt.tools.UsageException;
import io.basalt.tools.copy.Clusters;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.shaded.protobuf.generated.SnapshotProtos.SnapshotRegionManifest;

/**
 * {@code basalt import-snapshot}: creates a table in Basalt from an HBase snapshot exported to a local directory,
 * with the snapshot's schema, region boundaries and cells, and checks it by counting cells. Every file is found
 * before the table is created; a load that fails part way leaves the table for the operator to drop, saying how
 * much of it was loaded. Progress and outcome go to standard output, errors to standard error.
 */
public final class ImportSnapshotCommand {
  static final int EXIT_OK = 0;
  static final int EXIT_FAILED = 1;
  static final int EXIT_USAGE = 2;
  private static final String NAME = "basalt import-snapshot";

  private final ImportOptions options;
  private final PrintStream out;
  private final PrintStream err;

  ImportSnapshotCommand(ImportOptions options, PrintStream out, PrintStream err) {
    this.options = options;
    this.out = out;
    this.err = err;
  }

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** Runs the command line and returns its exit status, without ending the JVM as {@link #main} does. */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    if (Arrays.asList(args).contains("--help") || Arrays.asList(args).contains("-h")) {
      out.println(ImportOptions.USAGE);
      return EXIT_OK;
    }
    ImportOptions options;
    try {
      options = ImportOptions.parse(args);
    } catch (UsageException e) {
      err.println(NAME + ": " + e.getMessage());
      err.println("Try '" + NAME + " --help'.");
      return EXIT_USAGE;
    }
    ToolLogging.quiet(NAME, options.verbose());
    try {
      return new ImportSnapshotCommand(options, out, err).importSnapshot() ? EXIT_OK : EXIT_FAILED;
    } catch (IOException | RuntimeException e) {
      err.println(NAME + ": error: " + e.getMessage());
      if (options.verbose()) {
        e.printStackTrace(err);
      }
      return EXIT_FAILED;
    }
  }

  /** Imports the snapshot; true when imported and, unless told not to check, its cells all counted. */
  private boolean importSnapshot() throws IOException {
    FutureTask<Configuration> cluster = probeCluster();
    try {
      return importSnapshot(cluster);
    } finally {
      cluster.cancel(true);
    }
  }

  private boolean importSnapshot(FutureTask<Configuration> cluster) throws IOException {
    ExportedSnapshot snapshot = ExportedSnapshot.open(options.snapshotDir());
    TableName target = options.table() != null ? options.table() : snapshot.tableName();
    List<SnapshotLoad.RegionToLoad> regions = findFiles(snapshot);
    long bytes = regions.stream().mapToLong(SnapshotLoad.RegionToLoad::bytes).sum();
    long files = regions.stream().mapToLong(region -> region.files().size()).sum();
    out.printf(Locale.ROOT, "snapshot %s of %s: %d regions, %,d store files, %s to load into %s%n",
        snapshot.name(), snapshot.tableName(), regions.size(), files, ProgressLine.size(bytes), target);

    Configuration conf = reached(cluster);
    java.nio.file.Path workDir = options.workDir().resolve("basalt-import-" + UUID.randomUUID());
    try (Connection connection = ConnectionFactory.createConnection(conf); Admin admin = connection.getAdmin()) {
      ImportedTable table = ImportedTable.checkAbsent(admin, target);
      table.create(snapshot.table(), splitKeys(regions));
      List<CellCountCheck.LoadedRegion> loaded;
      ImportProgress progress = new ImportProgress(regions.size(), bytes, out);
      try (progress) {
        RegionFiles regionFiles = new RegionFiles(snapshot.conf(), new org.apache.hadoop.fs.Path(workDir.toUri()));
        SnapshotLoad load = new SnapshotLoad(regionFiles, new RegionLoader(connection, target), options.threads());
        loaded = load.loadAll(regions, progress);
      } catch (SnapshotLoad.PartialLoadException e) {
        throw failed(table, e, regions.size());
      }
      out.printf(Locale.ROOT, "imported %s into %s: %d regions, %,d cells of %s in %.1f s%n", snapshot.name(),
          target, regions.size(), progress.cells(), ProgressLine.size(progress.bytes()), progress.seconds());
      if (!options.verify()) {
        out.println("not verified (--no-verify)");
        return true;
      }
      CellCountCheck check = new CellCountCheck(connection, target,
          new ExactCellCount(snapshot.conf(), snapshot.table()), options.threads(), out);
      return check.verify(loaded);
    } finally {
      FileSystem.getLocal(snapshot.conf()).delete(new org.apache.hadoop.fs.Path(workDir.toUri()), true);
    }
  }

  /**
   * Reaches the cluster on a thread of its own while the snapshot is read: each is mostly Hadoop's and HBase's classes
   * starting, and neither needs the other (0.2-0.35 s for the probe's connection here, 0.5-0.7 s for the snapshot;
   * together about 0.2 s less of a 1 GiB import's 3.6-5.0 s). A snapshot that cannot be read is still the error
   * reported first.
   */
  private FutureTask<Configuration> probeCluster() {
    FutureTask<Configuration> probe = new FutureTask<>(() -> {
      Configuration conf = Clusters.configuration(options.to(), options.clientProperties());
      Clusters.checkReachable(options.to(), conf);
      return conf;
    });
    Thread thread = new Thread(probe, "cluster-probe");
    thread.setDaemon(true);
    thread.start();
    return probe;
  }

  /** The cluster's client configuration once the probe reached it; the probe's own error if it did not. */
  private static Configuration reached(FutureTask<Configuration> probe) throws IOException {
    try {
      return probe.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while reaching the cluster");
    } catch (ExecutionException e) {
      if (e.getCause() instanceof IOException io) {
        throw io;
      }
      if (e.getCause() instanceof RuntimeException runtime) {
        throw runtime;
      }
      throw new IOException(e.getCause());
    }
  }

  /** Every region's files, each found under the export root; fails on the first missing one. */
  private static List<SnapshotLoad.RegionToLoad> findFiles(ExportedSnapshot snapshot) throws IOException {
    SnapshotFiles files = new SnapshotFiles(snapshot);
    List<SnapshotLoad.RegionToLoad> regions = new ArrayList<>();
    for (SnapshotRegionManifest region : snapshot.servingRegions()) {
      regions.add(new SnapshotLoad.RegionToLoad(ExportedSnapshot.info(region), files.of(region)));
    }
    return regions;
  }

  /** The start keys of every region but the first. */
  private static byte[][] splitKeys(List<SnapshotLoad.RegionToLoad> regions) {
    return regions.stream().skip(1).map(SnapshotLoad.RegionToLoad::info).map(RegionInfo::getStartKey)
        .toArray(byte[][]::new);
  }

  /**
   * The error for a load that stopped: with nothing loaded the table is dropped again; with some regions loaded
   * it is left, incomplete, for the operator to see and drop.
   */
  private ImportException failed(ImportedTable table, SnapshotLoad.PartialLoadException e, int regions) {
    String cause = describe(e.getCause() == null ? e : e.getCause());
    if (e.loaded() == 0) {
      try {
        table.drop();
        return new ImportException("the load failed before any region was loaded, and " + table.name()
            + " was dropped again: " + cause, e);
      } catch (IOException dropFailed) {
        return new ImportException("the load failed before any region was loaded (" + cause + "), and dropping "
            + table.name() + " failed too (" + dropFailed.getMessage() + "): drop it by hand", e);
      }
    }
    return new ImportException("the load failed after " + e.loaded() + " of " + regions + " regions were loaded: "
        + cause + "; " + table.name() + " holds part of the snapshot: drop it (disable, then drop) and import"
        + " again", e);
  }

  /**
   * A failure in one line: the tool's own errors are sentences; others are named with their causes' messages, as
   * HBase's bulk load tool wraps the server's answer ("no HFile ... to bulk load", say) in an error of its own.
   */
  static String describe(Throwable failure) {
    if (failure instanceof ImportException) {
      return failure.getMessage();
    }
    StringBuilder text = new StringBuilder(failure.getClass().getSimpleName());
    String last = null;
    for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
      String message = cause.getMessage();
      if (message != null && !message.isBlank() && (last == null || !last.contains(message))) {
        text.append(last == null ? ": " : " <- ").append(message.lines().findFirst().orElse(message));
        last = message;
      }
    }
    return text.toString();
  }
}
