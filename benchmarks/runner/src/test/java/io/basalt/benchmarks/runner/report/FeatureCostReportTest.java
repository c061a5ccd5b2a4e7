package io.basalt.benchmarks.runner.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.ZonedDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;

class FeatureCostReportTest {
  private static final WithAndWithout BASALT = new WithAndWithout("Basalt",
      List.of(Measurement.of(6000, 100, 900).withCpu(0.8, 50), Measurement.of(7000, 90, 800).withCpu(0.8, 40)),
      List.of(Measurement.of(5000, 120, 1000).withCpu(0.8, 60), Measurement.of(6000, 110, 900).withCpu(0.8, 50)));
  private static final WithAndWithout HBASE = new WithAndWithout("HBase",
      List.of(Measurement.of(4000, 150, 1200).withCpu(0.6, 120), Measurement.of(4200, 140, 1100).withCpu(0.6, 110)),
      List.of(Measurement.failed("exit status 1; see pe.log"), Measurement.of(3900, 160, 1300).withCpu(0.6, 130)));

  private static FeatureResults results(String mode) {
    Environment environment = new Environment(2, 24L << 30, "Test CPU", "Linux 6", "OpenJDK 17", "0.1.0", "abc123",
        "2.6.4", "0.17.0", "1.37");
    FeatureResults results = new FeatureResults(Feature.TLS, mode, List.of("PE: 10 rows"), environment,
        ZonedDateTime.parse("2026-11-28T10:00:00Z"));
    results.add(new FeatureComparison("randomWrite", 1, List.of(BASALT, HBASE)));
    results.note("PerformanceEvaluation randomWrite × 1 round 1 on HBase TLS failed: exit status 1; see pe.log");
    return results;
  }

  @Test
  void whatTlsCostIsInPercentOfThePlaintextMedian() {
    assertEquals(100 * (1 - 5500 / 6500.0), BASALT.throughputLost().getAsDouble(), 1e-9);
    assertArrayEquals(new double[] {0, 100 * (1 - 5000 / 7000.0)}, BASALT.throughputLostSpan(), 1e-9);
    assertEquals(100 * (115 / 95.0 - 1), BASALT.p50Added().getAsDouble(), 1e-9);
    assertEquals(100 * (950 / 850.0 - 1), BASALT.p99Added().getAsDouble(), 1e-9);
    assertEquals(100 * (55 / 45.0 - 1), BASALT.serverCpuAdded().getAsDouble(), 1e-9);
    // A failed round leaves the median to the other, and one round left gives no span.
    assertEquals(100 * (1 - 3900 / 4100.0), HBASE.throughputLost().getAsDouble(), 1e-9);
    assertTrue(Double.isNaN(HBASE.throughputLostSpan()[0]));
  }

  @Test
  void eachServerHasItsRowAndEachSystemItsCost() {
    String markdown = FeatureCostReport.render(results("full"));

    assertTrue(markdown.startsWith("### TLS against plaintext, Basalt and HBase 2.6.4, run of 2026-11-28 (full mode)"),
        markdown);
    assertTrue(markdown.contains("| randomWrite | 1 | Basalt | 6,500 | 6,000–7,000 | 95.0 | 850 | 80% | 45.0 |\n"
        + "| randomWrite | 1 | Basalt TLS | 5,500 | 5,000–6,000 | 115 | 950 | 80% | 55.0 |\n"), markdown);
    assertTrue(markdown.contains("| randomWrite | 1 | HBase TLS | 3,900 | 3,900–3,900 | 160 | 1,300 | 60% | 130 |"),
        markdown);
    assertTrue(markdown.contains("| Workload | Threads | Basalt throughput lost | span | Basalt p50 added | "
        + "Basalt p99 added | Basalt server CPU/op added | HBase throughput lost | span |"), markdown);
    assertTrue(markdown.contains("| randomWrite | 1 | +15.4 % | +0.0 % to +28.6 % | +21.1 % | +11.8 % | +22.2 % | "
        + "+4.9 % | – | +10.3 % | +13.0 % | +13.0 % |"), markdown);
    assertTrue(markdown.contains("#### Notes\n\n- PerformanceEvaluation randomWrite × 1 round 1 on HBase TLS failed"),
        markdown);
  }

  /** The same report for permission checks names them where the TLS one names TLS. */
  @Test
  void anAuthorizationRunNamesItsFeature() {
    Environment environment = new Environment(2, 24L << 30, "Test CPU", "Linux 6", "OpenJDK 17", "0.1.0", "abc123",
        "2.6.4", "0.17.0", "1.37");
    FeatureResults results = new FeatureResults(Feature.AUTHORIZATION, "full", List.of("PE: 10 rows"), environment,
        ZonedDateTime.parse("2026-11-28T10:00:00Z"));
    results.add(new FeatureComparison("randomRead", 4, List.of(BASALT, HBASE)));
    String markdown = FeatureCostReport.render(results);
    assertTrue(markdown.startsWith("### Authorization against no permission checks, Basalt and HBase 2.6.4"),
        markdown);
    assertTrue(markdown.contains("#### Each server, unchecked and with authorization"), markdown);
    assertTrue(markdown.contains("| randomRead | 4 | Basalt authorization | 5,500 |"), markdown);
    assertTrue(markdown.contains("#### What authorization cost\n\nEach server with authorization against itself "
        + "without permission checks, in percent of its unchecked figure"), markdown);
  }

  @Test
  void aQuickRunSaysSo() {
    assertTrue(FeatureCostReport.render(results("quick")).contains(Format.QUICK_RUN_WARNING));
  }
}
