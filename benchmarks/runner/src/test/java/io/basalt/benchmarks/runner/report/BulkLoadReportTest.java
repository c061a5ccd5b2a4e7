package io.basalt.benchmarks.runner.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.ZonedDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;

class BulkLoadReportTest {
  private static final long ROWS = 1_000;

  private static LoadRun bulk(String system, int round, double seconds, int filesLeft) {
    return new LoadRun(system, LoadRun.BULK_LOAD, round, seconds, seconds - 2, seconds - 3, seconds * 1.5, 16,
        system.equals("Basalt") ? seconds : -1, seconds / 2, 4, ROWS, "none", filesLeft, null);
  }

  private static LoadRun puts(String system, int round, double seconds) {
    return new LoadRun(system, LoadRun.PUTS, round, seconds, seconds - 2, -1, -1, 0, -1, seconds, seconds * 2, ROWS,
        "none", 0, null);
  }

  private static LoadRun imported(int round, double seconds) {
    return new LoadRun("Basalt", LoadRun.SNAPSHOT_IMPORT, round, seconds, -1, -1, -1, 0, seconds - 4, seconds / 2, 6,
        ROWS, "none", 0, null);
  }

  private static BulkLoadResults results() {
    Environment environment = new Environment(2, 24L << 30, "Test CPU", "Linux 6", "OpenJDK 17", "0.1.0", "abc123",
        "2.6.4", "0.17.0", "1.37");
    BulkLoadResults results = new BulkLoadResults("full", List.of("Data: 1,000 rows"), environment,
        ZonedDateTime.parse("2026-11-28T10:00:00Z"), ROWS);
    results.input("16 HFiles", 2_000_000_000L);
    results.load("at start 1.00 1.00 1.00");
    results.add(bulk("Basalt", 1, 20, 0));
    results.add(bulk("HBase", 1, 10, 16));
    results.add(imported(1, 14));
    results.add(puts("Basalt", 1, 60));
    results.add(puts("HBase", 1, 120));
    results.add(bulk("HBase", 2, 12, 16));
    results.add(bulk("Basalt", 2, 30, 0));
    results.add(imported(2, 10));
    results.add(puts("HBase", 2, 100));
    results.add(new LoadRun("Basalt", LoadRun.PUTS, 2, 80, 78, -1, -1, 0, -1, 80, 160, ROWS - 1, "17", 0, null));
    results.note("Round 2, HBase puts: servers still busy after 120 s");
    return results;
  }

  @Test
  void eachLoadShowsItsMedianAndRangeAndTheChecksFindings() {
    String report = BulkLoadReport.render(results());

    assertTrue(report.startsWith("### Bulk load against puts, Basalt and HBase 2.6.4, run of 2026-11-28 (full mode)"),
        report);
    assertTrue(report.contains("| Basalt bulk load | 25.0 (20.0–30.0) | 23.0 (18.0–28.0) | 22.0 (17.0–27.0) | "
        + "37.5 (30.0–45.0) | 25.0 (20.0–30.0) | 80 | 12.5 (10.0–15.0) | 4.0 (4.0–4.0) | 1,000 rows, samples right |"),
        report);
    assertTrue(report.contains("| HBase bulk load | 11.0 (10.0–12.0) | 9.0 (8.0–10.0) | 8.0 (7.0–9.0) | "
        + "16.5 (15.0–18.0) | – | 182 |"), report);
    assertTrue(report.contains("| Basalt puts | 70.0 (60.0–80.0) |"), report);
    assertTrue(report.contains("| Basalt snapshot import | 12.0 (10.0–14.0) | – | – | – | 8.0 (6.0–10.0) | "
        + "167 | 6.0 (5.0–7.0) | 6.0 (6.0–6.0) | 1,000 rows, samples right |"), report);
    assertTrue(report.contains("| 1 | Basalt snapshot import | 14.0 | – | – | – | 10.0 | 7.0 | 6.0 | – | "
        + "1,000 rows, samples right |"), report);
    assertTrue(report.contains("round 2 WRONG: 999 of 1,000 rows counted, rows read back wrong: 17 |"), report);
    assertTrue(report.contains("| 1 | HBase bulk load | 10.0 | 8.0 | 7.0 | 15.0 | – | 5.0 | 4.0 | 16 | "
        + "1,000 rows, samples right |"), report);
    assertTrue(report.contains("| 2 | Basalt puts | 80.0 | 78.0 | – | – | – | 80.0 | 160.0 | – |"), report);
    assertTrue(report.contains("- Round 2, HBase puts: servers still busy after 120 s"), report);
  }

  @Test
  void theTargetsAreJudgedFromTheMediansWithTheSpanTheRoundsAllow() {
    String report = BulkLoadReport.render(results());

    assertTrue(report.contains("| Basalt's bulk load ≥ 5× its put path | missed | puts 70.0 s over bulk load 25.0 s "
        + "= 2.80× (rounds allow 2.00–4.00×) |"), report);
    assertTrue(report.contains("| Basalt's bulk load faster than HBase's | missed | HBase's bulk load 11.0 s over "
        + "Basalt's 25.0 s = 0.44× (rounds allow 0.33–0.60×) |"), report);
    assertTrue(report.contains("| Basalt's snapshot import ≥ 5× its put path | met | puts 70.0 s over import "
        + "12.0 s = 5.83× (rounds allow 4.29–8.00×) |"), report);
    assertTrue(report.contains("| Basalt's snapshot import faster than HBase's bulk load | missed | HBase's bulk "
        + "load 11.0 s over Basalt's import 12.0 s = 0.92× (rounds allow 0.71–1.20×) |"), report);
  }

  @Test
  void aFailedLoadIsLeftOutOfTheMediansAndSaidInItsRound() {
    List<LoadRun> runs = List.of(bulk("Basalt", 1, 20, 0), LoadRun.failed("Basalt", LoadRun.BULK_LOAD, 2,
        "exit status 1; see load.log"));

    assertEquals(20, LoadRun.median(runs, LoadRun::seconds));
    assertEquals("20.0 (20.0–20.0)", BulkLoadReport.spread(runs, LoadRun::seconds));
    assertFalse(runs.get(1).verified(ROWS));
    assertEquals("failed: exit status 1; see load.log", runs.get(1).verdict(ROWS));
    assertEquals("–", BulkLoadReport.spread(List.of(puts("HBase", 1, 5)), LoadRun::callSpanSeconds));
  }
}
