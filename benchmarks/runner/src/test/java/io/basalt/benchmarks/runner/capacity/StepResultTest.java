package io.basalt.benchmarks.runner.capacity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class StepResultTest {
  private static final String LINE = "RESULT operation=get mode=rate seconds=10.0 calls=99000 calls_per_second=9900"
      + " p50_us=180 p99_us=2400 p999_us=5100 max_us=9000 failed=0 wrong=0 overloaded=false"
      + " client_cpu_us_per_call=3.10 server_cpu_us_per_call=61.5";

  @Test
  void theGeneratorsLineIsReadBack() {
    StepResult result = StepResult.parse(List.of("starting", LINE), 10_000);

    assertEquals("get", result.operation());
    assertEquals(9_900, result.callsPerSecond());
    assertEquals(2_400, result.p99Micros());
    assertEquals(61.5, result.serverCpuMicros());
    assertEquals(3.1, result.clientCpuMicros());
    assertTrue(result.sustained(), "99% of the offered rate, nothing failed");
  }

  @Test
  void aStepIsSustainedOnlyIfAlmostEveryCallWasAnsweredAndNoneFailed() {
    assertFalse(StepResult.parse(List.of(LINE), 11_000).sustained());
    assertFalse(StepResult.parse(List.of(LINE.replace("failed=0", "failed=3")), 10_000).sustained());
    assertFalse(StepResult.parse(List.of(LINE.replace("overloaded=false", "overloaded=true")), 10_000).sustained());
    assertEquals("row 7 read as keyvalues=NONE", StepResult.parse(List.of(LINE + " first_problem=row_7_read_as"
        + "_keyvalues=NONE"), 10_000).problem());
    assertThrows(IllegalStateException.class, () -> StepResult.parse(List.of("no result"), 0));
  }

  @Test
  void capacityAtABoundIsTheHighestSustainedRateWithinIt() {
    StepResult fast = StepResult.parse(List.of(LINE), 10_000);
    StepResult slow = StepResult.parse(List.of(LINE.replace("calls_per_second=9900", "calls_per_second=19900")
        .replace("p99_us=2400", "p99_us=12000")), 20_000);
    StepResult lost = StepResult.parse(List.of(LINE.replace("calls_per_second=9900", "calls_per_second=20000")), 30_000);
    OperationCapacity capacity = new OperationCapacity("Basalt", "get", fast, List.of(fast, slow, lost));

    assertEquals(10_000, capacity.sustainedAt(5));
    assertEquals(20_000, capacity.sustainedAt(20));
    assertEquals(61.5, capacity.serverCpuMicros());
  }
}
