package io.basalt.benchmarks.runner.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.ZonedDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;

class PairedReportTest {
  private static PairedResults results() {
    Environment environment = new Environment(2, 24L << 30, "Test CPU", "Linux 6", "OpenJDK 17", "0.1.0", "abc123",
        "2.6.4", "0.17.0", "1.37");
    PairedResults results = new PairedResults("Single node and 3-node cluster", "full", "single node",
        "3-node cluster", List.of("PE: 10 rows"), environment, ZonedDateTime.parse("2026-11-27T10:00:00Z"));
    results.load("at start 0.50 0.40 0.30");
    results.add(new PairedRounds("randomWrite", 1,
        List.of(Measurement.of(6000, 100, 900).withCpu(0.8, 50), Measurement.of(7000, 90, 800).withCpu(0.8, 40),
            Measurement.of(6500, 95, 850).withCpu(0.8, 45)),
        List.of(Measurement.of(2000, 400, 2000).withCpu(0.5, 300), Measurement.of(1500, 500, 3000).withCpu(0.5, 320),
            Measurement.of(1800, 450, 2500).withCpu(0.5, 310)),
        List.of(List.of(60.0, 200.0, 40.0), List.of(210.0, 50.0, 60.0), List.of(55.0, 45.0, 205.0)),
        List.of(0.5, 0.2, -1.0), List.of(0.1, 0.5, 0.3)));
    results.failover(new FailoverTimes(List.of(new FailoverTimes.Kill(2, 6, List.of(3100L, 3500L, 2900L), 20_000),
        new FailoverTimes.Kill(1, 6, List.of(4100L, 3300L), 18_000))));
    return results;
  }

  @Test
  void medianRangeAndRatioOfTheRounds() {
    PairedRounds row = results().rounds().get(0);

    assertEquals(6500, row.firstMedian().opsPerSecond());
    assertEquals(1800, row.secondMedian().opsPerSecond());
    assertEquals(1800 / 6500.0, row.throughputRatio().getAsDouble(), 1e-9);
    assertEquals(310 / 45.0, row.cpuRatio().getAsDouble(), 1e-9);
    assertEquals(List.of(205.0, 60.0, 45.0), row.secondProcessesBusiestFirst());
    // Rounds' CPU without compiling: first 25 and 32 (the third's share unknown), second 270, 160 and 217.
    assertEquals(28.5, row.firstCpuWithoutCompiling(), 1e-9);
    assertEquals(217, row.secondCpuWithoutCompiling(), 1e-9);
    String markdown = PairedReport.render(results());
    assertTrue(markdown.contains("| randomWrite | 1 | 6,500 | 6,000–7,000 | 1,800 | 1,500–2,000 | 0.28 |"),
        markdown);
    assertTrue(markdown.contains("| 45.0 / 310 | 6.89 | 28.5 / 217 | 205 / 60.0 / 45.0 |"), markdown);
    assertTrue(markdown.contains("Load average (1, 5, 15 min; from /proc/loadavg): at start 0.50 0.40 0.30"),
        markdown);
  }

  @Test
  void failoverIsSummarizedOverTabletsAndKills() {
    FailoverTimes failover = results().failover();

    assertEquals("2.90 s / 3.30 s / 4.10 s", FailoverTimes.summary(failover.allMillis()));
    assertEquals("3.50 s / 3.80 s / 4.10 s", FailoverTimes.summary(failover.worstPerKill()));
    String markdown = PairedReport.render(results());
    assertTrue(markdown.contains("| Kill to each affected tablet's next acknowledged write (5 tablets over 2 kills) "
        + "| 2.90 s / 3.30 s / 4.10 s | ≤ 5 s: met |"), markdown);
    assertTrue(markdown.contains("- node 2 (led 3 of 6 tablets): 3100, 3500, 2900 ms; restarted and ready in 20.0 s"),
        markdown);
  }

  @Test
  void aRunWithoutKillsHasNoFailoverSection() {
    PairedResults results = results();
    results.failover(null);

    assertFalse(PairedReport.render(results).contains("#### Failover"));
  }
}
