package io.basalt.benchmarks.runner.bulkload;

import io.basalt.benchmarks.runner.Progress;
import io.basalt.benchmarks.runner.cluster.LoadAverage;
import io.basalt.benchmarks.runner.report.BulkLoadResults;
import io.basalt.benchmarks.runner.report.LoadRun;
import io.basalt.benchmarks.runner.servers.HBaseUnderTest;
import io.basalt.benchmarks.runner.servers.ServerUnderTest;
import io.basalt.conformance.harness.BasaltServerExtension;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The rounds of a bulk load run: in each, HBase's bulk load tool into Basalt and into HBase, Basalt's import of an
 * HBase snapshot of the same cells, then the same cells by puts into each, every load into a fresh table of the
 * same splits and checked after it. Basalt and HBase take turns to go first from round to round (A B, B A, ...), so
 * that neither always meets the machine as the other left it (its page cache, its background work).
 *
 * <p>The snapshot is taken once, before the first round, of a table HBase bulk loaded the input into (unmeasured),
 * and imported from HBase's root directory, which holds a snapshot's manifest and files in the layout an export of
 * it with HBase's ExportSnapshot has: what moving a table off HBase by snapshot costs on Basalt's side.
 */
final class BulkLoadRounds {
  private static final String SNAPSHOT_SOURCE = "snapshot_source";
  private static final String SNAPSHOT = "snapshot_source_snapshot";

  private final ServerUnderTest basalt;
  private final HBaseUnderTest hbase;
  private final BulkLoadPlan plan;
  private final InputCopies input;
  private final Path copies;
  private final BulkLoadResults results;

  /**
   * @param copies the directory the loads' hard-linked copies of the input are made in, one at a time
   */
  BulkLoadRounds(ServerUnderTest basalt, HBaseUnderTest hbase, BulkLoadPlan plan, InputCopies input, Path copies,
      BulkLoadResults results) {
    this.basalt = basalt;
    this.hbase = hbase;
    this.plan = plan;
    this.input = input;
    this.copies = copies;
    this.results = results;
  }

  void run(BulkLoadClientRunner client) throws IOException, InterruptedException {
    Path snapshot = snapshotInHBase(client);
    firstImport(client, snapshot);
    for (int round = 1; round <= plan.rounds(); round++) {
      List<ServerUnderTest> order = round % 2 == 1 ? List.of(basalt, hbase) : List.of(hbase, basalt);
      for (ServerUnderTest server : order) {
        results.add(bulkLoad(client, server, round));
      }
      results.add(snapshotImport(client, snapshot, round));
      for (ServerUnderTest server : order) {
        results.add(puts(client, server, round));
      }
      results.load(String.format(Locale.ROOT, "after round %d %s", round, LoadAverage.read()));
    }
  }

  private LoadRun bulkLoad(BulkLoadClientRunner client, ServerUnderTest server, int round)
      throws IOException, InterruptedException {
    String table = "bulk_loaded_" + round;
    client.create(server, table);
    Path copy = input.link(copies.resolve("round-" + round + "-" + server.fileName()));
    try {
      settle(server, LoadRun.BULK_LOAD, round);
      LoadRun run = client.bulkLoad(server, copy, table, round);
      LoadRun checked = client.check(server, table, run, InputCopies.left(copy).size());
      say(checked);
      return checked;
    } finally {
      BasaltServerExtension.deleteRecursively(copy);
    }
  }

  /** HBase's snapshot of a table it bulk loaded the input into; the directory of its manifest. */
  private Path snapshotInHBase(BulkLoadClientRunner client) throws IOException, InterruptedException {
    Progress.say("HBase bulk loads the input into %s and snapshots it, for the snapshot import", SNAPSHOT_SOURCE);
    client.create(hbase, SNAPSHOT_SOURCE);
    Path copy = input.link(copies.resolve("snapshot-source"));
    try {
      LoadRun loaded = client.bulkLoad(hbase, copy, SNAPSHOT_SOURCE, 0);
      if (!loaded.ok()) {
        throw new IOException("HBase's bulk load of the snapshot's table failed: " + loaded.failure());
      }
    } finally {
      BasaltServerExtension.deleteRecursively(copy);
    }
    client.snapshot(hbase, SNAPSHOT_SOURCE, SNAPSHOT);
    return hbase.rootDir().resolve(".hbase-snapshot").resolve(SNAPSHOT);
  }

  /**
   * An import before the rounds, unmeasured: the first import of a build writes the tool's class data sharing archive
   * as it exits (bin/basalt), which costs it some seconds once; an operator's imports after it start from the archive.
   */
  private void firstImport(BulkLoadClientRunner client, Path snapshot) throws IOException {
    Progress.say("An unmeasured first import, which writes the import tool's class archive");
    String table = "snapshot_imported_first";
    LoadRun run = client.importSnapshot(basalt, snapshot, table, 0);
    if (!run.ok()) {
      throw new IOException("the first snapshot import failed: " + run.failure());
    }
    client.check(basalt, table, run, 0);
  }

  private LoadRun snapshotImport(BulkLoadClientRunner client, Path snapshot, int round)
      throws IOException, InterruptedException {
    String table = "snapshot_imported_" + round;
    settle(basalt, LoadRun.SNAPSHOT_IMPORT, round);
    LoadRun run = client.importSnapshot(basalt, snapshot, table, round);
    LoadRun checked = run.ok() ? client.check(basalt, table, run, 0) : run;
    say(checked);
    return checked;
  }

  private LoadRun puts(BulkLoadClientRunner client, ServerUnderTest server, int round)
      throws IOException, InterruptedException {
    String table = "put_loaded_" + round;
    client.create(server, table);
    settle(server, LoadRun.PUTS, round);
    LoadRun checked = client.check(server, table, client.put(server, table, round), 0);
    say(checked);
    return checked;
  }

  private void settle(ServerUnderTest server, String method, int round) throws InterruptedException {
    String waited = QuietServers.await(List.of(basalt, hbase));
    if (waited.contains("busy")) {
      results.note(String.format(Locale.ROOT, "Round %d, %s %s: %s", round, server.name(), method, waited));
    }
    Progress.say("Round %d, %s %s (%s; load average %s)", round, server.name(), method, waited, LoadAverage.read());
  }

  private void say(LoadRun run) {
    Progress.say("  %.1f s from launch to exit, server CPU %.1f s, client CPU %.1f s; %s", run.seconds(),
        run.serverCpuSeconds(), run.clientCpuSeconds(), run.verdict(plan.rows()));
  }
}
