package io.basalt.benchmarks.runner.observability;

import io.basalt.benchmarks.runner.BenchmarkPlan;
import io.basalt.benchmarks.runner.ProjectFiles;
import io.basalt.benchmarks.runner.feature.FeatureBenchmark;
import io.basalt.benchmarks.runner.feature.FeatureRounds;
import io.basalt.benchmarks.runner.process.CpuPlacement;
import io.basalt.benchmarks.runner.report.Feature;
import io.basalt.benchmarks.runner.servers.BasaltUnderTest;
import io.basalt.benchmarks.runner.servers.HBaseUnderTest;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * {@code bin/benchmark --observability}: what being watched costs a single-row put and get, on Basalt and on real
 * HBase side by side ({@link FeatureBenchmark}). Unwatched, Basalt runs with its Key Visualizer off and nobody reads
 * its info port, and HBase runs with its info servers on (as it always does in production) but unread. Watched,
 * Basalt samples requests for its Key Visualizer (its default) and both have their pages read every second
 * ({@link PagePoller}): the status page, the table's page, {@code /jmx} whole and {@code /prometheus}, and Basalt's
 * heatmap data for the table; HBase's region server status page besides, Basalt having no separate one. The
 * issue's bar: a get's p99 on the watched server stays within the rounds' noise.
 */
public final class ObservabilityBenchmark {
  /** The generated observability section of docs/benchmarks.md lies between these. */
  public static final String DOCS_BEGIN =
      "<!-- observability-benchmark-results:begin (written by bin/benchmark --observability --update-docs) -->";
  public static final String DOCS_END = "<!-- observability-benchmark-results:end -->";
  /** PerformanceEvaluation's table. */
  private static final String TABLE = "TestTable";

  private ObservabilityBenchmark() {}

  /** Runs the four servers, the pollers and the workloads, and returns the report written. */
  public static Path run(BenchmarkPlan plan, CpuPlacement cpus, ProjectFiles files, String commit,
      boolean updateDocs) throws Exception {
    List<String> servers = List.of(
        "Servers: Basalt with its Key Visualizer off and HBase with its info servers on, neither read by anyone; "
            + "Basalt watched (Key Visualizer on, its default: one request in 16 sampled) and HBase watched, each "
            + "with its pages read every second by one thread of the runner; all four running side by side, each "
            + "launched as the default run launches it (Basalt with HBase's memory for blocks and memtables)",
        "Pages read every second, one after the other, every byte: Basalt's /master-status, /table.jsp?name="
            + TABLE + ", /jmx, /prometheus and /keyviz/data?table=" + TABLE + "; HBase's master /master-status, "
            + "/table.jsp?name=" + TABLE + " and /jmx, and its region server's /rs-status, /jmx and /prometheus");
    return FeatureBenchmark.run(Feature.OBSERVABILITY, "observability", servers, ObservabilityBenchmark::start,
        null, plan, cpus, files, commit, updateDocs, DOCS_BEGIN, DOCS_END);
  }

  private static List<FeatureRounds.Pair> start(FeatureBenchmark.Servers servers) throws Exception {
    BasaltUnderTest basalt = (BasaltUnderTest) servers.started(BasaltUnderTest.start("Basalt",
        servers.scratch("basalt"), servers.classArchive(), "benchmark-observability-suite-basalt", servers.launcher(),
        Map.of("basalt.keyvisualizer.enabled", "false"), Map.of()));
    BasaltUnderTest basaltWatched = (BasaltUnderTest) servers.started(BasaltUnderTest.start("Basalt watched",
        servers.scratch("basalt-watched"), servers.classArchive(), "benchmark-observability-suite-basalt-watched",
        servers.launcher(), Map.of(), Map.of()));
    HBaseUnderTest hbase = (HBaseUnderTest) servers.started(HBaseUnderTest.startWithInfoServers("HBase",
        "benchmark-observability-suite-hbase", servers.launcher()));
    HBaseUnderTest hbaseWatched = (HBaseUnderTest) servers.started(HBaseUnderTest.startWithInfoServers(
        "HBase watched", "benchmark-observability-suite-hbase-watched", servers.launcher()));
    String basaltPages = "http://127.0.0.1:" + basaltWatched.infoPort();
    servers.alongside(PagePoller.start(basaltWatched.name(), List.of(
        URI.create(basaltPages + "/master-status"),
        URI.create(basaltPages + "/table.jsp?name=" + TABLE),
        URI.create(basaltPages + "/jmx"),
        URI.create(basaltPages + "/prometheus"),
        URI.create(basaltPages + "/keyviz/data?table=" + TABLE))));
    String master = "http://127.0.0.1:" + hbaseWatched.infoServers().masterPort();
    String regionServer = "http://127.0.0.1:" + hbaseWatched.infoServers().regionServerPort();
    servers.alongside(PagePoller.start(hbaseWatched.name(), List.of(
        URI.create(master + "/master-status"),
        URI.create(master + "/table.jsp?name=" + TABLE),
        URI.create(master + "/jmx"),
        URI.create(regionServer + "/rs-status"),
        URI.create(regionServer + "/jmx"),
        URI.create(regionServer + "/prometheus"))));
    return List.of(new FeatureRounds.Pair("Basalt", basalt, basaltWatched),
        new FeatureRounds.Pair("HBase", hbase, hbaseWatched));
  }
}
