package io.basalt.benchmarks.runner.bulkload;

import io.basalt.benchmarks.runner.Progress;
import io.basalt.benchmarks.runner.ProjectFiles;
import io.basalt.benchmarks.runner.cluster.LoadAverage;
import io.basalt.benchmarks.runner.process.CpuPlacement;
import io.basalt.benchmarks.runner.report.BulkLoadReport;
import io.basalt.benchmarks.runner.report.BulkLoadResults;
import io.basalt.benchmarks.runner.report.DocsMarkers;
import io.basalt.benchmarks.runner.report.Environment;
import io.basalt.benchmarks.runner.servers.ServerLogs;
import io.basalt.benchmarks.runner.servers.ServerPair;
import io.basalt.benchmarks.runner.servers.ServerUnderTest;
import io.basalt.conformance.harness.BasaltServerExtension;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code bin/benchmark --bulk-load}: what loading a table from HFiles costs, against writing the same cells by
 * puts, on Basalt and on real HBase 2.6.4 side by side (the targets: Basalt's bulk load at least five times
 * its put path, and faster than HBase's bulk load). Both servers run throughout, launched as the default run
 * launches them; HBase's own writer makes the input once, and each round bulk loads it into each server with
 * HBase's own tool and writes it into each by puts ({@link BulkLoadRounds}), every load checked.
 *
 * <p>The two bulk loads do different work for the same call. HBase copies each file into its staging directory
 * (a local file system never counts as "the same HDFS" for its region server's check, so it copies even on one
 * disk; on the cluster's own HDFS it would rename) and renames the copy into its store, leaving the original.
 * Basalt reads each file's cells with HBase's reader and writes them into SST files of its own key format, which
 * RocksDB then ingests (moves); it leaves the original, as HBase does a local file.
 */
public final class BulkLoadBenchmark {
  /** The generated bulk load section of docs/benchmarks.md lies between these. */
  public static final String DOCS_BEGIN =
      "<!-- bulkload-benchmark-results:begin (written by bin/benchmark --bulk-load --update-docs) -->";
  public static final String DOCS_END = "<!-- bulkload-benchmark-results:end -->";

  private BulkLoadBenchmark() {}

  /** Runs the servers and the rounds, and returns the report written. */
  public static Path run(BulkLoadPlan plan, CpuPlacement cpus, ProjectFiles files, String commit,
      boolean updateDocs) throws Exception {
    ZonedDateTime started = ZonedDateTime.now();
    String stamp = started.format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
    Path logs = Files.createDirectories(files.results().resolve("logs-bulkload-" + stamp));
    List<String> description = new ArrayList<>(plan.describe());
    description.add(cpus.describe());
    BulkLoadResults results = new BulkLoadResults(plan.mode(), description, Environment.describe(commit), started,
        plan.rows());
    results.load("at start " + LoadAverage.read());
    Path work = files.work().resolve("bulkload");
    BasaltServerExtension.deleteRecursively(work);
    List<ServerUnderTest> running = new ArrayList<>();
    try {
      Progress.say("Bulk load benchmark, %s mode; logs in %s", plan.mode(), logs);
      ServerPair servers = ServerPair.start("bulkload", work, files.work().resolve("basalt-server.jsa"),
          cpus.serverLauncher(), running);
      BulkLoadClientRunner client = new BulkLoadClientRunner(ProjectFiles.required(files.bulkLoadClasses()),
          ProjectFiles.required(files.oracleClasspath()), ProjectFiles.required(files.basaltCommand()),
          cpus.clientLauncher(), logs, plan, running);
      InputCopies input = writeInput(client, work.resolve("input"), results);
      new BulkLoadRounds(servers.basalt(), servers.hbase(), plan, input, work.resolve("copies"), results).run(client);
      Progress.say("Stopping the servers");
    } finally {
      ServerLogs.keepAndStop(running, logs);
      BasaltServerExtension.deleteRecursively(work);
    }
    results.load("at the end " + LoadAverage.read());
    results.finished(Duration.between(started, ZonedDateTime.now()));
    String markdown = BulkLoadReport.render(results);
    return DocsMarkers.publish(markdown, files.results(), "bulkload", stamp, "bulkload-latest.md", updateDocs,
        files.docs(), DOCS_BEGIN, DOCS_END);
  }

  /**
   * Writes the input once, and says in the report what it is and whether it shares a file system with HBase's root
   * directory (a temporary directory of the runner's): only then is HBase's load the rename it is meant to be.
   */
  private static InputCopies writeInput(BulkLoadClientRunner client, Path directory, BulkLoadResults results)
      throws IOException {
    Progress.say("Writing the input HFiles with HBase's writer into %s", directory);
    BulkLoadClientRunner.Written written = client.write(directory);
    InputCopies input = new InputCopies(directory);
    long bytes = input.bytes();
    boolean oneFileSystem = Files.getFileStore(directory)
        .equals(Files.getFileStore(Path.of(System.getProperty("java.io.tmpdir"))));
    results.input(String.format(Locale.ROOT, "%d HFiles, %,d cells, %,d bytes (%.2f GiB), written in %.1f s; "
        + "%s", written.files(), written.cells(), bytes, bytes / (double) (1L << 30), written.seconds(),
        oneFileSystem ? "on the same file system (one disk) as HBase's root directory and Basalt's data. HBase "
            + "copies each file into its staging directory (its region server's same-file-system check holds "
            + "only for one HDFS, never for a local file system) and renames the copy into its store; Basalt reads "
            + "each file's cells, writes its own SST files, has RocksDB move them into its store and removes the "
            + "original"
            : "NOT on the file system of HBase's root directory"), bytes);
    Progress.say("Input: %d files, %,d bytes in %.1f s", written.files(), bytes, written.seconds());
    return input;
  }
}
