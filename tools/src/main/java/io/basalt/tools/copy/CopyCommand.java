package io.basalt.tools.copy;

import io.basalt.tools.ToolLogging;
import io.basalt.tools.UsageException;
import java.io.IOException;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;

/**
 * {@code basalt copy}: copies tables between two HBase-compatible clusters through the stock client and compares
 * the result. Progress goes to standard error, the per-table outcome to standard output.
 */
public final class CopyCommand {
  static final int EXIT_OK = 0;
  static final int EXIT_FAILED = 1;
  static final int EXIT_USAGE = 2;

  private final CopyOptions options;
  private final PrintStream out;
  private final PrintStream err;

  CopyCommand(CopyOptions options, PrintStream out, PrintStream err) {
    this.options = options;
    this.out = out;
    this.err = err;
  }

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** Runs the command line and returns its exit status. */
  static int run(String[] args, PrintStream out, PrintStream err) {
    if (Arrays.asList(args).contains("--help") || Arrays.asList(args).contains("-h")) {
      out.println(CopyOptions.USAGE);
      return EXIT_OK;
    }
    CopyOptions options;
    try {
      options = CopyOptions.parse(args);
    } catch (UsageException e) {
      err.println("basalt copy: " + e.getMessage());
      err.println("Try 'basalt copy --help'.");
      return EXIT_USAGE;
    }
    ToolLogging.quiet("basalt copy", options.verbose());
    try {
      return new CopyCommand(options, out, err).copyAll() ? EXIT_OK : EXIT_FAILED;
    } catch (IOException | RuntimeException e) {
      err.println("basalt copy: error: " + e.getMessage());
      if (options.verbose()) {
        e.printStackTrace(err);
      }
      return EXIT_FAILED;
    }
  }

  /** Copies and/or compares every selected table; true when every comparison found both sides equal. */
  private boolean copyAll() throws IOException {
    try (Connection source = connect(options.from()); Connection target = connect(options.to());
        Admin sourceAdmin = source.getAdmin(); Admin targetAdmin = target.getAdmin()) {
      List<TableName> tables = TableSelection.resolve(options, sourceAdmin);
      SchemaCopier schema = new SchemaCopier(sourceAdmin, targetAdmin);
      DataCopier data = new DataCopier(source, target, options.parallelism());
      Verifier verifier = new Verifier(source, target, options.parallelism());
      boolean allEqual = true;
      for (TableName from : tables) {
        TableName to = options.targetOf(from);
        List<Regions.KeyRange> regions = Regions.of(source, from);
        if (options.mode() != CopyOptions.Mode.VERIFY_ONLY) {
          boolean created = schema.prepare(from, to, Regions.splitKeys(regions));
          try (CopyProgress progress = new CopyProgress("copying " + from + " to " + to, regions.size(), err)) {
            data.copy(from, to, regions, progress);
            out.printf(Locale.ROOT, "copied %s to %s%s: %d regions, %,d rows, %,d cells in %.1f s%n", from, to,
                created ? " (created)" : " (existing table)", regions.size(), progress.rows(), progress.cells(),
                progress.seconds());
          }
        }
        if (options.mode() != CopyOptions.Mode.COPY_ONLY) {
          allEqual &= verify(verifier, from, to, regions, target);
        }
      }
      return allEqual;
    }
  }

  private boolean verify(Verifier verifier, TableName from, TableName to, List<Regions.KeyRange> regions,
      Connection target) throws IOException {
    Differences differences = new Differences(options.maxDifferences());
    try (CopyProgress progress = new CopyProgress("comparing " + from + " with " + to, regions.size(), err)) {
      verifier.compare(from, to, regions, differences, progress);
    }
    List<Regions.KeyRange> targetRegions = Regions.of(target, to);
    boolean sameBoundaries = Arrays.deepEquals(Regions.splitKeys(regions), Regions.splitKeys(targetRegions));
    out.printf(Locale.ROOT, "%s %s and %s: %s%n", differences.count() == 0 ? "EQUAL" : "DIFFERENT", from, to,
        differences.summary());
    out.printf(Locale.ROOT, "  region boundaries %s (%d regions on the source, %d on the target)%n",
        sameBoundaries ? "match" : "differ", regions.size(), targetRegions.size());
    for (String example : differences.examples()) {
      out.println("  " + example);
    }
    if (differences.count() > differences.examples().size()) {
      out.printf(Locale.ROOT, "  ... and %,d more%n", differences.count() - differences.examples().size());
    }
    return differences.count() == 0;
  }

  private Connection connect(String cluster) throws IOException {
    Configuration conf = Clusters.configuration(cluster, options.clientProperties());
    Clusters.checkReachable(cluster, conf);
    return ConnectionFactory.createConnection(conf);
  }
}
