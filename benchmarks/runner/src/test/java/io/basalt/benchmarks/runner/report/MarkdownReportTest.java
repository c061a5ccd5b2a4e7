package io.basalt.benchmarks.runner.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class MarkdownReportTest {
  private static BenchmarkResults results(String mode) {
    Environment environment = new Environment(2, 24L << 30, "Test CPU", "Linux 6", "OpenJDK 17", "0.1.0", "abc123",
        "2.6.4", "0.17.0", "1.37");
    BenchmarkResults results = new BenchmarkResults(mode, List.of("PE: 10 rows"), environment,
        ZonedDateTime.parse("2026-11-23T10:00:00Z"), new PeakMemory());
    results.launchToFirstPut("Basalt", Duration.ofMillis(800));
    results.launchToFirstPut("HBase", Duration.ofMillis(20_000));
    results.memory().record("Basalt", "PerformanceEvaluation", 300L << 20);
    results.memory().record("HBase", "PerformanceEvaluation", 900L << 20);
    results.addPerformanceEvaluation(new Comparison("randomRead", 1,
        Measurement.of(4000, 200, 900).withCpu(0.5, 95.4), Measurement.of(1000, 700, 1800).withCpu(0.4, 310)));
    results.addPerformanceEvaluation(new Comparison("randomWrite", 1, Measurement.of(1500, 500, 4000),
        Measurement.of(1000, 800, 3000)));
    results.addYcsb(new Comparison("E (short ranges): overall", 4, Measurement.of(1900, Double.NaN, Double.NaN)
        .withCpu(0.7, 301), Measurement.of(2600, Double.NaN, Double.NaN).withCpu(0.6, 250)));
    results.addYcsb(new Comparison("E (short ranges): SCAN", 4, Measurement.of(1800, 2100, 9000),
        Measurement.of(2500, 1500, 8000)));
    results.addCeiling(new CeilingComparison("get", "randomRead", 1, Measurement.of(100_000, 8, 40),
        Measurement.of(4000, 200, 900)));
    return results;
  }

  private static Map<String, TargetCheck.Verdict> verdicts(BenchmarkResults results) {
    return TargetCheck.check(results).stream()
        .collect(Collectors.toMap(TargetCheck.Verdict::target, Function.identity()));
  }

  @Test
  void targetsAreJudgedFromTheMeasurements() {
    Map<String, TargetCheck.Verdict> verdicts = verdicts(results("full"));

    TargetCheck.Verdict throughput = verdicts.get("Basalt ≥ 2× HBase throughput on every PE workload");
    assertEquals("missed", throughput.outcome());
    assertTrue(throughput.evidence().contains("randomWrite × 1 1.50×"), throughput.evidence());
    assertEquals("missed", verdicts.get("Basalt p99 no worse than HBase's on every PE workload").outcome());
    assertEquals("met", verdicts.get("Launch to first put < 1 s").outcome());
    TargetCheck.Verdict ceiling =
        verdicts.get("Basalt within 2× of the storage ceiling for single-row reads and writes");
    assertEquals("missed", ceiling.outcome());
    assertTrue(ceiling.evidence().contains("randomRead × 1 at 1/25.00"), ceiling.evidence());
  }

  @Test
  void theReportHasEverySectionAndTheRatios() {
    String markdown = MarkdownReport.render(results("full"));

    assertTrue(markdown.contains("### Run of 2026-11-23 (full mode)"), markdown);
    assertTrue(markdown.contains("2 cores (Test CPU), 24.0 GiB memory"), markdown);
    assertTrue(markdown.contains("| Process launch to first acknowledged put | 0.80 s | 20.00 s |"), markdown);
    assertTrue(markdown.contains("| Peak resident memory under PerformanceEvaluation | 300 MiB | 900 MiB |"),
        markdown);
    assertTrue(markdown.contains("| randomRead | 1 | 4,000 | 1,000 | 4.00 | 200 | 900 | 700 | 1,800 | 0.50 | "
        + "50% / 40% | 95.4 / 310 |"), markdown);
    assertTrue(markdown.contains("| randomWrite | 1 | 1,500 | 1,000 | 1.50 | 500 | 4,000 | 800 | 3,000 | 1.33 | "
        + "– / – | – / – |"), markdown);
    assertTrue(markdown.contains("| E (short ranges): overall | 4 | 1,900 | 2,600 | 0.73 | – | – | – | – | – | "
        + "70% / 60% | 301 / 250 |"), markdown);
    assertTrue(markdown.contains("| E (short ranges): SCAN | 4 | 1,800 | 2,500 | 0.72 | 2,100 | 9,000 | 1,500 | "
        + "8,000 | 1.13 | – / – | – / – |"), markdown);
    assertTrue(markdown.contains("| get | randomRead | 1 | 100,000 | 8.0 | 40.0 | 4,000 | 25.00 |"), markdown);
    assertTrue(!markdown.contains("quick run"), markdown);
  }

  @Test
  void severalLaunchesAreJudgedByTheirMedian() {
    BenchmarkResults results = results("full");
    results.launchToFirstPut("Basalt", Duration.ofMillis(1_400)); // one slow launch among three
    results.launchToFirstPut("Basalt", Duration.ofMillis(900));
    results.launchToFirstPut("HBase", Duration.ofMillis(13_000));

    assertEquals(Duration.ofMillis(900), results.launchToFirstPut("Basalt"));
    assertEquals(Duration.ofMillis(16_500), results.launchToFirstPut("HBase"));
    TargetCheck.Verdict firstPut = verdicts(results).get("Launch to first put < 1 s");
    assertEquals("met", firstPut.outcome());
    assertEquals("Basalt 0.90 s, the median of 3 launches", firstPut.evidence());
    assertTrue(MarkdownReport.render(results).contains("| Process launch to first acknowledged put | "
        + "0.90 s (median of 3; 0.80 s–1.40 s) | 16.50 s (median of 2; 13.00 s–20.00 s) |"));
  }

  @Test
  void aQuickRunSaysItMeasuresNothing() {
    assertTrue(MarkdownReport.render(results("quick")).contains("fit only to check that the pipeline works"));
  }

  @Test
  void failedRunsShowAsFailedAndCountAsMisses() {
    BenchmarkResults results = results("full");
    results.addPerformanceEvaluation(new Comparison("scan", 4, Measurement.failed("exit status 1"),
        Measurement.of(1000, 1, 1)));

    assertTrue(MarkdownReport.render(results).contains("| scan | 4 | failed | 1,000 | – | failed | failed |"));
    assertTrue(verdicts(results).get("Basalt ≥ 2× HBase throughput on every PE workload").evidence()
        .contains("scan × 4 –×"));
  }
}
