package io.basalt.conformance.differential;

import static org.junit.jupiter.api.Assertions.fail;

import io.basalt.conformance.differential.MetricNames.Attribute;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.hbase.TableName;
import org.apache.hbase.thirdparty.com.google.gson.JsonElement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledIfSystemProperty;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Basalt's /jmx and /prometheus against real HBase 2.6.4's after the same known workload through the stock 2.6
 * client (see {@link MetricsWorkload}): the names Basalt serves must be HBase's (in the same beans; in /prometheus
 * with the same type and label names), the names dashboards use must be on both, and the counts the workload moves
 * (server-wide RPC and operation counts, the table's request counts, its region's operation counts) must grow by as
 * much on both. All differences are reported at once.
 *
 * <p>HBase's /jmx lags (see {@link SettledJmx}): its baseline comes from a snapshot made after the table was
 * created, and the reading after the workload is awaited until HBase's counts show the workload, which also proves
 * that this test knows what HBase counts. With {@code -Ddifferential.metrics.hbaseOnly=true} the test runs the
 * HBase side alone (Basalt is started all the same), prints what it read (in the class's
 * {@code target/surefire-reports/*-output.txt}, HBase's whole pages under {@code target/metrics-oracle}) and checks
 * only that HBase counts the workload as the test expects and serves the dashboards' names.
 *
 * <p>Left out of the cluster execution, as other classes with servers of their own are: a node's metrics are the
 * same code whatever the cluster's size.
 */
@DisabledIfSystemProperty(named = "basalt.conformance.cluster", matches = ".+",
    disabledReason = NotInClusterYet.OWN_SERVERS)
class MetricsOracleTest {
  private static final boolean HBASE_ONLY = Boolean.getBoolean("differential.metrics.hbaseOnly");
  /** A new snapshot comes every 10 s, and the first one that counts may come 16 s after the table is created. */
  private static final long SNAPSHOT_TIMEOUT_MILLIS = 40_000;
  /** The next snapshot plus a summing period, with room for a slow machine. */
  private static final long HBASE_WAIT_MILLIS = 45_000;
  /** Basalt is read after HBase has settled; this is only for a Basalt whose metrics lag as well. */
  private static final long BASALT_WAIT_MILLIS = 15_000;

  @RegisterExtension
  static final BasaltAndHBase SERVERS = BasaltAndHBase.shared();

  @Test
  void basaltServesHBasesMetricNamesAndCountsTheSameWorkloadAlike() throws Exception {
    TableName table = SERVERS.newTable("metrics");
    String name = table.getNameAsString();
    int hbasePort = SERVERS.hbaseInfoPort();
    MetricsComparison comparison = new MetricsComparison();

    MetricsWorkload.createTable(SERVERS.hbase(), table);
    if (!HBASE_ONLY) {
      MetricsWorkload.createTable(SERVERS.basalt(), table);
    }
    long created = System.nanoTime();
    JmxReading hbaseBefore = SettledJmx.snapshotAfter(hbasePort, created, SNAPSHOT_TIMEOUT_MILLIS);
    long baselineMillis = (System.nanoTime() - created) / 1_000_000;
    Optional<JmxReading> basaltBefore = HBASE_ONLY ? Optional.empty() : basaltJmx(comparison);

    String hbaseSaw = MetricsWorkload.run(SERVERS.hbase(), table);
    if (!HBASE_ONLY) {
      String basaltSaw = MetricsWorkload.run(SERVERS.basalt(), table);
      if (!basaltSaw.equals(hbaseSaw)) {
        comparison.add("the workload saw " + hbaseSaw + " on HBase, " + basaltSaw + " on Basalt");
      }
    }

    Map<Attribute, Long> expected = MetricsWorkload.hbaseDeltas(name);
    SettledJmx.Wait hbaseWait = SettledJmx.untilGrown(hbasePort, hbaseBefore, expected, HBASE_WAIT_MILLIS);
    JmxReading hbaseAfter = hbaseWait.reading();
    Map<Attribute, Long> hbaseGrowth = compared(expected, hbaseBefore, hbaseAfter, name);
    if (!hbaseWait.reached()) {
      comparison.add("HBase's counts did not grow as this test expects within " + HBASE_WAIT_MILLIS
          + " ms (its knowledge of HBase, or HBase's own background calls):" + unexpected(expected, hbaseGrowth));
    }
    PrometheusReading hbasePrometheus = PrometheusReading.read(hbasePort);

    if (HBASE_ONLY) {
      report(name, hbaseSaw, baselineMillis, hbaseWait, hbaseBefore, hbaseGrowth, expected, hbasePrometheus);
      savePages(hbasePort);
      comparison.dashboardJmxNames(hbaseAfter, hbaseAfter, name);
      comparison.dashboardPrometheusNames(hbasePrometheus, hbasePrometheus, name);
    } else {
      // A page Basalt does not serve is one difference, not one for every name on it.
      if (basaltBefore.isPresent()) {
        basaltJmxOnceGrown(comparison, basaltBefore.get(), hbaseGrowth).ifPresent(basaltAfter -> {
          comparison.jmxNames(basaltAfter, List.of(hbaseBefore, hbaseAfter), name);
          comparison.dashboardJmxNames(basaltAfter, hbaseAfter, name);
          comparison.counts(hbaseGrowth, SettledJmx.grown(basaltBefore.get(), basaltAfter, hbaseGrowth.keySet()));
          // What a pass rests on, for whoever reads the report.
          System.out.println("compared Basalt's /jmx: " + basaltAfter.beanNames().size() + " beans, "
              + basaltAfter.beanNames().stream().mapToInt(bean -> basaltAfter.bean(bean).size()).sum()
              + " attributes; " + hbaseGrowth.size() + " counts");
        });
      }
      basaltPrometheus(comparison).ifPresent(basalt -> {
        comparison.prometheusNames(basalt, hbasePrometheus, name);
        comparison.dashboardPrometheusNames(basalt, hbasePrometheus, name);
        System.out.println("compared Basalt's /prometheus: " + basalt.names().size() + " names");
      });
    }
    if (comparison.message() != null) {
      fail(comparison.message());
    }
  }

  /**
   * HBase's growth of the counts compared: those the test knows the growth of, and any other operation count of the
   * table's request bean that the workload moved (not those of what only HBase has, such as blocks read from files,
   * which it leaves at zero here).
   */
  private static Map<Attribute, Long> compared(Map<Attribute, Long> expected, JmxReading before, JmxReading after,
      String table) {
    Map<Attribute, Long> growth = SettledJmx.grown(before, after, expected.keySet());
    String requests = MetricNames.tableRequests(table);
    for (String name : after.bean(requests).keySet()) {
      Attribute attribute = new Attribute(requests, name);
      Long grown = after.since(before, attribute);
      if (name.endsWith("_num_ops") && !growth.containsKey(attribute) && grown != null && grown != 0) {
        growth.put(attribute, grown);
      }
    }
    return growth;
  }

  private static String unexpected(Map<Attribute, Long> expected, Map<Attribute, Long> growth) {
    StringBuilder text = new StringBuilder();
    expected.forEach((attribute, count) -> {
      if (!count.equals(growth.get(attribute))) {
        text.append("\n    ").append(attribute).append(": expected +").append(count).append(", HBase +")
            .append(growth.get(attribute));
      }
    });
    return text.toString();
  }

  /** Basalt's /jmx; empty, and a difference noted, if it does not serve it. */
  private static Optional<JmxReading> basaltJmx(MetricsComparison comparison) {
    try {
      return Optional.of(JmxReading.read(SERVERS.basaltInfoPort()));
    } catch (IOException e) {
      comparison.add("Basalt's /jmx: " + e.getMessage());
      return Optional.empty();
    }
  }

  /**
   * Basalt's /jmx once it shows HBase's growth of the counts it serves (waiting for one it lacks would be in vain),
   * or as it is after a short while if it never does.
   */
  private static Optional<JmxReading> basaltJmxOnceGrown(MetricsComparison comparison, JmxReading before,
      Map<Attribute, Long> hbaseGrowth) throws InterruptedException {
    try {
      JmxReading now = JmxReading.read(SERVERS.basaltInfoPort());
      Map<Attribute, Long> served = new LinkedHashMap<>();
      hbaseGrowth.forEach((attribute, count) -> {
        if (count != null && now.has(attribute.bean(), attribute.name())) {
          served.put(attribute, count);
        }
      });
      return Optional.of(SettledJmx.untilGrown(SERVERS.basaltInfoPort(), before, served, BASALT_WAIT_MILLIS)
          .reading());
    } catch (IOException e) {
      comparison.add("Basalt's /jmx: " + e.getMessage());
      return Optional.empty();
    }
  }

  /** Basalt's /prometheus; empty, and a difference noted, if it does not serve it. */
  private static Optional<PrometheusReading> basaltPrometheus(MetricsComparison comparison) {
    try {
      return Optional.of(PrometheusReading.read(SERVERS.basaltInfoPort()));
    } catch (IOException e) {
      comparison.add("Basalt's /prometheus: " + e.getMessage());
      return Optional.empty();
    }
  }

  /** HBase's whole /jmx and /prometheus as they are now, under {@code target/metrics-oracle}, to look into. */
  private static void savePages(int port) throws IOException {
    Path directory = Files.createDirectories(Path.of("target", "metrics-oracle"));
    Files.writeString(directory.resolve("hbase-jmx.json"), MetricsPages.get(port, "/jmx"));
    Files.writeString(directory.resolve("hbase-prometheus.txt"), MetricsPages.get(port, "/prometheus"));
    System.out.println("HBase's pages saved under " + directory.toAbsolutePath());
  }

  /** What the HBase-only run read, for checking the test's knowledge against HBase's. */
  private static void report(String table, String saw, long baselineMillis, SettledJmx.Wait wait,
      JmxReading before, Map<Attribute, Long> growth, Map<Attribute, Long> expected, PrometheusReading prometheus) {
    StringBuilder text = new StringBuilder("HBase side of MetricsOracleTest, table " + table + "\n");
    text.append("workload saw: ").append(saw).append('\n');
    text.append("baseline from a snapshot ").append(baselineMillis).append(" ms after creating the table\n");
    text.append("counts reached: ").append(wait.reached()).append(" after ").append(wait.millis()).append(" ms\n");
    text.append(String.format("%-90s %12s %12s %8s %8s%n", "attribute", "baseline", "after", "grown", "expected"));
    growth.forEach((attribute, grown) -> text.append(String.format("%-90s %12s %12s %8s %8s%n", attribute,
        before.number(attribute.bean(), attribute.name()), wait.reading().number(attribute.bean(), attribute.name()),
        grown, expected.get(attribute))));
    text.append("every other count that moved:\n");
    for (String bean : List.of(MetricNames.RS_SERVER, MetricNames.RS_TABLES, MetricNames.RS_REGIONS,
        MetricNames.tableRequests(table), MetricNames.RS_IPC, MetricNames.MASTER_SERVER)) {
      for (Map.Entry<String, JsonElement> entry : wait.reading().bean(bean).entrySet()) {
        Attribute attribute = new Attribute(bean, entry.getKey());
        Long grown = wait.reading().since(before, attribute);
        if (grown != null && grown != 0 && !growth.containsKey(attribute)) {
          text.append(String.format("  %-88s %12s %12s %8s%n", attribute, before.number(bean, entry.getKey()),
              wait.reading().number(bean, entry.getKey()), grown));
        }
      }
    }
    text.append("/jmx beans: ").append(wait.reading().beanNames().size()).append(", /prometheus names: ")
        .append(prometheus.names().size()).append('\n');
    System.out.print(text);
  }
}
