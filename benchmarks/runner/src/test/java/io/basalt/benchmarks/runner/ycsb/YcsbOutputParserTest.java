package io.basalt.benchmarks.runner.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.benchmarks.runner.report.Measurement;
import java.util.List;
import org.junit.jupiter.api.Test;

class YcsbOutputParserTest {
  private static final List<String> WORKLOAD_A = List.of(
      "Command line: -t -db io.basalt.benchmarks.ycsb.HBase2Client",
      "[OVERALL], RunTime(ms), 2000",
      "[OVERALL], Throughput(ops/sec), 500.0",
      "[CLEANUP], Operations, 4",
      "[CLEANUP], 50thPercentileLatency(us), 3",
      "[READ], Operations, 600",
      "[READ], AverageLatency(us), 1500.5",
      "[READ], 50thPercentileLatency(us), 1200",
      "[READ], 99thPercentileLatency(us), 9000",
      "[READ], Return=OK, 600",
      "[UPDATE], Operations, 400",
      "[UPDATE], 50thPercentileLatency(us), 1800",
      "[UPDATE], 99thPercentileLatency(us), 12000",
      "[UPDATE], Return=OK, 397",
      "[UPDATE], Return=ERROR, 3");

  @Test
  void readsTheOverallRateAndEachOperationsShare() {
    YcsbResult result = YcsbOutputParser.parse(WORKLOAD_A);

    assertTrue(result.ok());
    assertEquals(500.0, result.overallOpsPerSecond());
    assertEquals(List.of("READ", "UPDATE"), List.copyOf(result.operations().keySet()));
    Measurement read = result.operation("READ");
    assertEquals(300.0, read.opsPerSecond(), 1e-9);
    assertEquals(1200.0, read.p50Micros());
    assertEquals(9000.0, read.p99Micros());
    assertEquals(200.0, result.operation("UPDATE").opsPerSecond(), 1e-9);
  }

  @Test
  void theServersCpuIsSpreadOverEveryOperationOfThePhase() {
    YcsbResult result = YcsbOutputParser.parse(WORKLOAD_A).withCpu(0.6, 250_000);

    assertEquals(1000.0, result.overallOperations(), 1e-9, "500 operations a second for 2 s");
    assertEquals(250.0, result.overall().serverCpuPerOp().orElseThrow(), 1e-9);
    assertEquals(0.6, result.overall().clientShare().orElseThrow(), 1e-9);
    assertTrue(result.operation("READ").serverCpuPerOp().isEmpty(), "an operation type's row has no CPU figures");
    assertTrue(YcsbOutputParser.parse(WORKLOAD_A).withCpu(-1, -1).overall().serverCpuPerOp().isEmpty(),
        "unknown stays unknown");
  }

  @Test
  void countsOperationsThatDidNotReturnOk() {
    assertEquals(3, YcsbOutputParser.parse(WORKLOAD_A).errors());
  }

  @Test
  void outputWithoutASummaryIsAFailure() {
    YcsbResult result = YcsbOutputParser.parse(List.of("Exception in thread \"main\" java.lang.RuntimeException"));

    assertFalse(result.ok());
    assertFalse(result.operation("READ").ok());
  }
}
