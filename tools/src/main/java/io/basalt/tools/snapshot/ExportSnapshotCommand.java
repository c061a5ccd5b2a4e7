package io.basalt.tools.snapshot;

import io.basalt.tools.ProgressLine;
import io.basalt.tools.ToolLogging;
import io.basalt.tools.UsageException;
import io.basalt.tools.copy.Clusters;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.codec.KeyValueCodecWithTags;
import org.apache.hadoop.hbase.shaded.protobuf.generated.SnapshotProtos.SnapshotDescription;

/**
 * {@code basalt export-snapshot}: writes a Basalt table into a directory as an HBase snapshot that HBase's own
 * ExportSnapshot copies into a cluster's root, where {@code clone_snapshot} or {@code restore_snapshot} makes a
 * table of it: the reverse of {@link ImportSnapshotCommand}. The table is read as of one moment
 * ({@link FrozenTable}), region by region through the stock client ({@link RegionExport}: raw scans of every
 * version, written as HFiles by HBase's writer), and the snapshot's description and manifest are written last and
 * checked with HBase's reader ({@link SnapshotManifestWriter}).
 *
 * <p>The client asks for cell blocks with tags ({@link KeyValueCodecWithTags}): a cell with a TTL of its own carries
 * it as HBase's TTL tag, which the default codec leaves out, and the HFiles keep it. Nothing else is lost: Basalt
 * keeps no other tags, and a raw scan returns every cell Basalt stores but those past their TTL, which no read on
 * Basalt or HBase returns. Sequence ids are not kept (they are not part of the client's cells): each file counts
 * as one flush of its region.
 *
 * <p>A failure removes everything the export created, in the directory and in Basalt, Ctrl-C included
 * ({@link InterruptOnShutdown}). Progress and the outcome go to standard output, errors to standard error, one line
 * each; the exit status is 0 when exported, 1 on failure, 2 for bad usage, as for the import.
 */
public final class ExportSnapshotCommand {
  static final int EXIT_OK = 0;
  static final int EXIT_FAILED = 1;
  static final int EXIT_USAGE = 2;
  private static final String NAME = "basalt export-snapshot";

  private final ExportOptions options;
  private final PrintStream out;

  private ExportSnapshotCommand(ExportOptions options, PrintStream out) {
    this.options = options;
    this.out = out;
  }

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** Runs the command line and returns its exit status, without ending the JVM as {@link #main} does. */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    if (Arrays.asList(args).contains("--help") || Arrays.asList(args).contains("-h")) {
      out.println(ExportOptions.USAGE);
      return EXIT_OK;
    }
    ExportOptions options;
    try {
      options = ExportOptions.parse(args);
    } catch (UsageException e) {
      err.println(NAME + ": " + e.getMessage());
      err.println("Try '" + NAME + " --help'.");
      return EXIT_USAGE;
    }
    ToolLogging.quiet(NAME, options.verbose());
    try (InterruptOnShutdown signals = new InterruptOnShutdown(Thread.currentThread())) {
      new ExportSnapshotCommand(options, out).export();
      return EXIT_OK;
    } catch (IOException | RuntimeException e) {
      err.println(NAME + ": error: " + describe(e));
      if (options.verbose()) {
        e.printStackTrace(err);
      }
      return EXIT_FAILED;
    }
  }

  private void export() throws IOException {
    ExportDirectory dir = ExportDirectory.check(options.toDir(), options.snapshot());
    Configuration client = Clusters.configuration(options.from(), options.clientProperties());
    client.set(HConstants.RPC_CODEC_CONF_KEY, KeyValueCodecWithTags.class.getName());
    Clusters.checkReachable(options.from(), client);
    try (Connection connection = ConnectionFactory.createConnection(client); Admin admin = connection.getAdmin()) {
      if (!admin.tableExists(options.table())) {
        throw new ExportException("table " + options.table() + " does not exist in " + options.from());
      }
      out.printf(Locale.ROOT, "exporting %s from %s into %s as snapshot %s%n", options.table(), options.from(),
          dir.root(), options.snapshot());
      FrozenTable frozen = FrozenTable.take(admin, options.table());
      try {
        writeSnapshot(connection, frozen, dir);
      } catch (IOException | RuntimeException | Error e) {
        undo(e, dir::rollback);
        undo(e, frozen::drop);
        throw e;
      }
      // The export stands; if the temporaries cannot be dropped, that (naming them) is the command's error.
      InterruptOnShutdown.uninterrupted(frozen::drop);
      out.println("removed the temporary snapshot and table from Basalt");
    }
    printNextSteps(dir);
  }

  private void writeSnapshot(Connection connection, FrozenTable frozen, ExportDirectory dir) throws IOException {
    out.printf(Locale.ROOT, "read as of %s: Basalt snapshot %s, cloned to %s; %d regions, families %s%n",
        Instant.ofEpochMilli(frozen.takenAt()), frozen.snapshot(), frozen.cloneName(), frozen.regions().size(),
        Arrays.stream(frozen.descriptor().getColumnFamilies()).map(ColumnFamilyDescriptor::getNameAsString)
            .collect(Collectors.joining(", ")));
    Configuration filesConf = filesConfiguration(dir, options.clientProperties());
    FileSystem local = FileSystem.getLocal(filesConf);
    FamilyFormats formats = new FamilyFormats(frozen.descriptor(), filesConf);
    formats.notes().forEach(note -> out.println("note: " + note));
    RegionExport regionExport = new RegionExport(connection, frozen.cloneName(), formats, dir, local);
    ExportProgress progress = new ExportProgress(frozen.regions().size(), out);
    List<RegionExport.ExportedRegion> regions;
    try (progress) {
      regions = new TableExport(regionExport, options.table(), options.threads())
          .exportAll(frozen.regions(), progress);
    }
    SnapshotDescription description = SnapshotManifestWriter.describe(options.snapshot(), frozen.descriptor(),
        frozen.takenAt());
    org.apache.hadoop.fs.Path working = new org.apache.hadoop.fs.Path(dir.createWorkingDir().toUri());
    SnapshotManifestWriter.write(filesConf, local, working, description, frozen.descriptor(), regions);
    dir.complete();
    out.printf(Locale.ROOT, "wrote snapshot %s of %s: %d regions, %,d HFiles, %,d cells, %s in %.1f s (checked with"
        + " HBase's snapshot reader)%n", options.snapshot(), options.table(), regions.size(), progress.files(),
        progress.cells(), ProgressLine.size(progress.bytes()), progress.seconds());
  }

  /**
   * The configuration of the HFile writer and of HBase's snapshot reader: the local file system, with the export
   * directory as the root in which HBase's path helpers find the archive.
   */
  private static Configuration filesConfiguration(ExportDirectory dir, Map<String, String> properties) {
    Configuration conf = HBaseConfiguration.create();
    properties.forEach(conf::set);
    conf.set("fs.defaultFS", "file:///");
    conf.set(HConstants.HBASE_DIR, dir.hadoopRoot().toString());
    return conf;
  }

  /** Runs one step of undoing a failed export; its own failure is added to the export's. */
  private static void undo(Throwable failure, InterruptOnShutdown.Cleanup step) {
    try {
      InterruptOnShutdown.uninterrupted(step);
    } catch (IOException e) {
      failure.addSuppressed(e);
    }
  }

  private void printNextSteps(ExportDirectory dir) {
    String snapshot = options.snapshot();
    out.println("next, on HBase (a file: source has no checksums to compare, hence -no-checksum-verify):");
    out.printf(Locale.ROOT, "  hbase org.apache.hadoop.hbase.snapshot.ExportSnapshot -snapshot %s -copy-from %s"
        + " -copy-to <hbase.rootdir> -no-checksum-verify%n", snapshot, dir.root().toUri());
    out.printf(Locale.ROOT, "  hbase shell> clone_snapshot '%s', '%s'   (or restore_snapshot '%s')%n", snapshot,
        options.table().getNameAsString(), snapshot);
  }

  /** A failure in one line: the tool's own errors are sentences, others are named with their causes. */
  static String describe(Throwable failure) {
    String text = failure instanceof ExportException ? failure.getMessage()
        : ImportSnapshotCommand.describe(failure);
    for (Throwable suppressed : failure.getSuppressed()) {
      text += "; then: " + describe(suppressed);
    }
    return text;
  }
}
