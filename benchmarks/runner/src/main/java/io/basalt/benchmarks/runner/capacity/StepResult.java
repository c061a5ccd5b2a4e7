package io.basalt.benchmarks.runner.capacity;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One generator run's {@code RESULT} line, read back: its calls a second, latency percentiles, failures, wrong
 * answers, whether a fixed rate overloaded the server, and the client's and server's CPU per call.
 */
record StepResult(String operation, double offered, double callsPerSecond, double p50Micros, double p99Micros,
    double p999Micros, long failed, long wrong, boolean overloaded, double clientCpuMicros,
    double serverCpuMicros, String problem) {

  /** The last RESULT line of {@code output}, for a run offered {@code offered} calls a second (0: flat out). */
  static StepResult parse(List<String> output, double offered) {
    String line = null;
    for (String candidate : output) {
      if (candidate.startsWith("RESULT ")) {
        line = candidate;
      }
    }
    if (line == null) {
      throw new IllegalStateException("the load generator printed no RESULT line");
    }
    Map<String, String> fields = new LinkedHashMap<>();
    for (String pair : line.substring("RESULT ".length()).split(" ")) {
      int equals = pair.indexOf('=');
      fields.put(pair.substring(0, equals), pair.substring(equals + 1));
    }
    return new StepResult(fields.get("operation"), offered, number(fields, "calls_per_second"),
        number(fields, "p50_us"), number(fields, "p99_us"), number(fields, "p999_us"),
        (long) number(fields, "failed"), (long) number(fields, "wrong"), Boolean.parseBoolean(fields.get("overloaded")),
        number(fields, "client_cpu_us_per_call"), number(fields, "server_cpu_us_per_call"),
        fields.getOrDefault("first_problem", "").replace('_', ' '));
  }

  private static double number(Map<String, String> fields, String key) {
    String value = fields.get(key);
    if (value == null) {
      throw new IllegalStateException("the RESULT line has no " + key);
    }
    return Double.parseDouble(value);
  }

  /** Whether the server kept up with a fixed rate: no failures, not overloaded, and 95% of the calls answered. */
  boolean sustained() {
    return failed == 0 && wrong == 0 && !overloaded && callsPerSecond >= 0.95 * offered;
  }
}
