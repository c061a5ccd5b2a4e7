package io.basalt.benchmarks.runner.jmh;

import io.basalt.benchmarks.runner.report.Measurement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads JMH's CSV results ({@code -rf csv}) of benchmarks run in both throughput and sample-time modes: the
 * throughput row gives operations per second, the sample-time percentile rows ({@code name:p0.50},
 * {@code name:p0.99}) give latencies. Scores are converted from whatever time unit JMH printed.
 */
public final class JmhCsvParser {
  private JmhCsvParser() {}

  /** Measurements by benchmark method name, in the order they appear. */
  public static Map<String, Measurement> parse(List<String> lines) {
    Map<String, Double> throughput = new LinkedHashMap<>();
    Map<String, Double> p50 = new HashMap<>();
    Map<String, Double> p99 = new HashMap<>();
    for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
      List<String> fields = fields(line);
      if (fields.size() < 7) {
        continue;
      }
      String label = fields.get(0);
      String mode = fields.get(1);
      double score = Double.parseDouble(fields.get(4));
      String unit = fields.get(6);
      String method = methodName(label);
      if (mode.equals("thrpt")) {
        throughput.put(method, score * operationsPerSecondFactor(unit));
      } else if (mode.equals("sample") && label.endsWith("p0.50")) {
        p50.put(method, score * microsecondsFactor(unit));
      } else if (mode.equals("sample") && label.endsWith("p0.99")) {
        p99.put(method, score * microsecondsFactor(unit));
      }
    }
    Map<String, Measurement> results = new LinkedHashMap<>();
    throughput.forEach((method, rate) -> results.put(method,
        Measurement.of(rate, p50.getOrDefault(method, Double.NaN), p99.getOrDefault(method, Double.NaN))));
    return results;
  }

  /** {@code pkg.Class.method} or {@code pkg.Class.method:p0.99} to {@code method}. */
  static String methodName(String label) {
    int colon = label.indexOf(':');
    String qualified = colon < 0 ? label : label.substring(0, colon);
    return qualified.substring(qualified.lastIndexOf('.') + 1);
  }

  private static double operationsPerSecondFactor(String unit) {
    return switch (unit) {
      case "ops/s" -> 1;
      case "ops/ms" -> 1e3;
      case "ops/us" -> 1e6;
      case "ops/ns" -> 1e9;
      default -> throw new IllegalArgumentException("unexpected throughput unit " + unit);
    };
  }

  private static double microsecondsFactor(String unit) {
    return switch (unit) {
      case "s/op" -> 1e6;
      case "ms/op" -> 1e3;
      case "us/op" -> 1;
      case "ns/op" -> 1e-3;
      default -> throw new IllegalArgumentException("unexpected time unit " + unit);
    };
  }

  /** Splits one CSV line; JMH quotes text fields and never puts quotes or commas inside them. */
  private static List<String> fields(String line) {
    List<String> fields = new ArrayList<>();
    for (String field : line.split(",", -1)) {
      fields.add(field.replace("\"", "").trim());
    }
    return fields;
  }
}
