package io.basalt.benchmarks.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.benchmarks.runner.bulkload.BulkLoadPlan;
import io.basalt.benchmarks.runner.capacity.CapacityPlan;
import io.basalt.benchmarks.runner.cluster.ClusterPlan;
import io.basalt.benchmarks.runner.process.CpuPlacement;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RunOptionsTest {
  @Test
  void theFullPlanIsTheDefault() {
    RunOptions options = RunOptions.parse(new String[] {"--root", "/tmp"});

    assertEquals("full", options.plan().mode());
    assertEquals(BenchmarkPlan.full(), options.plan());
    assertTrue(options.runs("pe") && options.runs("ycsb") && options.runs("jmh"));
    assertFalse(options.updateDocs());
    assertEquals(CpuPlacement.shared(), options.cpus());
    assertEquals(List.of(), options.cpus().serverLauncher());
    assertEquals(List.of(), options.cpus().clientLauncher());
  }

  @Test
  void serversAndClientsCanBeGivenCpusOfTheirOwn() {
    RunOptions options = RunOptions.parse(new String[] {"--root", "/tmp", "--server-cpus", "2-3",
        "--client-cpus", "0,1"});

    assertEquals(List.of("taskset", "-c", "2-3"), options.cpus().serverLauncher());
    assertEquals(List.of("taskset", "-c", "0,1"), options.cpus().clientLauncher());
    assertTrue(options.cpus().describe().contains("on CPUs 2-3, clients on CPUs 0,1"), options.cpus().describe());
    RunOptions serversOnly = RunOptions.parse(new String[] {"--root", "/tmp", "--server-cpus", "1"});
    assertEquals(List.of(), serversOnly.cpus().clientLauncher());
    assertTrue(serversOnly.cpus().describe().endsWith("on CPU 1, clients on every core"),
        serversOnly.cpus().describe());
  }

  @Test
  void sizesAndSuitesCanBeChosen() {
    RunOptions options = RunOptions.parse(new String[] {"--root", "/tmp", "--quick", "--suites", "pe,jmh",
        "--rows", "1_000", "--warmup-rows", "0", "--warmup-runs", "3", "--rounds", "3", "--launches", "5",
        "--ycsb-operations", "700", "--update-docs"});

    assertEquals("quick", options.plan().mode());
    assertEquals(1000, options.plan().peRowsPerThread());
    assertEquals(0, options.plan().peWarmupRowsPerThread());
    assertEquals(3, options.plan().peWarmupRunsAtMost());
    assertEquals(3, options.plan().rounds());
    assertEquals(5, options.plan().launches());
    assertEquals(700, options.plan().ycsb().operations());
    assertEquals(BenchmarkPlan.quick().ycsb().records(), options.plan().ycsb().records());
    assertFalse(options.runs("ycsb"));
    assertTrue(options.updateDocs());
  }

  @Test
  void theClusterRunTakesItsOwnPlanAndTheSizesGiven() {
    RunOptions options = RunOptions.parse(new String[] {"--root", "/tmp", "--cluster", "--quick", "--rows", "500",
        "--rounds", "2", "--failovers", "0", "--update-docs"});

    assertTrue(options.cluster());
    assertEquals(null, options.baselineJar());
    assertEquals(ClusterPlan.quick().withRows(500).withRounds(2).withFailovers(0), options.clusterPlan());
    assertTrue(options.updateDocs());
    RunOptions baseline = RunOptions.parse(new String[] {"--root", "/tmp", "--baseline-jar", "/tmp/old.jar"});
    assertFalse(baseline.cluster());
    assertEquals(Path.of("/tmp/old.jar"), baseline.baselineJar());
    assertEquals(ClusterPlan.full(), baseline.clusterPlan());
  }

  @Test
  void theTlsRunTakesTheDefaultRunsPeSizes() {
    RunOptions options = RunOptions.parse(new String[] {"--root", "/tmp", "--tls", "--quick", "--rows", "500",
        "--warmup-rows", "50", "--rounds", "3", "--server-cpus", "1", "--client-cpus", "0", "--update-docs"});

    assertEquals(FeatureRun.TLS, options.feature());
    assertFalse(options.cluster());
    assertEquals(BenchmarkPlan.quick().withPeRows(500).withPeWarmupRows(50).withRounds(3), options.plan());
    assertEquals(List.of("taskset", "-c", "1"), options.cpus().serverLauncher());
    assertTrue(options.updateDocs());
    assertEquals(FeatureRun.NONE, RunOptions.parse(new String[] {"--root", "/tmp"}).feature());
    RunOptions authorization = RunOptions.parse(new String[] {"--root", "/tmp", "--authorization", "--quick"});
    assertEquals(FeatureRun.AUTHORIZATION, authorization.feature());
    assertEquals(BenchmarkPlan.quick(), authorization.plan());
    RunOptions observability = RunOptions.parse(new String[] {"--root", "/tmp", "--observability", "--rounds", "5"});
    assertEquals(FeatureRun.OBSERVABILITY, observability.feature());
    assertEquals(BenchmarkPlan.full().withRounds(5), observability.plan());
  }

  @Test
  void mistakesAreRefused() {
    for (List<String> args : List.of(List.of("--root", "/tmp", "--rows", "0"),
        List.of("--root", "/tmp", "--warmup-rows", "-1"), List.of("--root", "/tmp", "--warmup-runs", "0"),
        List.of("--root", "/tmp", "--suites", "pe,tpcc"), List.of("--root", "/tmp", "--mode", "huge"),
        List.of("--rows", "10"), List.of("--root", "/tmp", "--bogus"),
        List.of("--root", "/tmp", "--server-cpus", "all"), List.of("--root", "/tmp", "--client-cpus", "0-"),
        List.of("--root", "/tmp", "--client-cpus"), List.of("--root", "/tmp", "--failovers", "3"),
        List.of("--root", "/tmp", "--cluster", "--baseline-jar", "/tmp/old.jar"),
        List.of("--root", "/tmp", "--cluster", "--server-cpus", "1"),
        List.of("--root", "/tmp", "--baseline-jar", "/tmp/old.jar", "--update-docs"),
        List.of("--root", "/tmp", "--cluster", "--failovers", "-1"),
        List.of("--root", "/tmp", "--tls", "--cluster"), List.of("--root", "/tmp", "--tls", "--authorization"),
        List.of("--root", "/tmp", "--authorization", "--cluster"),
        List.of("--root", "/tmp", "--authorization", "--suites", "pe"), List.of("--root", "/tmp", "--tls", "--baseline-jar", "/a.jar"),
        List.of("--root", "/tmp", "--tls", "--suites", "pe"), List.of("--root", "/tmp", "--tls", "--launches", "3"),
        List.of("--root", "/tmp", "--tls", "--ycsb-records", "10"),
        List.of("--root", "/tmp", "--tls", "--failovers", "1"),
        List.of("--root", "/tmp", "--observability", "--tls"),
        List.of("--root", "/tmp", "--observability", "--suites", "ycsb"))) {
      assertThrows(IllegalArgumentException.class, () -> RunOptions.parse(args.toArray(String[]::new)),
          args.toString());
    }
  }

  @Test
  void theBulkLoadRunTakesItsOwnPlanWithTheRowsAndRoundsGiven() {
    RunOptions options = RunOptions.parse(new String[] {"--root", "/tmp", "--bulk-load", "--quick", "--rows",
        "5_000", "--rounds", "2", "--update-docs"});

    assertTrue(options.bulkLoad());
    assertEquals(BulkLoadPlan.quick().withRows(5_000).withRounds(2), options.bulkLoadPlan());
    assertTrue(options.updateDocs());
    assertEquals(BulkLoadPlan.full(), RunOptions.parse(new String[] {"--root", "/tmp", "--bulk-load"})
        .bulkLoadPlan());
    assertFalse(RunOptions.parse(new String[] {"--root", "/tmp"}).bulkLoad());
    for (String other : List.of("--tls", "--cluster", "--suites")) {
      List<String> args = new ArrayList<>(List.of("--root", "/tmp", "--bulk-load", other));
      if (other.equals("--suites")) {
        args.add("pe");
      }
      assertThrows(IllegalArgumentException.class, () -> RunOptions.parse(args.toArray(String[]::new)),
          String.join(" ", args));
    }
  }

  @Test
  void theCapacityRunTakesItsOwnPlanAndTheOperationsGiven() {
    RunOptions options = RunOptions.parse(new String[] {"--root", "/tmp", "--capacity", "--quick", "--operations",
        "get,scan100"});

    assertTrue(options.capacity());
    assertEquals(CapacityPlan.named("quick").withOperations(List.of("get", "scan100")), options.capacityPlan());
    assertEquals(CapacityPlan.named("full"), RunOptions.parse(new String[] {"--root", "/tmp", "--capacity"})
        .capacityPlan());
    for (List<String> wrong : List.of(List.of("--capacity", "--bulk-load"), List.of("--capacity", "--rows", "5"),
        List.of("--capacity", "--operations", "delete"), List.of("--operations", "get"))) {
      List<String> args = new ArrayList<>(List.of("--root", "/tmp"));
      args.addAll(wrong);
      assertThrows(IllegalArgumentException.class, () -> RunOptions.parse(args.toArray(String[]::new)),
          String.join(" ", args));
    }
  }
}
