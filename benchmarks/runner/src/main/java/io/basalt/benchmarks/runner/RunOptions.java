package io.basalt.benchmarks.runner;

import io.basalt.benchmarks.runner.bulkload.BulkLoadPlan;
import io.basalt.benchmarks.runner.capacity.CapacityPlan;
import io.basalt.benchmarks.runner.cluster.ClusterPlan;
import io.basalt.benchmarks.runner.process.CpuPlacement;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The runner's command line; bin/benchmark passes the repository root and the commit, the rest is the user's.
 * {@code cluster} and {@code baselineJar} choose a comparison of Basalt with Basalt instead of the one with HBase,
 * sized by {@code clusterPlan}; {@code feature}, each server against itself with a feature (TLS, permission checks,
 * being watched), sized by {@code plan}'s PerformanceEvaluation figures; {@code bulkLoad}, a bulk load against
 * puts on Basalt and HBase, sized by {@code bulkLoadPlan}; {@code capacity}, what each server sustains under the
 * lean load generator, sized by {@code capacityPlan}.
 */
public record RunOptions(Path root, String commit, BenchmarkPlan plan, Set<String> suites, CpuPlacement cpus,
    boolean updateDocs, boolean cluster, Path baselineJar, ClusterPlan clusterPlan, FeatureRun feature,
    boolean bulkLoad, BulkLoadPlan bulkLoadPlan, boolean capacity, CapacityPlan capacityPlan) {
  public static final List<String> ALL_SUITES = List.of("pe", "ycsb", "jmh");

  public static final String USAGE = String.join("\n",
      "usage: bin/benchmark [--quick | --full] [--suites pe,ycsb,jmh] [--rows N] [--warmup-rows N]",
      "                     [--warmup-runs N] [--rounds N] [--launches N] [--ycsb-records N] [--ycsb-operations N]",
      "                     [--server-cpus LIST --client-cpus LIST] [--update-docs]",
      "       bin/benchmark --cluster [--quick | --full] [--rows N] [--warmup-rows N] [--rounds N] [--failovers N]",
      "                     [--update-docs]",
      "       bin/benchmark --baseline-jar JAR [--quick | --full] [--rows N] [--warmup-rows N] [--rounds N]",
      "       bin/benchmark --tls | --authorization | --observability [--quick | --full] [--rows N]",
      "                     [--warmup-rows N]",
      "                     [--warmup-runs N] [--rounds N]",
      "                     [--server-cpus LIST --client-cpus LIST] [--update-docs]",
      "       bin/benchmark --bulk-load [--quick | --full] [--rows N] [--rounds N]",
      "                     [--server-cpus LIST --client-cpus LIST] [--update-docs]",
      "       bin/benchmark --capacity [--quick | --full] [--operations LIST]",
      "                     [--server-cpus LIST --client-cpus LIST] [--update-docs]",
      "  --quick            small sizes and short runs: checks the pipeline, measures nothing worth reading",
      "  --full             the published sizes (the default)",
      "  --suites LIST      which suites to run, comma-separated (default all: pe,ycsb,jmh)",
      "  --rows N           PerformanceEvaluation operations per client thread",
      "  --warmup-rows N    operations per client thread of the unmeasured PE run before each workload's",
      "                     rounds on each server (0 for none)",
      "  --warmup-runs N    most times that warm-up run is made on a server whose JIT compilers are still busy",
      "  --rounds N         PerformanceEvaluation rounds per server (the median is reported)",
      "  --launches N       times each server is launched and timed to its first put (the median is reported)",
      "  --ycsb-records N   YCSB records loaded",
      "  --ycsb-operations N  YCSB operations per workload",
      "  --server-cpus LIST run the servers (and the storage microbenchmarks) on these CPUs only, with taskset's",
      "                     CPU list syntax (0-3, 0,2); by default clients and servers share every core",
      "  --client-cpus LIST run the client JVMs (PE, YCSB) on these CPUs only",
      "  --update-docs      also write the table into docs/benchmarks.md between its markers",
      "  --cluster          instead of HBase: the single node against a 3-node cluster on loopback (PE writes,",
      "                     reads, scan and increment, alternating rounds), then failover times of killed leaders",
      "  --failovers N      with --cluster: how many times the leader of the most tablets is killed (0 for none)",
      "  --baseline-jar JAR instead of HBase: the single node of another build's server jar against this build's,",
      "                     with the same workloads and rounds as --cluster",
      "  --tls              instead: Basalt and HBase each plaintext and with TLS only (client certificates",
      "                     required), four servers side by side, with the default run's single-row put and get",
      "                     (PE randomWrite, randomRead), and what TLS cost each in percent",
      "  --authorization    instead: Basalt and HBase each without and with permission checks",
      "                     (hbase.security.authorization, HBase with its AccessController), the client a user with",
      "                     grants, as --tls runs them, and what the checks cost each in percent",
      "  --observability    instead: Basalt and HBase each unwatched and watched (status pages, /jmx, /prometheus",
      "                     and Basalt's Key Visualizer data read every second, the Key Visualizer on), as --tls",
      "                     runs them, and what being watched cost each in percent",
      "  --bulk-load        instead: HFiles written by HBase's writer (--rows rows of 1,000 bytes), loaded by",
      "                     HBase's BulkLoadHFilesTool into Basalt and into HBase, and the same cells written by",
      "                     puts into each, every load into a fresh table and checked, --rounds rounds",
      "  --capacity         instead: each server's capacity under the lean load generator (benchmarks/",
      "                     load-generator): every operation's answers checked on both, then per operation",
      "                     each server flat out and at fixed shares of that, alternating; the highest rate",
      "                     sustained with p99 within 5 ms and 20 ms, and server CPU per call",
      "  --operations LIST  with --capacity: which operations (get, put, scan100, multiget100, multiput100,",
      "                     increment, checkandput; default all)");

  public static RunOptions parse(String[] args) {
    Deque<String> rest = new ArrayDeque<>(List.of(args));
    Path root = null;
    String commit = "unknown";
    String mode = "full";
    Integer rows = null;
    Integer warmupRows = null;
    Integer warmupRuns = null;
    Integer rounds = null;
    Integer launches = null;
    Integer ycsbRecords = null;
    Integer ycsbOperations = null;
    Set<String> suites = new LinkedHashSet<>(ALL_SUITES);
    boolean updateDocs = false;
    String serverCpus = null;
    String clientCpus = null;
    boolean cluster = false;
    Path baselineJar = null;
    Integer failovers = null;
    FeatureRun feature = FeatureRun.NONE;
    int featuresGiven = 0;
    boolean suitesGiven = false;
    boolean bulkLoad = false;
    boolean capacity = false;
    List<String> operations = null;
    while (!rest.isEmpty()) {
      String arg = rest.pop();
      switch (arg) {
        case "--root" -> root = Path.of(value(arg, rest)).toAbsolutePath().normalize();
        case "--commit" -> commit = value(arg, rest);
        case "--quick" -> mode = "quick";
        case "--full" -> mode = "full";
        case "--mode" -> mode = value(arg, rest);
        case "--rows" -> rows = positive(arg, rest);
        case "--warmup-rows" -> warmupRows = number(arg, rest, 0);
        case "--warmup-runs" -> warmupRuns = positive(arg, rest);
        case "--rounds" -> rounds = positive(arg, rest);
        case "--launches" -> launches = positive(arg, rest);
        case "--ycsb-records" -> ycsbRecords = positive(arg, rest);
        case "--ycsb-operations" -> ycsbOperations = positive(arg, rest);
        case "--update-docs" -> updateDocs = true;
        case "--server-cpus" -> serverCpus = value(arg, rest);
        case "--client-cpus" -> clientCpus = value(arg, rest);
        case "--cluster" -> cluster = true;
        case "--baseline-jar" -> baselineJar = Path.of(value(arg, rest)).toAbsolutePath().normalize();
        case "--failovers" -> failovers = number(arg, rest, 0);
        case "--bulk-load" -> bulkLoad = true;
        case "--capacity" -> capacity = true;
        case "--operations" -> operations = List.of(value(arg, rest).split(","));
        case "--tls", "--authorization", "--observability" -> {
          featuresGiven++;
          feature = FeatureRun.valueOf(arg.substring(2).toUpperCase(Locale.ROOT));
        }
        case "--suites" -> {
          suitesGiven = true;
          suites = new LinkedHashSet<>(List.of(value(arg, rest).split(",")));
          if (!ALL_SUITES.containsAll(suites)) {
            throw new IllegalArgumentException("--suites takes some of " + ALL_SUITES + ", not " + suites);
          }
        }
        default -> throw new IllegalArgumentException("unknown argument " + arg);
      }
    }
    if (root == null) {
      throw new IllegalArgumentException("--root is required (bin/benchmark passes it)");
    }
    BenchmarkPlan plan = BenchmarkPlan.named(mode);
    if (rows != null) {
      plan = plan.withPeRows(rows);
    }
    if (warmupRows != null) {
      plan = plan.withPeWarmupRows(warmupRows);
    }
    if (warmupRuns != null) {
      plan = plan.withPeWarmupRunsAtMost(warmupRuns);
    }
    if (rounds != null) {
      plan = plan.withRounds(rounds);
    }
    if (launches != null) {
      plan = plan.withLaunches(launches);
    }
    if (ycsbRecords != null || ycsbOperations != null) {
      plan = plan.withYcsbCounts(ycsbRecords != null ? ycsbRecords : plan.ycsb().records(),
          ycsbOperations != null ? ycsbOperations : plan.ycsb().operations());
    }
    ClusterPlan clusterPlan = ClusterPlan.named(mode);
    if (cluster || baselineJar != null) {
      if (cluster && baselineJar != null) {
        throw new IllegalArgumentException("--cluster and --baseline-jar are two runs: give one");
      }
      if (serverCpus != null || clientCpus != null) {
        throw new IllegalArgumentException("--cluster and --baseline-jar share every core; they take no CPU lists");
      }
      if (baselineJar != null && updateDocs) {
        throw new IllegalArgumentException("--baseline-jar writes its report to benchmarks/target/results only");
      }
      if (rows != null) {
        clusterPlan = clusterPlan.withRows(rows);
      }
      if (warmupRows != null) {
        clusterPlan = clusterPlan.withWarmupRows(warmupRows);
      }
      if (rounds != null) {
        clusterPlan = clusterPlan.withRounds(rounds);
      }
    } else if (failovers != null) {
      throw new IllegalArgumentException("--failovers goes with --cluster");
    }
    int runs = featuresGiven + (cluster || baselineJar != null ? 1 : 0) + (bulkLoad ? 1 : 0) + (capacity ? 1 : 0);
    if (runs > 1) {
      throw new IllegalArgumentException("--tls, --authorization, --observability, --cluster, --baseline-jar, "
          + "--bulk-load and --capacity are separate runs: give one");
    }
    CapacityPlan capacityPlan = CapacityPlan.named(mode);
    if (capacity) {
      if (suitesGiven || launches != null || warmupRows != null || warmupRuns != null || ycsbRecords != null
          || ycsbOperations != null || rows != null || rounds != null) {
        throw new IllegalArgumentException("--capacity sizes its own steps: of the options it takes only "
            + "--quick or --full and --operations");
      }
      if (operations != null) {
        capacityPlan = capacityPlan.withOperations(operations);
      }
    } else if (operations != null) {
      throw new IllegalArgumentException("--operations goes with --capacity");
    }
    BulkLoadPlan bulkLoadPlan = BulkLoadPlan.named(mode);
    if (bulkLoad) {
      if (suitesGiven || launches != null || warmupRows != null || warmupRuns != null || ycsbRecords != null
          || ycsbOperations != null) {
        throw new IllegalArgumentException("--bulk-load makes its own loads on servers launched once: of the sizes "
            + "it takes only --rows (rows written) and --rounds");
      }
      if (rows != null) {
        bulkLoadPlan = bulkLoadPlan.withRows(rows);
      }
      if (rounds != null) {
        bulkLoadPlan = bulkLoadPlan.withRounds(rounds);
      }
    }
    if (feature != FeatureRun.NONE && (suitesGiven || launches != null || ycsbRecords != null
        || ycsbOperations != null)) {
      throw new IllegalArgumentException(feature.flag() + " runs PerformanceEvaluation's put "
          + "and get only, on servers launched once: it takes no --suites, --launches, --ycsb-records or "
          + "--ycsb-operations");
    }
    if (failovers != null) {
      clusterPlan = clusterPlan.withFailovers(failovers);
    }
    return new RunOptions(root, commit, plan, suites, new CpuPlacement(serverCpus, clientCpus), updateDocs, cluster,
        baselineJar, clusterPlan, feature, bulkLoad, bulkLoadPlan, capacity, capacityPlan);
  }

  private static String value(String flag, Deque<String> rest) {
    if (rest.isEmpty()) {
      throw new IllegalArgumentException(flag + " needs a value");
    }
    return rest.pop();
  }

  private static int positive(String flag, Deque<String> rest) {
    return number(flag, rest, 1);
  }

  private static int number(String flag, Deque<String> rest, int least) {
    String text = value(flag, rest);
    try {
      int number = Integer.parseInt(text.replace("_", "").replace(",", ""));
      if (number >= least) {
        return number;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException(flag + " takes a whole number of at least " + least + ", not " + text);
  }

  public boolean runs(String suite) {
    return suites.contains(suite);
  }
}
