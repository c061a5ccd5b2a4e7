package io.basalt.benchmarks.runner.authorization;

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
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code bin/benchmark --authorization}: what HBase's permission checks cost a single-row put and get, on Basalt and
 * on real HBase side by side ({@link FeatureBenchmark}). Basalt and HBase without permission checks, and Basalt and
 * HBase with {@code hbase.security.authorization=true} (HBase with its AccessController on master, region server
 * and regions, as a secured HBase runs it). The benchmark's client runs as a user of its own, {@value #USER}, who
 * is no superuser (a superuser's calls skip the checks): on the checked servers it holds READ, WRITE and CREATE on
 * the default namespace, granted before anything is measured, so that each of its calls is checked against a grant.
 */
public final class AuthorizationBenchmark {
  /** The generated authorization section of docs/benchmarks.md lies between these. */
  public static final String DOCS_BEGIN =
      "<!-- authorization-benchmark-results:begin (written by bin/benchmark --authorization --update-docs) -->";
  public static final String DOCS_END = "<!-- authorization-benchmark-results:end -->";
  static final String USER = "benchmark";
  private static final String ACCESS_CONTROLLER = "org.apache.hadoop.hbase.security.access.AccessController";

  private AuthorizationBenchmark() {}

  /** Runs the four servers and the workloads and returns the report written. */
  public static Path run(BenchmarkPlan plan, CpuPlacement cpus, ProjectFiles files, String commit,
      boolean updateDocs) throws Exception {
    List<String> servers = List.of(
        "Servers: Basalt and HBase without permission checks, and Basalt authorization and HBase authorization "
            + "(hbase.security.authorization=true, HBase with its AccessController as hbase.coprocessor.master, "
            + ".region and .regionserver classes), all four running side by side, each launched as the default run "
            + "launches it (Basalt with HBase's memory for blocks and memtables)",
        "Client user: PerformanceEvaluation runs as '" + USER + "' (HADOOP_USER_NAME, simple authentication), no "
            + "superuser, holding READ, WRITE and CREATE on the default namespace on the checked servers; its "
            + "groups are fixed by hadoop.user.group.static.mapping.overrides, so no call waits on a group lookup");
    return FeatureBenchmark.run(Feature.AUTHORIZATION, "authorization", servers, AuthorizationBenchmark::start,
        USER, plan, cpus, files, commit, updateDocs, DOCS_BEGIN, DOCS_END);
  }

  private static List<FeatureRounds.Pair> start(FeatureBenchmark.Servers servers) throws Exception {
    Map<String, String> checked = Map.of("hbase.security.authorization", "true",
        "hadoop.user.group.static.mapping.overrides", USER + "=;" + Grants.REFUSED + "=;");
    Map<String, String> hbaseSite = new HashMap<>(checked);
    hbaseSite.putAll(Map.of("hbase.coprocessor.master.classes", ACCESS_CONTROLLER,
        "hbase.coprocessor.region.classes", ACCESS_CONTROLLER,
        "hbase.coprocessor.regionserver.classes", ACCESS_CONTROLLER));
    ServerUnderTest basalt = servers.started(BasaltUnderTest.start("Basalt", servers.scratch("basalt"),
        servers.classArchive(), "benchmark-authorization-suite-basalt", servers.launcher(), Map.of(), Map.of()));
    ServerUnderTest basaltChecked = servers.started(BasaltUnderTest.start("Basalt authorization",
        servers.scratch("basalt-authorization"), servers.classArchive(),
        "benchmark-authorization-suite-basalt-authorization", servers.launcher(), checked, Map.of()));
    ServerUnderTest hbase = servers.started(HBaseUnderTest.start("HBase", "benchmark-authorization-suite-hbase",
        servers.launcher(), Map.of(), Map.of()));
    ServerUnderTest hbaseChecked = servers.started(HBaseUnderTest.start("HBase authorization",
        "benchmark-authorization-suite-hbase-authorization", servers.launcher(), hbaseSite, Map.of()));
    for (ServerUnderTest server : List.of(basaltChecked, hbaseChecked)) {
      Grants.checkRefusesStrangers(server);
      Grants.allowOnDefaultNamespace(server, USER);
    }
    Progress.say("Both checked servers refused a user without grants, and granted '%s' its namespace", USER);
    return List.of(new FeatureRounds.Pair("Basalt", basalt, basaltChecked),
        new FeatureRounds.Pair("HBase", hbase, hbaseChecked));
  }
}
