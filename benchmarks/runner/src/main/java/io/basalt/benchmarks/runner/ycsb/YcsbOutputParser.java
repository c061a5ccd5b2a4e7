package io.basalt.benchmarks.runner.ycsb;

import io.basalt.benchmarks.runner.report.Measurement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the summary YCSB prints at the end of a phase: lines of the form {@code [SECTION], metric, value}, where
 * the section is {@code OVERALL} or an operation type (READ, UPDATE, INSERT, SCAN, READ-MODIFY-WRITE...). The
 * client must be run with {@code hdrhistogram.percentiles=50,99} so both percentiles are printed.
 */
public final class YcsbOutputParser {
  private static final Pattern LINE = Pattern.compile("^\\[([A-Z-]+)\\], ([^,]+), (\\S+)\\s*$");

  private YcsbOutputParser() {}

  public static YcsbResult parse(List<String> lines) {
    Map<String, Map<String, String>> sections = new LinkedHashMap<>();
    for (String line : lines) {
      Matcher matcher = LINE.matcher(line);
      if (matcher.matches()) {
        sections.computeIfAbsent(matcher.group(1), name -> new LinkedHashMap<>())
            .put(matcher.group(2).trim(), matcher.group(3));
      }
    }
    Map<String, String> overall = sections.remove("OVERALL");
    if (overall == null || !overall.containsKey("Throughput(ops/sec)") || !overall.containsKey("RunTime(ms)")) {
      return YcsbResult.failed("no [OVERALL] summary in YCSB's output");
    }
    double runSeconds = Double.parseDouble(overall.get("RunTime(ms)")) / 1000;
    Map<String, Measurement> operations = new LinkedHashMap<>();
    long errors = 0;
    for (Map.Entry<String, Map<String, String>> section : sections.entrySet()) {
      String name = section.getKey();
      Map<String, String> metrics = section.getValue();
      for (Map.Entry<String, String> metric : metrics.entrySet()) {
        if (metric.getKey().startsWith("Return=") && !metric.getKey().equals("Return=OK")) {
          errors += Long.parseLong(metric.getValue());
        }
      }
      if (name.equals("CLEANUP") || name.endsWith("-FAILED") || !metrics.containsKey("Operations")) {
        continue;
      }
      double count = Double.parseDouble(metrics.get("Operations"));
      operations.put(name, Measurement.of(runSeconds > 0 ? count / runSeconds : Double.NaN,
          number(metrics, "50thPercentileLatency(us)"), number(metrics, "99thPercentileLatency(us)")));
    }
    double rate = Double.parseDouble(overall.get("Throughput(ops/sec)"));
    return new YcsbResult(Measurement.of(rate, Double.NaN, Double.NaN), rate * runSeconds, operations, errors, null);
  }

  private static double number(Map<String, String> metrics, String name) {
    String value = metrics.get(name);
    return value == null ? Double.NaN : Double.parseDouble(value);
  }
}
