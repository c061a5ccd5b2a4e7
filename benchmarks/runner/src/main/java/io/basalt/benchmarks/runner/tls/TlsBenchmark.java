package io.basalt.benchmarks.runner.tls;

import io.basalt.benchmarks.runner.BenchmarkPlan;
import io.basalt.benchmarks.runner.ProjectFiles;
import io.basalt.benchmarks.runner.Progress;
import io.basalt.benchmarks.runner.feature.FeatureBenchmark;
import io.basalt.benchmarks.runner.feature.FeatureRounds;
import io.basalt.benchmarks.runner.process.CpuPlacement;
import io.basalt.benchmarks.runner.report.Feature;
import io.basalt.benchmarks.runner.servers.BasaltUnderTest;
import io.basalt.benchmarks.runner.servers.HBaseUnderTest;
import io.basalt.benchmarks.runner.servers.ServerUnderTest;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * {@code bin/benchmark --tls}: what TLS costs a single-row put and get, on Basalt and on real HBase side by side
 * ({@link FeatureBenchmark}). Basalt and HBase in plaintext, and Basalt and HBase serving TLS only with client
 * certificates required (see {@link TlsCertificates}).
 */
public final class TlsBenchmark {
  /** The generated TLS section of docs/benchmarks.md lies between these. */
  public static final String DOCS_BEGIN =
      "<!-- tls-benchmark-results:begin (written by bin/benchmark --tls --update-docs) -->";
  public static final String DOCS_END = "<!-- tls-benchmark-results:end -->";

  private TlsBenchmark() {}

  /** Runs the four servers and the workloads and returns the report written. */
  public static Path run(BenchmarkPlan plan, CpuPlacement cpus, ProjectFiles files, String commit,
      boolean updateDocs) throws Exception {
    List<String> servers = List.of(
        "Servers: Basalt and HBase in plaintext, and Basalt TLS and HBase TLS, all four running side by side, each "
            + "launched as the default run launches it (Basalt with HBase's memory for blocks and memtables)",
        TlsCertificates.describe());
    return FeatureBenchmark.run(Feature.TLS, "tls", servers, TlsBenchmark::start, null, plan, cpus, files, commit,
        updateDocs, DOCS_BEGIN, DOCS_END);
  }

  private static List<FeatureRounds.Pair> start(FeatureBenchmark.Servers servers) throws Exception {
    TlsCertificates certificates = TlsCertificates.write(servers.scratch("stores"));
    ServerUnderTest basalt = servers.started(BasaltUnderTest.start("Basalt", servers.scratch("basalt"),
        servers.classArchive(), "benchmark-tls-suite-basalt", servers.launcher(), Map.of(), Map.of()));
    ServerUnderTest basaltTls = servers.started(BasaltUnderTest.start("Basalt TLS", servers.scratch("basalt-tls"),
        servers.classArchive(), "benchmark-tls-suite-basalt-tls", servers.launcher(),
        certificates.serverProperties(), certificates.clientProperties()));
    PlaintextRefusal.check(basaltTls);
    ServerUnderTest hbase = servers.started(HBaseUnderTest.start("HBase", "benchmark-tls-suite-hbase",
        servers.launcher(), Map.of(), Map.of()));
    ServerUnderTest hbaseTls = servers.started(HBaseUnderTest.start("HBase TLS", "benchmark-tls-suite-hbase-tls",
        servers.launcher(), certificates.hbaseServerProperties(), certificates.clientProperties()));
    PlaintextRefusal.check(hbaseTls);
    Progress.say("Both TLS servers refused a plaintext client");
    return List.of(new FeatureRounds.Pair("Basalt", basalt, basaltTls),
        new FeatureRounds.Pair("HBase", hbase, hbaseTls));
  }
}
