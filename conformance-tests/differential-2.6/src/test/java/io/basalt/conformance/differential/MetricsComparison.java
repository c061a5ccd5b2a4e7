package io.basalt.conformance.differential;

import io.basalt.conformance.differential.MetricNames.Attribute;
import io.basalt.conformance.differential.MetricNames.Bucket;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import org.apache.hbase.thirdparty.com.google.gson.JsonElement;
import org.apache.hbase.thirdparty.com.google.gson.JsonPrimitive;

/**
 * Basalt's metrics held against HBase 2.6.4's, every difference collected as one line, so that a failure lists them
 * all: names Basalt serves must be HBase's (Basalt may serve fewer), the dashboards' names must be on both, and the
 * counts a workload moves must move alike.
 */
final class MetricsComparison {
  private static final Set<String> NOT_FINITE = Set.of("NaN", "Infinity", "-Infinity");

  private final List<String> differences = new ArrayList<>();

  /** A difference found without comparing, such as a page Basalt does not serve; said once however often found. */
  void add(String difference) {
    if (!differences.contains(difference)) {
      differences.add(difference);
    }
  }

  /**
   * Every HBase bean Basalt serves must be one of HBase's, and each of its attributes one of that bean's (with a
   * value of the same JSON kind), or a range bucket (see {@link MetricNames}) of one of that bean's histograms.
   * {@code hbase} are all the readings of HBase's /jmx taken, as the buckets it shows vary from one to the next.
   * Names of other tables than {@code table} (other test classes') are left out.
   */
  void jmxNames(JmxReading basalt, List<JmxReading> hbase, String table) {
    for (String bean : basalt.beanNames()) {
      if (bean.equals(MetricNames.BASALT) || !bean.startsWith("Hadoop:service=HBase,")
          || MetricNames.isOfAnotherTable(bean, table)) {
        continue;
      }
      Map<String, String> hbaseKinds = new LinkedHashMap<>();
      boolean hbaseHasBean = false;
      for (JmxReading reading : hbase) {
        hbaseHasBean |= reading.beanNames().contains(bean);
        reading.bean(bean).forEach((attribute, value) -> hbaseKinds.put(attribute, kind(value)));
      }
      if (!hbaseHasBean) {
        differences.add("/jmx: Basalt serves bean " + bean + ", HBase has none of that name");
        continue;
      }
      Set<String> notHBases = new TreeSet<>();
      Set<String> otherKinds = new TreeSet<>();
      basalt.bean(bean).forEach((attribute, value) -> {
        if (MetricNames.isOfAnotherTable(attribute, table)) {
          return;
        }
        String hbaseKind = hbaseKinds.get(attribute);
        if (hbaseKind == null && !isHBaseBucket(MetricNames.jmxBucket(attribute), hbaseKinds.keySet(),
            MetricNames::jmxBucket)) {
          notHBases.add(attribute);
        } else if (hbaseKind != null && !hbaseKind.equals(kind(value))) {
          otherKinds.add(attribute + " (" + kind(value) + ", HBase: " + hbaseKind + ")");
        }
      });
      if (!notHBases.isEmpty()) {
        differences.add("/jmx: bean " + bean + ": " + notHBases.size() + " attribute(s) HBase's bean lacks: "
            + String.join(", ", notHBases));
      }
      if (!otherKinds.isEmpty()) {
        differences.add("/jmx: bean " + bean + ": values of another kind than HBase's: "
            + String.join(", ", otherKinds));
      }
    }
  }

  /** The dashboards' /jmx names must be served by both; one HBase lacks is a mistake of this test's list. */
  void dashboardJmxNames(JmxReading basalt, JmxReading hbase, String table) {
    Map<String, List<String>> basaltLacks = new LinkedHashMap<>();
    for (Attribute attribute : DashboardMetrics.jmx(table)) {
      if (!hbase.has(attribute.bean(), attribute.name())) {
        differences.add("/jmx: HBase lacks dashboard attribute " + attribute + " (the test's list is wrong)");
      } else if (!basalt.has(attribute.bean(), attribute.name())) {
        basaltLacks.computeIfAbsent(attribute.bean(), unused -> new ArrayList<>()).add(attribute.name());
      }
    }
    basaltLacks.forEach((bean, names) -> differences.add("/jmx: Basalt lacks " + names.size()
        + " dashboard attribute(s) of bean " + bean + ": " + String.join(", ", names)));
  }

  /**
   * Every /prometheus name Basalt serves (but its own, {@code basalt_*}) must be one of HBase's, or a range bucket
   * of one of its histograms, with HBase's type and label names.
   */
  void prometheusNames(PrometheusReading basalt, PrometheusReading hbase, String table) {
    Set<String> notHBases = new TreeSet<>();
    for (String name : basalt.names()) {
      if (name.startsWith(MetricNames.BASALT_PROMETHEUS_PREFIX) || MetricNames.isOfAnotherTable(name, table)) {
        continue;
      }
      Optional<Bucket> bucket = hbase.type(name) == null ? MetricNames.prometheusBucket(name) : Optional.empty();
      if (bucket.isPresent() && isHBaseBucket(bucket, hbase.names(), MetricNames::prometheusBucket)) {
        // HBase's buckets are counters, labelled as their histogram's count is.
        compareKind(name, "counter", hbase.labelNames(bucket.get().histogram()), basalt);
      } else if (hbase.type(name) == null) {
        notHBases.add(name);
      } else {
        compareKind(name, hbase.type(name), hbase.labelNames(name), basalt);
      }
    }
    if (!notHBases.isEmpty()) {
      differences.add("/prometheus: " + notHBases.size() + " name(s) HBase does not serve: "
          + String.join(", ", notHBases));
    }
  }

  /** The dashboards' /prometheus names must be served by both; one HBase lacks is a mistake of this test's list. */
  void dashboardPrometheusNames(PrometheusReading basalt, PrometheusReading hbase, String table) {
    List<String> basaltLacks = new ArrayList<>();
    for (String name : DashboardMetrics.prometheus(table)) {
      if (hbase.type(name) == null) {
        differences.add("/prometheus: HBase lacks dashboard name " + name + " (the test's list is wrong)");
      } else if (basalt.type(name) == null) {
        basaltLacks.add(name);
      }
    }
    if (!basaltLacks.isEmpty()) {
      differences.add("/prometheus: Basalt lacks " + basaltLacks.size() + " dashboard name(s): "
          + String.join(", ", basaltLacks));
    }
  }

  /** The workload's counts must have grown alike; counts Basalt lacks are listed by bean. */
  void counts(Map<Attribute, Long> hbaseGrowth, Map<Attribute, Long> basaltGrowth) {
    Map<String, List<String>> basaltLacks = new LinkedHashMap<>();
    hbaseGrowth.forEach((attribute, hbase) -> {
      Long basalt = basaltGrowth.get(attribute);
      if (basalt == null) {
        basaltLacks.computeIfAbsent(attribute.bean(), unused -> new ArrayList<>())
            .add(attribute.name() + " (+" + hbase + ")");
      } else if (!Objects.equals(hbase, basalt)) {
        differences.add("count " + attribute + ": grew by " + hbase + " on HBase, by " + basalt + " on Basalt");
      }
    });
    basaltLacks.forEach((bean, counts) -> differences.add("counts Basalt lacks in bean " + bean
        + " (growth on HBase): " + String.join(", ", counts)));
  }

  List<String> differences() {
    return List.copyOf(differences);
  }

  /** All differences as one message, or null if there are none. */
  String message() {
    if (differences.isEmpty()) {
      return null;
    }
    return "Basalt's metrics differ from HBase 2.6.4's after the same workload (" + differences.size()
        + " difference(s)):\n  " + String.join("\n  ", differences);
  }

  private void compareKind(String name, String hbaseType, Set<String> hbaseLabels, PrometheusReading basalt) {
    if (!hbaseType.equals(basalt.type(name))) {
      differences.add("/prometheus: " + name + " is a " + basalt.type(name) + " on Basalt, a " + hbaseType
          + " on HBase");
    }
    for (String labels : basalt.labelNames(name)) {
      if (!hbaseLabels.contains(labels)) {
        differences.add("/prometheus: " + name + " has labels {" + labels + "} on Basalt, " + hbaseLabels
            + " on HBase");
      }
    }
  }

  /**
   * A JSON value's kind: number, string, boolean, object, array or null. HBase writes a double that is not finite
   * as a string, which is a number's kind all the same.
   */
  private static String kind(JsonElement value) {
    if (value.isJsonNull()) {
      return "null";
    } else if (value.isJsonObject()) {
      return "object";
    } else if (value.isJsonArray()) {
      return "array";
    }
    JsonPrimitive primitive = value.getAsJsonPrimitive();
    if (primitive.isNumber() || (primitive.isString() && NOT_FINITE.contains(primitive.getAsString()))) {
      return "number";
    }
    return primitive.isBoolean() ? "boolean" : "string";
  }

  /**
   * Whether {@code bucket} is one HBase could show: a range of HBase's for the kind, of a histogram HBase has,
   * which HBase has not shown buckets of the other kind for.
   */
  private static boolean isHBaseBucket(Optional<Bucket> bucket, Set<String> hbaseNames,
      Function<String, Optional<Bucket>> parse) {
    if (bucket.isEmpty() || !bucket.get().isHBaseRange() || !hbaseNames.contains(bucket.get().histogram())) {
      return false;
    }
    for (String name : hbaseNames) {
      Optional<Bucket> other = parse.apply(name);
      if (other.isPresent() && other.get().histogram().equals(bucket.get().histogram())
          && !other.get().kind().equals(bucket.get().kind())) {
        return false;
      }
    }
    return true;
  }
}
