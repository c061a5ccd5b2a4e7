package io.basalt.benchmarks.runner.pe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.benchmarks.runner.report.Measurement;
import java.util.List;
import org.junit.jupiter.api.Test;

class PeOutputParserTest {
  /** The shape of PE 2.6's log for a two-thread run, as the runner's log layout prints it. */
  private static final List<String> TWO_THREADS = List.of(
      "23:05:19 INFO  PerformanceEvaluation: Created 2 connections for 2 threads",
      "23:05:20 INFO  PerformanceEvaluation: Test : RandomReadTest, Thread : TestClient-1",
      "23:05:20 INFO  PerformanceEvaluation: Latency (us) : mean=310.50, min=90.00, max=9000.00, stdDev=40.00, "
          + "50th=250.00, 75th=300.00, 95th=700.00, 99th=1200.00, 99.9th=8000.00, 99.99th=9000.00, "
          + "99.999th=9000.00",
      "23:05:20 INFO  PerformanceEvaluation: Num measures (latency) : 999",
      "50th      = 250.00",
      "99th      = 1200.00",
      "23:05:20 INFO  PerformanceEvaluation: ValueSize (bytes) : mean=1000.00, min=1000.00, max=1000.00, "
          + "stdDev=0.00, 50th=1000.00, 75th=1000.00, 95th=1000.00, 99th=1000.00, 99.9th=1000.00, "
          + "99.99th=1000.00, 99.999th=1000.00",
      "23:05:20 INFO  PerformanceEvaluation: Test : RandomReadTest, Thread : TestClient-0",
      "23:05:20 INFO  PerformanceEvaluation: Latency (us) : mean=350.00, min=95.00, max=7000.00, stdDev=50.00, "
          + "50th=270.00, 75th=320.00, 95th=800.00, 99th=1500.00, 99.9th=6000.00, 99.99th=7000.00, "
          + "99.999th=7000.00",
      "23:05:21 INFO  PerformanceEvaluation: [RandomReadTest] Summary of timings (ms): [400, 420]",
      "23:05:21 INFO  PerformanceEvaluation: [RandomReadTest duration ]\tMin: 400ms\tMax: 420ms\tAvg: 410ms",
      "23:05:21 INFO  PerformanceEvaluation: [ Avg latency (us)]\t330",
      "23:05:21 INFO  PerformanceEvaluation: [ Avg TPS/QPS]\t4881\t row per second");

  @Test
  void combinesTheThreadsHistograms() {
    Measurement measurement = PeOutputParser.parse(TWO_THREADS);

    assertTrue(measurement.ok(), measurement::toString);
    assertEquals(4881, measurement.opsPerSecond());
    assertEquals(260, measurement.p50Micros(), 1e-9);
    assertEquals(1500, measurement.p99Micros(), 1e-9);
  }

  @Test
  void aRunThatDiedBeforeItsSummaryIsAFailure() {
    Measurement measurement = PeOutputParser.parse(TWO_THREADS.subList(0, 5));

    assertFalse(measurement.ok());
    assertTrue(measurement.failure().contains("Avg TPS/QPS"));
  }
}
