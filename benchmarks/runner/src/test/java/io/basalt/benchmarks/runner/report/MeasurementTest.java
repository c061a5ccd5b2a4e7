package io.basalt.benchmarks.runner.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import org.junit.jupiter.api.Test;

class MeasurementTest {
  @Test
  void theMedianIsTakenMetricByMetricOverTheRoundsThatWorked() {
    Measurement median = Measurement.median(List.of(
        Measurement.of(100, 10, 90),
        Measurement.failed("killed"),
        Measurement.of(300, 30, 50),
        Measurement.of(200, 20, 70)));

    assertEquals(200, median.opsPerSecond());
    assertEquals(20, median.p50Micros());
    assertEquals(70, median.p99Micros());
  }

  @Test
  void anEvenNumberOfRoundsAveragesTheMiddleTwo() {
    assertEquals(150, Measurement.median(List.of(Measurement.of(100, 1, 1), Measurement.of(200, 1, 1)))
        .opsPerSecond());
  }

  @Test
  void whenEveryRoundFailedTheFirstFailureStands() {
    Measurement median = Measurement.median(List.of(Measurement.failed("first"), Measurement.failed("second")));

    assertFalse(median.ok());
    assertEquals("first", median.failure());
  }
}
